//! Routing drafts (docs/routing-drafts.md): the account's open draft, the records it changes
//! (each the domain's `RoutingRecord` as JSON, with the live state it was drafted from), and
//! its schedule. Every query is scoped by customer or by a draft found through it.

use domain::routing::draft::DraftRecord;
use domain::routing::history::{RecordKey, RecordKind, RoutingRecord};
use sqlx::{AnyConnection, FromRow};

use crate::store::CustomerId;

/// A draft as stored.
#[derive(Debug, Clone, FromRow)]
pub struct DraftRow {
    pub id: i64,
    pub customer_id: CustomerId,
    pub opened_by_name: String,
    pub opened_at: i64,
    pub state: String,
    pub publish_at: Option<i64>,
    pub revert_at: Option<i64>,
    pub scheduled_by: Option<i64>,
    pub scheduled_by_name: String,
    pub published_at: Option<i64>,
    pub published_change: Option<i64>,
    pub reverted_at: Option<i64>,
    pub not_run_reason: String,
}

const DRAFT_COLUMNS: &str = "id, customer_id, opened_by_name, opened_at, state, publish_at, revert_at,
    scheduled_by, scheduled_by_name, published_at, published_change, reverted_at, not_run_reason";

/// The customer's open draft.
pub async fn open_draft(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Option<DraftRow>> {
    sqlx::query_as(&format!("SELECT {DRAFT_COLUMNS} FROM routing_drafts WHERE customer_id = $1 AND state = 'open'"))
        .bind(customer)
        .fetch_optional(conn)
        .await
}

/// The customer's published draft whose return to normal is still to come.
pub async fn returning(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Option<DraftRow>> {
    sqlx::query_as(&format!(
        "SELECT {DRAFT_COLUMNS} FROM routing_drafts
         WHERE customer_id = $1 AND state = 'published' AND revert_at IS NOT NULL ORDER BY id DESC LIMIT 1"
    ))
    .bind(customer)
    .fetch_optional(conn)
    .await
}

/// The customer's latest published draft whose return did not run (shown until the next
/// draft), or None.
pub async fn return_not_run(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Option<DraftRow>> {
    sqlx::query_as(&format!(
        "SELECT {DRAFT_COLUMNS} FROM routing_drafts
         WHERE customer_id = $1 AND state = 'done' AND not_run_reason <> ''
           AND id = (SELECT MAX(id) FROM routing_drafts WHERE customer_id = $1 AND state <> 'discarded')"
    ))
    .bind(customer)
    .fetch_optional(conn)
    .await
}

/// One of the customer's drafts.
pub async fn find(conn: &mut AnyConnection, customer: CustomerId, id: i64) -> sqlx::Result<Option<DraftRow>> {
    sqlx::query_as(&format!("SELECT {DRAFT_COLUMNS} FROM routing_drafts WHERE customer_id = $1 AND id = $2"))
        .bind(customer)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Opens a draft (the caller checked none is open; the unique index refuses a second).
pub async fn insert(
    conn: &mut AnyConnection,
    customer: CustomerId,
    user_id: i64,
    user_name: &str,
    at: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO routing_drafts (customer_id, opened_by, opened_by_name, opened_at, state)
         VALUES ($1, $2, $3, $4, 'open') RETURNING id",
    )
    .bind(customer)
    .bind(user_id)
    .bind(user_name)
    .bind(at)
    .fetch_one(conn)
    .await
}

#[derive(FromRow)]
struct RecordRow {
    record_kind: String,
    record_id: i64,
    base_state: Option<String>,
    draft_state: Option<String>,
    user_id: Option<i64>,
    user_name: String,
}

fn json(record: Option<&RoutingRecord>) -> Option<String> {
    record.map(|r| serde_json::to_string(r).expect("a record serialises"))
}

/// The records the draft changes, in the order they joined it. A row the domain can no longer
/// read (a kind or shape since removed) is left out.
pub async fn records(conn: &mut AnyConnection, draft: i64) -> sqlx::Result<Vec<DraftRecord>> {
    let rows: Vec<RecordRow> = sqlx::query_as(
        "SELECT record_kind, record_id, base_state, draft_state, user_id, user_name FROM routing_draft_records
         WHERE draft_id = $1 ORDER BY changed_at, record_kind, record_id",
    )
    .bind(draft)
    .fetch_all(conn)
    .await?;
    let state = |text: Option<String>| -> Result<Option<RoutingRecord>, ()> {
        text.map(|t| serde_json::from_str(&t).map_err(|_| ())).transpose()
    };
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let kind: RecordKind = serde_json::from_value(serde_json::Value::String(row.record_kind)).ok()?;
            Some(DraftRecord {
                key: RecordKey { kind, id: row.record_id },
                base: state(row.base_state).ok()?,
                state: state(row.draft_state).ok()?,
                user_id: row.user_id.unwrap_or(0),
                user_name: row.user_name,
            })
        })
        .collect())
}

/// How many records the draft changes.
pub async fn record_count(conn: &mut AnyConnection, draft: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM routing_draft_records WHERE draft_id = $1")
        .bind(draft)
        .fetch_one(conn)
        .await
}

