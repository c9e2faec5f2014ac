//! Conversions: a customer's conversion actions, the calls that count queued as
//! uploads (one row per action and call: UNIQUE, so none is queued twice), the uploads due, and
//! the log. Every statement the pages use names the customer.

use crate::store::CustomerId;
use domain::conversions::{
    call_counts, from_platform, upload_content, ConversionAction, ConversionCall, Platform, UploadFacts, UploadStatus,
};
use domain::reports::CallOutcome;
use sqlx::{AnyConnection, AnyPool, FromRow};

use crate::db::Flag;

/// Calls queued a statement at a time, and uploads sent a run.
pub const BATCH: i64 = 500;
pub const SEND_BATCH: i64 = 100;
/// Rows of the log a page.
pub const LOG_PAGE: i64 = 25;

/// A stored action with its id and its last 30 days.
#[derive(Debug, Clone)]
pub struct ActionRow {
    pub id: i64,
    pub customer_id: CustomerId,
    pub action: ConversionAction,
    pub created_at: i64,
    /// Calls of the period queued (counted), sent (or already at the platform), failed.
    pub counted: i64,
    pub sent: i64,
    pub failed: i64,
    /// Every upload of its log.
    pub uploads: i64,
}

#[derive(FromRow)]
struct ActionColumns {
    id: i64,
    customer_id: CustomerId,
    name: String,
    platform: String,
    value_pence: Option<i64>,
    min_duration_seconds: i64,
    outcome: Option<String>,
    source_medium_id: Option<i64>,
    tag_id: Option<i64>,
    active: i64,
    created_at: i64,
    counted: i64,
    sent: i64,
    failed: i64,
    uploads: i64,
}

impl From<ActionColumns> for ActionRow {
    fn from(c: ActionColumns) -> ActionRow {
        ActionRow {
            id: c.id,
            customer_id: c.customer_id,
            action: ConversionAction {
                name: c.name,
                platform: Platform::from_key(&c.platform).unwrap_or(Platform::GoogleAds),
                value_pence: c.value_pence,
                min_duration_seconds: c.min_duration_seconds,
                outcome: c.outcome.as_deref().and_then(CallOutcome::from_key),
                source_medium_id: c.source_medium_id,
                tag_id: c.tag_id,
                active: c.active != 0,
            },
            created_at: c.created_at,
            counted: c.counted,
            sent: c.sent,
            failed: c.failed,
            uploads: c.uploads,
        }
    }
}

const ACTION_ROW: &str = "SELECT a.id, a.customer_id, a.name, a.platform, a.value_pence, a.min_duration_seconds,
        a.outcome, a.source_medium_id, a.tag_id, a.active, a.created_at,
        (SELECT COUNT(*) FROM conversion_uploads u JOIN calls c ON c.id = u.call_id
          WHERE u.action_id = a.id AND c.started_at >= $2 AND u.status <> 'skipped') AS counted,
        (SELECT COUNT(*) FROM conversion_uploads u JOIN calls c ON c.id = u.call_id
          WHERE u.action_id = a.id AND c.started_at >= $2 AND u.status IN ('sent', 'duplicate')) AS sent,
        (SELECT COUNT(*) FROM conversion_uploads u JOIN calls c ON c.id = u.call_id
          WHERE u.action_id = a.id AND c.started_at >= $2 AND u.status IN ('failed', 'gaveUp')) AS failed,
        (SELECT COUNT(*) FROM conversion_uploads u WHERE u.action_id = a.id) AS uploads
    FROM conversion_actions a WHERE a.customer_id = $1";

/// The customer's actions by name, with their calls since `since`.
pub async fn list(db: &AnyPool, customer: CustomerId, since: i64) -> sqlx::Result<Vec<ActionRow>> {
    let rows: Vec<ActionColumns> = sqlx::query_as(&format!("{ACTION_ROW} ORDER BY LOWER(a.name), a.id"))
        .bind(customer)
        .bind(since)
        .fetch_all(db)
        .await?;
    Ok(rows.into_iter().map(ActionRow::from).collect())
}

/// One of the customer's actions.
pub async fn one(db: &AnyPool, customer: CustomerId, id: i64, since: i64) -> sqlx::Result<Option<ActionRow>> {
    let row: Option<ActionColumns> = sqlx::query_as(&format!("{ACTION_ROW} AND a.id = $3"))
        .bind(customer)
        .bind(since)
        .bind(id)
        .fetch_optional(db)
        .await?;
    Ok(row.map(ActionRow::from))
}

