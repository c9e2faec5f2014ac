//! The number inventory: the prefixes numbers are sold under, the free numbers of a
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

/// Each prefix (id, prefix, free numbers now), in the inventory's order.
pub async fn prefix_stock(db: &AnyPool, now: i64) -> sqlx::Result<Vec<(i64, String, i64)>> {
    sqlx::query_as(
        "SELECT p.id, p.prefix,
            (SELECT COUNT(*) FROM available_numbers a WHERE a.prefix_id = p.id AND a.available_from <= $1) AS free
         FROM number_prefixes p ORDER BY p.position",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Up to `limit` free numbers of a prefix, (id, number) in number order (a released number
/// only once its quarantine is over).
pub async fn free_numbers(db: &AnyPool, prefix: i64, limit: i64, now: i64) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(
        "SELECT id, number FROM available_numbers WHERE prefix_id = $1 AND available_from <= $3
         ORDER BY number LIMIT $2",
    )
    .bind(prefix)
    .bind(limit)
    .bind(now)
    .fetch_all(db)
    .await
}

/// Takes a free number of the prefix out of the inventory; None when it is no longer free (or
/// not of that prefix, or still in quarantine).
pub async fn take(tx: &mut Transaction<'_, Any>, prefix: i64, id: i64, now: i64) -> sqlx::Result<Option<String>> {
    let taken: Option<(String,)> = sqlx::query_as(
        "DELETE FROM available_numbers WHERE id = $1 AND prefix_id = $2 AND available_from <= $3 RETURNING number",
    )
    .bind(id)
    .bind(prefix)
    .bind(now)
    .fetch_optional(&mut **tx)
    .await?;
    Ok(taken.map(|(number,)| number))
}

/// Puts a released number back on sale under its prefix from `from` (after its quarantine).
pub async fn put_back(tx: &mut Transaction<'_, Any>, prefix: i64, number: &str, from: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO available_numbers (prefix_id, number, available_from) VALUES ($1, $2, $3)
         ON CONFLICT (number) DO NOTHING",
    )
    .bind(prefix)
    .bind(number)
    .bind(from)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The destination prefixes no plan may send calls to.
pub async fn restricted_prefixes(db: &AnyPool) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT prefix FROM restricted_prefixes ORDER BY prefix").fetch_all(db).await?;
    Ok(rows.into_iter().map(|(p,)| p).collect())
}