/// Puts `record` in the draft (or its new state, keeping when it first joined).
pub async fn put_record(conn: &mut AnyConnection, draft: i64, record: &DraftRecord, at: i64) -> sqlx::Result<()> {
    let user = (record.user_id > 0).then_some(record.user_id);
    sqlx::query(
        "INSERT INTO routing_draft_records
           (draft_id, record_kind, record_id, base_state, draft_state, user_id, user_name, changed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (draft_id, record_kind, record_id) DO UPDATE SET
           base_state = excluded.base_state, draft_state = excluded.draft_state,
           user_id = excluded.user_id, user_name = excluded.user_name",
    )
    .bind(draft)
    .bind(record.key.kind.as_str())
    .bind(record.key.id)
    .bind(json(record.base.as_ref()))
    .bind(json(record.state.as_ref()))
    .bind(user)
    .bind(&record.user_name)
    .bind(at)
    .execute(conn)
    .await?;
    Ok(())
}

/// Takes the record `key` out of the draft.
pub async fn remove_record(conn: &mut AnyConnection, draft: i64, key: RecordKey) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM routing_draft_records WHERE draft_id = $1 AND record_kind = $2 AND record_id = $3")
        .bind(draft)
        .bind(key.kind.as_str())
        .bind(key.id)
        .execute(conn)
        .await?;
    Ok(())
}

/// Closes the open draft `id` as `state` ('discarded', or 'published' with its publish's first
/// change, or 'done' when it was published with no return to come). False when it was not open.
pub async fn close(
    conn: &mut AnyConnection,
    customer: CustomerId,
    id: i64,
    state: &str,
    published: Option<(i64, i64)>,
) -> sqlx::Result<bool> {
    let (published_at, change) = published.unzip();
    let done = sqlx::query(
        "UPDATE routing_drafts SET state = $3, published_at = $4, published_change = $5, not_run_reason = ''
         WHERE customer_id = $1 AND id = $2 AND state = 'open'",
    )
    .bind(customer)
    .bind(id)
    .bind(state)
    .bind(published_at)
    .bind(change)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Sets (or with None clears) the draft's schedule; a schedule set clears the reason the last
/// one did not run.
pub async fn set_schedule(
    conn: &mut AnyConnection,
    customer: CustomerId,
    id: i64,
    schedule: Option<(i64, Option<i64>)>,
    by: (i64, &str),
) -> sqlx::Result<bool> {
    let (publish_at, revert_at) = schedule.unzip();
    let done = sqlx::query(
        "UPDATE routing_drafts SET publish_at = $3, revert_at = $4, scheduled_by = $5, scheduled_by_name = $6,
           not_run_reason = '', claimed_until = 0
         WHERE customer_id = $1 AND id = $2 AND state = 'open'",
    )
    .bind(customer)
    .bind(id)
    .bind(publish_at)
    .bind(revert_at.flatten())
    .bind(by.0)
    .bind(by.1)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Cancels the return to normal of a published draft that has not run yet.
pub async fn cancel_return(conn: &mut AnyConnection, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE routing_drafts SET state = 'done', revert_at = NULL
         WHERE customer_id = $1 AND id = $2 AND state = 'published'",
    )
    .bind(customer)
    .bind(id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A scheduled step that is due.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    Publish,
    Return,
}

/// The drafts whose scheduled step is due at `now` and that no other process holds, each
/// claimed for this one until `now + hold` (a claim is taken by one process only: the update
/// says whether it was this one).
pub async fn claim_due(conn: &mut AnyConnection, now: i64, hold: i64) -> sqlx::Result<Vec<(i64, CustomerId, Step)>> {
    let due: Vec<(i64, CustomerId, String)> = sqlx::query_as(
        "SELECT id, customer_id, state FROM routing_drafts
         WHERE claimed_until <= $1 AND ((state = 'open' AND publish_at <= $1) OR (state = 'published' AND revert_at <= $1))
         ORDER BY id LIMIT 50",
    )
    .bind(now)
    .fetch_all(&mut *conn)
    .await?;
    let mut claimed = vec![];
    for (id, customer, state) in due {
        let taken = sqlx::query(
            "UPDATE routing_drafts SET claimed_until = $3 WHERE id = $1 AND state = $2 AND claimed_until <= $4",
        )
        .bind(id)
        .bind(&state)
        .bind(now + hold)
        .bind(now)
        .execute(&mut *conn)
        .await?;
        if taken.rows_affected() == 1 {
            claimed.push((id, customer, if state == "open" { Step::Publish } else { Step::Return }));
        }
    }
    Ok(claimed)
}

/// A scheduled step that did not run: the schedule is cleared (a publish's draft stays open to be
/// brought up to date; a return's draft is done) and the reason kept for the routing list.
pub async fn not_run(conn: &mut AnyConnection, id: i64, step: Step, reason: &str) -> sqlx::Result<()> {
    let sql = match step {
        Step::Publish => {
            "UPDATE routing_drafts SET publish_at = NULL, revert_at = NULL, not_run_reason = $2 WHERE id = $1"
        }
        Step::Return => "UPDATE routing_drafts SET state = 'done', not_run_reason = $2 WHERE id = $1",
    };
    sqlx::query(sql).bind(id).bind(reason).execute(conn).await?;
    Ok(())
}

/// The e-mail addresses of the customer's administrators (and account owners).
pub async fn admin_emails(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT u.email FROM user_access a JOIN users u ON u.id = a.user_id
         WHERE a.customer_id = $1 AND a.auth_code >= 20 ORDER BY u.email",
    )
    .bind(customer)
    .fetch_all(conn)
    .await
}

/// The published draft went back to normal at `at`.
pub async fn returned(conn: &mut AnyConnection, id: i64, at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE routing_drafts SET state = 'done', reverted_at = $2 WHERE id = $1 AND state = 'published'")
        .bind(id)
        .bind(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// The customer's time zone (the schedule's e-mails say when, in it).
pub async fn time_zone(conn: &mut AnyConnection, customer: CustomerId) -> sqlx::Result<String> {
    sqlx::query_scalar("SELECT time_zone FROM customers WHERE id = $1").bind(customer).fetch_one(conn).await
}
