//! The number inventory (issue 15): the prefixes numbers are sold under, the free numbers of a
//! prefix, and taking numbers out of it inside a purchase's transaction: a number can be taken
//! once, so of two buyers of the same number exactly one gets it.

use sqlx::{Any, AnyPool, Transaction};

/// (id, prefix as shown, the place or kind).
pub async fn prefixes(db: &AnyPool) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as("SELECT id, prefix, description FROM number_prefixes ORDER BY position").fetch_all(db).await
}

pub async fn prefix_exists(db: &AnyPool, prefix: i64) -> sqlx::Result<bool> {
    let found: Option<(i64,)> =
        sqlx::query_as("SELECT id FROM number_prefixes WHERE id = $1").bind(prefix).fetch_optional(db).await?;
    Ok(found.is_some())
}

/// Up to `limit` free numbers of a prefix, (id, number) in number order.
pub async fn free_numbers(db: &AnyPool, prefix: i64, limit: i64) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, number FROM available_numbers WHERE prefix_id = $1 ORDER BY number LIMIT $2")
        .bind(prefix)
        .bind(limit)
        .fetch_all(db)
        .await
}

pub async fn free_count(db: &AnyPool, prefix: i64) -> sqlx::Result<i64> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM available_numbers WHERE prefix_id = $1")
        .bind(prefix)
        .fetch_one(db)
        .await?;
    Ok(count)
}

/// Takes a free number of the prefix out of the inventory; None when it is no longer free (or
/// not of that prefix).
pub async fn take(tx: &mut Transaction<'_, Any>, prefix: i64, id: i64) -> sqlx::Result<Option<String>> {
    let taken: Option<(String,)> =
        sqlx::query_as("DELETE FROM available_numbers WHERE id = $1 AND prefix_id = $2 RETURNING number")
            .bind(id)
            .bind(prefix)
            .fetch_optional(&mut **tx)
            .await?;
    Ok(taken.map(|(number,)| number))
}

/// The destination prefixes no plan may send calls to.
pub async fn restricted_prefixes(db: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT prefix FROM restricted_prefixes ORDER BY prefix").fetch_all(db).await?;
    Ok(rows.into_iter().map(|(p,)| p).collect())
}
