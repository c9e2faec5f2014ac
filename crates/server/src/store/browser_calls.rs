//! Test calls asked for from browser phones (`browser_calls`): each waits, under a one-time
//! token, for its phone's call to arrive at the engine.

use crate::store::CustomerId;
use sqlx::AnyPool;

/// How long a test call waits for its phone's call.
pub const WAITS_SECONDS: i64 = 60;
/// How long asked-for calls are kept (the per-minute limits count them).
const KEPT_SECONDS: i64 = 60 * 60;

/// A test call waiting for its phone's call.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Pending {
    pub customer_id: CustomerId,
    pub user_id: i64,
    pub routing_entry_id: i64,
    /// Unix seconds the routing reads instead of the call's own moment.
    pub routed_as_at: Option<i64>,
    pub test_note: String,
}

pub struct NewTestCall<'a> {
    pub token: &'a str,
    pub phone_id: &'a str,
    pub customer: CustomerId,
    pub user: i64,
    pub entry: i64,
    pub routed_as_at: Option<i64>,
    pub note: &'a str,
}

/// Stores a test call asked for at `now`, and forgets those older than an hour.
pub async fn insert(db: &AnyPool, call: &NewTestCall<'_>, now: i64) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM browser_calls WHERE created_at < $1").bind(now - KEPT_SECONDS).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO browser_calls (token, phone_id, customer_id, user_id, routing_entry_id, routed_as_at, test_note,
             created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(call.token)
    .bind(call.phone_id)
    .bind(call.customer)
    .bind(call.user)
    .bind(call.entry)
    .bind(call.routed_as_at)
    .bind(call.note)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// The test call waiting under `token` for `phone_id`'s call, taken once (None when unknown,
/// another phone's, used, or waited too long).
pub async fn take(db: &AnyPool, token: &str, phone_id: &str, now: i64) -> sqlx::Result<Option<Pending>> {
    let taken = sqlx::query(
        "UPDATE browser_calls SET used_at = $1
         WHERE token = $2 AND phone_id = $3 AND used_at IS NULL AND created_at >= $4",
    )
    .bind(now)
    .bind(token)
    .bind(phone_id)
    .bind(now - WAITS_SECONDS)
    .execute(db)
    .await?;
    if taken.rows_affected() != 1 {
        return Ok(None);
    }
    sqlx::query_as(
        "SELECT customer_id, user_id, routing_entry_id, routed_as_at, test_note FROM browser_calls WHERE token = $1",
    )
    .bind(token)
    .fetch_optional(db)
    .await
}

/// Calls asked for since `since`: the user's and the account's.
pub async fn asked_since(db: &AnyPool, customer: CustomerId, user: i64, since: i64) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT), CAST(COUNT(*) AS BIGINT)
         FROM browser_calls WHERE customer_id = $1 AND created_at >= $3",
    )
    .bind(customer)
    .bind(user)
    .bind(since)
    .fetch_one(db)
    .await
}

/// Test calls in progress: the user's and the account's.
pub async fn in_progress(db: &AnyPool, customer: CustomerId, user: i64) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT), CAST(COUNT(*) AS BIGINT)
         FROM calls WHERE customer_id = $1 AND direction = 'test' AND in_progress = 1",
    )
    .bind(customer)
    .bind(user)
    .fetch_one(db)
    .await
}
