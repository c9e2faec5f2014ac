//! Card orders and Direct Debit flows: each trip to a payment provider's hosted page, used at
//! most once (`claim`). Showing the card page or the billing details hands out the
//! user's live one again instead of adding a row each time.

use crate::store::CustomerId;
use sqlx::AnyPool;

use sqlx::{Any, Transaction};

use crate::providers::payments::{new_order_id, Journey, ORDER_LIFETIME_SECONDS, ORDER_REUSE_SECONDS};

/// The table and id column of a journey.
fn table(journey: Journey) -> (&'static str, &'static str) {
    match journey {
        Journey::CardOrder => ("card_orders", "order_id"),
        Journey::MandateFlow => ("direct_debit_flows", "flow_id"),
    }
}

/// The id of the customer's user's unused order (or flow) made within `ORDER_REUSE_SECONDS`,
/// so that at least half its life is left; else of a new one.
pub async fn live_or_new(
    db: &AnyPool,
    journey: Journey,
    customer: CustomerId,
    user: i64,
    now: i64,
) -> sqlx::Result<String> {
    let (table, id) = table(journey);
    let live: Option<(String,)> = sqlx::query_as(&format!(
        "SELECT {id} FROM {table}
         WHERE customer_id = $1 AND user_id = $2 AND completed_at IS NULL AND created_at >= $3 AND created_at <= $4
         ORDER BY created_at DESC, {id} LIMIT 1"
    ))
    .bind(customer)
    .bind(user)
    .bind(now - ORDER_REUSE_SECONDS)
    .bind(now)
    .fetch_optional(db)
    .await?;
    if let Some((live,)) = live {
        return Ok(live);
    }
    let new = new_order_id();
    sqlx::query(&format!("INSERT INTO {table} ({id}, customer_id, user_id, created_at) VALUES ($1, $2, $3, $4)"))
        .bind(&new)
        .bind(customer)
        .bind(user)
        .bind(now)
        .execute(db)
        .await?;
    Ok(new)
}

/// Marks a card order or mandate flow used: once, by the customer it was made for, while fresh
/// (within ORDER_LIFETIME_SECONDS). False when it is unknown, used, expired or another
/// customer's: a replayed answer changes nothing.
pub async fn claim(
    tx: &mut Transaction<'_, Any>,
    journey: Journey,
    id: &str,
    customer: CustomerId,
    now: i64,
) -> sqlx::Result<bool> {
    let (table, id_column) = table(journey);
    let sql = format!(
        "UPDATE {table} SET completed_at = $1
         WHERE {id_column} = $2 AND customer_id = $3 AND completed_at IS NULL AND created_at >= $4"
    );
    let claimed = sqlx::query(&sql)
        .bind(now)
        .bind(id)
        .bind(customer)
        .bind(now - ORDER_LIFETIME_SECONDS)
        .execute(&mut **tx)
        .await?;
    Ok(claimed.rows_affected() == 1)
}
