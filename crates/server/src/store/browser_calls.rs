//! Calls asked for from browser phones (`browser_calls`): a test call of one of the account's
//! numbers or an agent's call out, each waiting under a one-time token for its phone's call to
//! arrive at the engine, then keeping where the call has been for the phone's page.

use crate::store::CustomerId;
use sqlx::AnyPool;

/// How long a test call waits for its phone's call.
pub const WAITS_SECONDS: i64 = 60;
/// How long asked-for calls are kept (the per-minute limits count them).
const KEPT_SECONDS: i64 = 60 * 60;

/// What a browser call is.
pub const TEST: &str = "test";
pub const OUT: &str = "out";

/// A browser call waiting for its phone's call.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Pending {
    pub customer_id: CustomerId,
    pub user_id: i64,
    /// `TEST` or `OUT`.
    pub kind: String,
    /// A test call's number (0 for a call out).
    pub routing_entry_id: i64,
    /// Unix seconds the routing reads instead of the call's own moment.
    pub routed_as_at: Option<i64>,
    pub test_note: String,
    /// A call out's number to ring (digits with the leading 0), the caller id it presents and
    /// the agent's outbound campaign.
    pub destination: String,
    pub caller_id: String,
    pub outbound_campaign_id: Option<i64>,
    /// A test call routed through the account's open draft.
    #[sqlx(try_from = "crate::db::Flag")]
    pub use_draft: bool,
}

pub struct NewBrowserCall<'a> {
    pub token: &'a str,
    pub phone_id: &'a str,
    pub customer: CustomerId,
    pub user: i64,
    pub kind: &'static str,
    pub entry: i64,
    pub routed_as_at: Option<i64>,
    pub note: &'a str,
    pub destination: &'a str,
    pub caller_id: &'a str,
    pub outbound_campaign_id: Option<i64>,
    pub use_draft: bool,
}

/// Where a browser call has been, for its phone's page.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Progress {
    pub used_at: Option<i64>,
    pub call_id: Option<i64>,
    /// A JSON list of texts.
    pub steps: String,
    #[sqlx(try_from = "crate::db::Flag")]
    pub ended: bool,
}

/// Stores a browser call asked for at `now`, and forgets those older than an hour.
pub async fn insert(db: &AnyPool, call: &NewBrowserCall<'_>, now: i64) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM browser_calls WHERE created_at < $1").bind(now - KEPT_SECONDS).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO browser_calls (token, phone_id, customer_id, user_id, routing_entry_id, routed_as_at, test_note,
             created_at, kind, destination, caller_id, outbound_campaign_id, use_draft)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(call.token)
    .bind(call.phone_id)
    .bind(call.customer)
    .bind(call.user)
    .bind(call.entry)
    .bind(call.routed_as_at)
    .bind(call.note)
    .bind(now)
    .bind(call.kind)
    .bind(call.destination)
    .bind(call.caller_id)
    .bind(call.outbound_campaign_id)
    .bind(crate::db::Flag(call.use_draft))
    .execute(&mut *tx)
    .await?;
    tx.commit().await
}

/// The browser call waiting under `token` for `phone_id`'s call, taken once (None when unknown,
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
        "SELECT customer_id, user_id, kind, routing_entry_id, routed_as_at, test_note, destination, caller_id,
                outbound_campaign_id, use_draft
         FROM browser_calls WHERE token = $1",
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

/// Browser calls in progress (test calls and calls out): the user's and the account's.
pub async fn in_progress(db: &AnyPool, customer: CustomerId, user: i64) -> sqlx::Result<(i64, i64)> {
    sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN user_id = $2 THEN 1 ELSE 0 END), 0) AS BIGINT), CAST(COUNT(*) AS BIGINT)
         FROM calls WHERE customer_id = $1 AND direction IN ('test', 'outbound') AND in_progress = 1",
    )
    .bind(customer)
    .bind(user)
    .fetch_one(db)
    .await
}

/// Notes the call a browser call became, and where it has been (`steps`, a JSON list).
/// `seq` numbers the notes of one call: an earlier note written late changes nothing.
pub async fn note_progress(
    db: &AnyPool,
    token: &str,
    call_id: i64,
    steps: &str,
    ended: bool,
    seq: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE browser_calls SET call_id = $1, steps = $2, ended = $3, progress_seq = $4
         WHERE token = $5 AND progress_seq < $4",
    )
    .bind(call_id)
    .bind(steps)
    .bind(i64::from(ended))
    .bind(seq)
    .bind(token)
    .execute(db)
    .await?;
    Ok(())
}

/// Where the user's browser call under `token` has been; None when it is not theirs.
pub async fn progress(db: &AnyPool, customer: CustomerId, user: i64, token: &str) -> sqlx::Result<Option<Progress>> {
    sqlx::query_as(
        "SELECT used_at, call_id, steps, ended FROM browser_calls WHERE token = $1 AND customer_id = $2 AND user_id = $3",
    )
    .bind(token)
    .bind(customer)
    .bind(user)
    .fetch_optional(db)
    .await
}