/// The names of the customer's actions other than `except`.
pub async fn other_names(db: &AnyPool, customer: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM conversion_actions WHERE customer_id = $1 AND id <> $2")
        .bind(customer)
        .bind(except)
        .fetch_all(db)
        .await
}

pub async fn insert(
    db: &mut AnyConnection,
    customer: CustomerId,
    action: &ConversionAction,
    now: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "INSERT INTO conversion_actions (customer_id, name, platform, value_pence, min_duration_seconds, outcome,
             source_medium_id, tag_id, active, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
    )
    .bind(customer)
    .bind(&action.name)
    .bind(action.platform.key())
    .bind(action.value_pence)
    .bind(action.min_duration_seconds)
    .bind(action.outcome.map(|o| o.key()))
    .bind(action.source_medium_id)
    .bind(action.tag_id)
    .bind(Flag(action.active))
    .bind(now)
    .fetch_one(db)
    .await
}

/// Replaces an action's settings; the uploads already queued stay as they are.
pub async fn update(db: &AnyPool, customer: CustomerId, id: i64, action: &ConversionAction) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE conversion_actions SET name = $1, platform = $2, value_pence = $3, min_duration_seconds = $4,
             outcome = $5, source_medium_id = $6, tag_id = $7, active = $8 WHERE id = $9 AND customer_id = $10",
    )
    .bind(&action.name)
    .bind(action.platform.key())
    .bind(action.value_pence)
    .bind(action.min_duration_seconds)
    .bind(action.outcome.map(|o| o.key()))
    .bind(action.source_medium_id)
    .bind(action.tag_id)
    .bind(Flag(action.active))
    .bind(id)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Deletes an action and its log, in one transaction.
