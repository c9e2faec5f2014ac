//! The call categories page (/categories): the customer's categories with their calls
//! (calls carry their category's name, written when the call is stored), where the routing uses
//! each (IVR keys and DTMF IVR keys), renaming (the calls follow) and deleting. Every statement
//! names the customer.

use crate::store::CustomerId;
use std::collections::HashMap;

use domain::scoring::CategoryUse;
use sqlx::{AnyConnection, AnyPool};

/// Calls in a category: since the time asked, and in all.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CategoryCalls {
    pub recent: i64,
    pub all: i64,
}

/// The customer's inbound calls by category name (lower case), in one pass over its calls.
pub async fn calls_by_category(
    db: &AnyPool,
    customer: CustomerId,
    since: i64,
) -> sqlx::Result<HashMap<String, CategoryCalls>> {
    let rows: Vec<(String, i64, i64)> = sqlx::query_as(
        "SELECT LOWER(category), COUNT(*), SUM(CASE WHEN started_at >= $2 THEN 1 ELSE 0 END) FROM calls
         WHERE customer_id = $1 AND direction = 'inbound' AND category <> '' GROUP BY LOWER(category)",
    )
    .bind(customer)
    .bind(since)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(name, all, recent)| (name, CategoryCalls { recent, all })).collect())
}

/// Where the routing uses the category: IVR keys and DTMF IVR keys, by menu and key.
pub async fn uses(db: &AnyPool, customer: CustomerId, category: i64) -> sqlx::Result<Vec<CategoryUse>> {
    let ivr: Vec<(String, String)> = sqlx::query_as(
        "SELECT i.description, k.key FROM ivr_keys k JOIN ivrs i ON i.id = k.ivr_id
         WHERE i.customer_id = $1 AND k.category_id = $2 ORDER BY LOWER(i.description), i.id, k.position",
    )
    .bind(customer)
    .bind(category)
    .fetch_all(db)
    .await?;
    let dtmf: Vec<(String, String)> = sqlx::query_as(
        "SELECT d.description, k.key FROM dtmf_ivr_keys k JOIN dtmf_ivrs d ON d.id = k.ivr_id
         WHERE d.customer_id = $1 AND k.category_id = $2 ORDER BY LOWER(d.description), d.id, k.position",
    )
    .bind(customer)
    .bind(category)
    .fetch_all(db)
    .await?;
    let key = |k: String| k.trim().to_string();
    Ok(ivr
        .into_iter()
        .map(|(name, k)| CategoryUse { kind: "IVR", name, key: key(k) })
        .chain(dtmf.into_iter().map(|(name, k)| CategoryUse { kind: "DTMF IVR", name, key: key(k) }))
        .collect())
}

/// Gives the calls filed under `old` the category's new name (one statement).
pub async fn rename_calls(db: &mut AnyConnection, customer: CustomerId, old: &str, new: &str) -> sqlx::Result<()> {
    if old == new {
        return Ok(());
    }
    sqlx::query("UPDATE calls SET category = $1 WHERE customer_id = $2 AND category = $3")
        .bind(new)
        .bind(customer)
        .bind(old)
        .execute(db)
        .await?;
    Ok(())
}

/// Deletes the customer's category; whether it was theirs.
pub async fn delete(db: &mut AnyConnection, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM call_categories WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(db)
        .await?;
    Ok(done.rows_affected() > 0)
}
