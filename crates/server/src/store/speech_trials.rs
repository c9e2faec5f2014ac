//! The speech analytics trial (/tryspeech): one a customer, ever. Its rules are
//! domain `speech::trial`; the billing run settles the ended ones (billing_run.rs), and the
//! transcription job counts each trial day's recorded calls (transcription.rs).

use crate::store::CustomerId;
use domain::speech::trial::Trial;
use sqlx::{Any, AnyPool, Executor, Transaction};

#[derive(sqlx::FromRow)]
struct TrialRow {
    started_at: i64,
    ends_at: i64,
    cancelled_at: Option<i64>,
}

impl From<TrialRow> for Trial {
    fn from(row: TrialRow) -> Self {
        Trial { started_at: row.started_at, ends_at: row.ends_at, cancelled_at: row.cancelled_at }
    }
}

/// The customer's trial, if it ever had one.
pub async fn of_customer<'e>(
    db: impl Executor<'e, Database = Any>,
    customer: CustomerId,
) -> sqlx::Result<Option<Trial>> {
    let row: Option<TrialRow> =
        sqlx::query_as("SELECT started_at, ends_at, cancelled_at FROM speech_trials WHERE customer_id = $1")
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(row.map(Trial::from))
}

/// Starts the customer's trial; false when it had one already (the unique key decides a race).
pub async fn start(tx: &mut Transaction<'_, Any>, customer: CustomerId, trial: &Trial, by: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO speech_trials (customer_id, started_at, ends_at, started_by) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id) DO NOTHING",
    )
    .bind(customer)
    .bind(trial.started_at)
    .bind(trial.ends_at)
    .bind(by)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Cancels the customer's running trial; false when none runs uncancelled at `now`.
pub async fn cancel(db: &AnyPool, customer: CustomerId, now: i64, by: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE speech_trials SET cancelled_at = $1, cancelled_by = $2
         WHERE customer_id = $3 AND cancelled_at IS NULL AND ends_at > $1",
    )
    .bind(now)
    .bind(by)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An ended trial the billing run has not settled yet.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Unsettled {
    pub id: i64,
    pub customer_id: CustomerId,
    pub plan: String,
    pub started_by: i64,
    pub started_at: i64,
    pub ends_at: i64,
    pub cancelled_at: Option<i64>,
}

impl Unsettled {
    pub fn trial(&self) -> Trial {
        Trial { started_at: self.started_at, ends_at: self.ends_at, cancelled_at: self.cancelled_at }
    }
}

/// The trials that ended by `now` and are not settled, oldest first.
pub async fn unsettled(db: &AnyPool, now: i64) -> sqlx::Result<Vec<Unsettled>> {
    sqlx::query_as(
        "SELECT t.id, t.customer_id, c.plan, t.started_by, t.started_at, t.ends_at, t.cancelled_at
         FROM speech_trials t JOIN customers c ON c.id = t.customer_id
         WHERE t.settled_at IS NULL AND t.ends_at <= $1 ORDER BY t.ends_at, t.id",
    )
    .bind(now)
    .fetch_all(db)
    .await
}

/// Marks a trial settled; false when another run settled it first.
pub async fn settle(tx: &mut Transaction<'_, Any>, id: i64, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE speech_trials SET settled_at = $1 WHERE id = $2 AND settled_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// The trial and time zone of a customer whose speech analytics is the trial's alone (no
/// hasSpeech, no speech analytics scope): its calls get insights within the daily allowance.
pub async fn trial_only(db: &AnyPool, customer: CustomerId, scope: &str) -> sqlx::Result<Option<(Trial, String)>> {
    let row: Option<(i64, i64, Option<i64>, String)> = sqlx::query_as(
        "SELECT t.started_at, t.ends_at, t.cancelled_at, c.time_zone
         FROM speech_trials t JOIN customers c ON c.id = t.customer_id
         WHERE t.customer_id = $1 AND c.has_speech = 0
           AND NOT EXISTS (SELECT 1 FROM plan_scopes p WHERE p.plan = c.plan AND p.addon = 0 AND p.scope = $2)
           AND NOT EXISTS (SELECT 1 FROM customer_addons a WHERE a.customer_id = c.id AND a.scope = $2)",
    )
    .bind(customer)
    .bind(scope)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(started_at, ends_at, cancelled_at, zone)| (Trial { started_at, ends_at, cancelled_at }, zone)))
}

/// The customer's recorded calls that started in [from, to), and those at `to` with a smaller
/// id: the calls of a trial day before a call.
pub async fn recorded_calls_before(
    db: &AnyPool,
    customer: CustomerId,
    from: i64,
    to: i64,
    call_id: i64,
) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM calls c JOIN call_recordings r ON r.call_id = c.id
         WHERE c.customer_id = $1 AND c.direction <> 'test' AND c.started_at >= $2
           AND (c.started_at < $3 OR (c.started_at = $3 AND c.id < $4))",
    )
    .bind(customer)
    .bind(from)
    .bind(to)
    .bind(call_id)
    .fetch_one(db)
    .await
}

/// When a call started.
pub async fn call_started_at(db: &AnyPool, call_id: i64) -> sqlx::Result<Option<i64>> {
    sqlx::query_scalar("SELECT started_at FROM calls WHERE id = $1").bind(call_id).fetch_optional(db).await
}

/// A trial call beyond the day's allowance: held by a claim that never lapses, so the
/// transcription job passes it over for good.
pub async fn beyond_allowance(db: &AnyPool, call_id: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO transcription_claims (call_id, claimed_until, attempts, last_error) VALUES ($1, $2, 0, $3)
         ON CONFLICT (call_id) DO UPDATE SET claimed_until = excluded.claimed_until, last_error = excluded.last_error",
    )
    .bind(call_id)
    .bind(super::transcripts::PASSED_OVER)
    .bind("beyond the speech analytics trial's daily allowance")
    .execute(db)
    .await?;
    Ok(())
}