pub async fn delete(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM conversion_uploads WHERE action_id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    let done = sqlx::query("DELETE FROM conversion_actions WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

/// The integrations the customer has connected (their identifiers).
pub async fn connected(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT identifier FROM customer_integrations WHERE customer_id = $1")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// The customer's tags (id, name) for the form.
pub async fn tag_choices(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, description FROM call_tag_names WHERE customer_id = $1 ORDER BY LOWER(description), id")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// Whether the tag is the customer's.
pub async fn owns_tag(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT id FROM call_tag_names WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

/// A row of an action's log.
#[derive(Debug, Clone, FromRow)]
pub struct LogRow {
    pub id: i64,
    pub call_id: i64,
    pub started_at: i64,
    pub caller_number: String,
    pub status: String,
    pub attempts: i64,
    pub next_attempt_at: Option<i64>,
    pub sent_at: Option<i64>,
    pub caller: String,
    pub call_time: String,
    pub click_id: String,
    pub consent: String,
    pub value_pence: Option<i64>,
    pub currency: String,
    pub answer: String,
}

/// A page of an action's log, newest call first, and the rows in all.
pub async fn log(db: &AnyPool, customer: CustomerId, action: i64, page: i64) -> sqlx::Result<(Vec<LogRow>, i64)> {
    let rows = sqlx::query_as(
        "SELECT u.id, u.call_id, c.started_at, c.caller_number, u.status, u.attempts, u.next_attempt_at, u.sent_at,
                u.caller, u.call_time, u.click_id, u.consent, u.value_pence, u.currency, u.answer
         FROM conversion_uploads u JOIN calls c ON c.id = u.call_id
         WHERE u.action_id = $1 AND u.customer_id = $2 ORDER BY c.started_at DESC, u.id DESC LIMIT $3 OFFSET $4",
    )
    .bind(action)
    .bind(customer)
    .bind(LOG_PAGE)
    .bind((page - 1) * LOG_PAGE)
    .fetch_all(db)
    .await?;
    let (total,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM conversion_uploads WHERE action_id = $1 AND customer_id = $2")
            .bind(action)
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok((rows, total))
}

/// 'Retry now' of a failed or given-up upload of the customer's: due at once, with its attempts
/// counted afresh when it had been given up. False when there is no such upload to retry.
pub async fn retry_now(db: &AnyPool, customer: CustomerId, upload: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE conversion_uploads SET status = 'failed', next_attempt_at = $1,
             attempts = CASE WHEN status = 'gaveUp' THEN 0 ELSE attempts END
         WHERE id = $2 AND customer_id = $3 AND status IN ('failed', 'gaveUp')",
    )
    .bind(now)
    .bind(upload)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// An active action of any customer, with its account's zone, for the job.
pub async fn active_actions(db: &AnyPool) -> sqlx::Result<Vec<(ActionRow, String)>> {
    let rows: Vec<ActionColumns> = sqlx::query_as(
        "SELECT a.id, a.customer_id, a.name, a.platform, a.value_pence, a.min_duration_seconds, a.outcome,
                a.source_medium_id, a.tag_id, a.active, a.created_at,
                0 AS counted, 0 AS sent, 0 AS failed, 0 AS uploads
         FROM conversion_actions a WHERE a.active = 1 ORDER BY a.id",
    )
    .fetch_all(db)
    .await?;
    let mut actions = Vec::new();
    for row in rows {
        let zone: Option<String> = sqlx::query_scalar("SELECT time_zone FROM customers WHERE id = $1")
            .bind(row.customer_id)
            .fetch_optional(db)
            .await?;
        actions.push((ActionRow::from(row), zone.unwrap_or_else(|| "Europe/London".into())));
    }
    Ok(actions)
}

#[derive(FromRow)]
struct CandidateColumns {
    id: i64,
    talk_seconds: i64,
    outcome: String,
    source_medium_id: Option<i64>,
    has_tag: i64,
    caller_number: String,
    started_at: i64,
    click_id: String,
    landing_page: String,
    consent: String,
    source: String,
    medium: String,
}

/// Queues the action's calls since `since` that count and are not queued yet (at most `BATCH`),
/// each with what its upload carries, or skipped with the reason; one transaction. Returns
/// how many it queued.
pub async fn queue_calls(db: &AnyPool, row: &ActionRow, zone: &str, since: i64, now: i64) -> sqlx::Result<usize> {
    let action = &row.action;
    // The rule's conditions in SQL too, so calls that do not count are never read again.
    let mut conditions = String::new();
    if let Some(outcome) = action.outcome {
        conditions.push_str(&format!(" AND c.outcome = '{}'", outcome.key()));
    }
    if let Some(source) = action.source_medium_id {
        conditions.push_str(&format!(" AND c.credit_source_id = {source}"));
    }
    let tag = action.tag_id.unwrap_or(0);
    if action.tag_id.is_some() {
        conditions.push_str(&format!(
            " AND EXISTS (SELECT 1 FROM call_tag_links l WHERE l.call_id = c.id AND l.tag_id = {tag})"
        ));
    }
    let candidates: Vec<CandidateColumns> = sqlx::query_as(&format!(
        "SELECT c.id, c.talk_seconds, c.outcome, c.credit_source_id AS source_medium_id,
                (SELECT COUNT(*) FROM call_tag_links l WHERE l.call_id = c.id AND l.tag_id = {tag}) AS has_tag,
                c.caller_number, c.started_at, COALESCE(v.click_id, '') AS click_id,
                COALESCE(v.landing_page, '') AS landing_page, COALESCE(v.ad_user_data_consent, '') AS consent,
                COALESCE(m.source, '') AS source, COALESCE(m.medium, '') AS medium
         FROM calls c LEFT JOIN visits v ON v.id = c.visit_id
         LEFT JOIN sources_mediums m ON m.id = c.credit_source_id AND m.customer_id = c.customer_id
         WHERE c.customer_id = $1 AND c.direction = 'inbound' AND c.started_at >= $2 AND c.started_at <= $3
           AND c.talk_seconds >= $4 {conditions}
           AND NOT EXISTS (SELECT 1 FROM conversion_uploads u WHERE u.action_id = $5 AND u.call_id = c.id)
         ORDER BY c.id LIMIT {BATCH}"
    ))
    .bind(row.customer_id)
    .bind(since)
    .bind(now)
    .bind(action.min_duration_seconds)
    .bind(row.id)
    .fetch_all(db)
    .await?;
    if candidates.is_empty() {
        return Ok(0);
    }
    let mut tx = crate::db::begin_write(db).await?;
    let mut queued = 0;
    for c in candidates {
        let call = ConversionCall {
            inbound: true,
            talk_seconds: c.talk_seconds,
            outcome: CallOutcome::from_key(&c.outcome),
            source_medium_id: c.source_medium_id,
            tag_ids: if c.has_tag > 0 { vec![tag] } else { Vec::new() },
        };
        let facts = UploadFacts {
            caller_number: c.caller_number,
            started_at: c.started_at,
            click_id: c.click_id,
            landing_page: c.landing_page,
            consent: c.consent,
            source: c.source,
            medium: c.medium,
        };
        // Calls of other sources are no conversions of the action: a platform hears only of the
        // calls its own ads made.
        if !call_counts(action, &call) || !from_platform(action.platform, &facts) {
            continue;
        }
        let (status, content, answer) = match upload_content(action, &facts, zone) {
            Ok(content) => (UploadStatus::Pending, Some(content), String::new()),
            Err(reason) => (UploadStatus::Skipped, None, reason),
        };
        let done = sqlx::query(
            "INSERT INTO conversion_uploads (customer_id, action_id, call_id, status, attempts, next_attempt_at, caller,
                 call_time, click_id, consent, value_pence, currency, answer, queued_at)
             VALUES ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (action_id, call_id) DO NOTHING",
        )
        .bind(row.customer_id)
        .bind(row.id)
        .bind(c.id)
        .bind(status.key())
        .bind(if status == UploadStatus::Pending { Some(now) } else { None })
        .bind(content.as_ref().and_then(|c| c.caller.clone()).unwrap_or_default())
        .bind(content.as_ref().map(|c| c.call_time.clone()).unwrap_or_default())
        .bind(content.as_ref().and_then(|c| c.click_id.clone()).unwrap_or_default())
        .bind(content.as_ref().map_or("UNSPECIFIED", |c| c.consent.key()))
        .bind(action.value_pence)
        .bind(domain::conversions::CURRENCY)
        .bind(answer)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        queued += done.rows_affected() as usize;
    }
    tx.commit().await?;
    Ok(queued)
}

/// An upload due to be sent.
#[derive(Debug, Clone, FromRow)]
pub struct DueUpload {
    pub id: i64,
    pub customer_id: CustomerId,
    pub action_id: i64,
    pub call_id: i64,
    pub name: String,
    pub platform: String,
    pub caller: String,
    pub call_time: String,
    pub click_id: String,
    pub consent: String,
    pub value_pence: Option<i64>,
    pub currency: String,
}

/// Uploads due at `now` of active actions whose platform the customer has connected, oldest due
/// first; those of a platform not connected wait.
pub async fn due(db: &AnyPool, now: i64) -> sqlx::Result<Vec<DueUpload>> {
    sqlx::query_as(&format!(
        "SELECT u.id, u.customer_id, u.action_id, u.call_id, a.name, a.platform, u.caller, u.call_time, u.click_id,
                u.consent, u.value_pence, u.currency
         FROM conversion_uploads u JOIN conversion_actions a ON a.id = u.action_id
         JOIN customer_integrations i ON i.customer_id = u.customer_id AND i.identifier = a.platform
         WHERE u.status IN ('pending', 'failed') AND u.next_attempt_at <= $1 AND a.active = 1
         ORDER BY u.next_attempt_at, u.id LIMIT {SEND_BATCH}"
    ))
    .bind(now)
    .fetch_all(db)
    .await
}

/// Claims a due upload for one attempt: counts the attempt and holds it for `hold` seconds so
/// no other run sends it meanwhile. The attempts made with this one, or None when another run
/// has it.
pub async fn claim(db: &AnyPool, id: i64, now: i64, hold: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar(
        "UPDATE conversion_uploads SET attempts = attempts + 1, next_attempt_at = $1
         WHERE id = $2 AND status IN ('pending', 'failed') AND next_attempt_at <= $3 RETURNING attempts",
    )
    .bind(now + hold)
    .bind(id)
    .bind(now)
    .fetch_optional(db)
    .await
}

/// Records the platform's answer to an attempt.
pub async fn record(
    db: &AnyPool,
    id: i64,
    status: UploadStatus,
    answer: &str,
    next_attempt_at: Option<i64>,
    now: i64,
) -> sqlx::Result<()> {
    let sent = matches!(status, UploadStatus::Sent | UploadStatus::Duplicate);
    sqlx::query(
        "UPDATE conversion_uploads SET status = $1, answer = $2, next_attempt_at = $3,
             sent_at = CASE WHEN $4 = 1 THEN $5 ELSE sent_at END WHERE id = $6",
    )
    .bind(status.key())
    .bind(answer)
    .bind(next_attempt_at)
    .bind(Flag(sent))
    .bind(now)
    .bind(id)
    .execute(db)
    .await?;
    Ok(())
}
