//! Transcripts of recorded calls and the claims of the transcription job (transcription.rs).

use crate::store::CustomerId;
use domain::speech::SPEECH_SCOPE;
use sqlx::AnyPool;

/// A transcript as stored.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TranscriptRow {
    pub text: String,
    /// JSON [[word, start ms, end ms], ...].
    pub words: String,
    pub recogniser: String,
    pub audio_ms: i64,
    pub created_at: i64,
}

/// A transcript to store.
#[derive(Debug, Clone)]
pub struct NewTranscript<'a> {
    pub call_id: i64,
    pub customer_id: CustomerId,
    pub text: &'a str,
    pub words: &'a str,
    pub recogniser: &'a str,
    pub audio_sha256: &'a str,
    pub audio_ms: i64,
}

/// Up to `limit` recorded calls waiting for a transcript, the accounts' in turn: each account's
/// newest first, then each one's next, and so on (within a turn, newest first), so an account
/// with many calls waiting holds up no other. A call waits when its customer has speech
/// (hasSpeech, or the speech analytics scope in its package or add-ons, or the call came during
/// its speech analytics trial: `trial_allowance` then decides), it has no transcript, and no
/// claim holds it (nor was it given up after `max_attempts`).
pub async fn waiting(db: &AnyPool, now: i64, max_attempts: i64, limit: i64) -> sqlx::Result<Vec<(i64, CustomerId)>> {
    sqlx::query_as(
        "SELECT call_id, customer_id FROM (
           SELECT r.call_id, r.customer_id,
                  ROW_NUMBER() OVER (PARTITION BY r.customer_id ORDER BY r.call_id DESC) AS turn
           FROM call_recordings r JOIN customers c ON c.id = r.customer_id
           WHERE (c.has_speech = 1
                  OR EXISTS (SELECT 1 FROM plan_scopes p WHERE p.plan = c.plan AND p.addon = 0 AND p.scope = $1)
                  OR EXISTS (SELECT 1 FROM customer_addons a WHERE a.customer_id = c.id AND a.scope = $1)
                  OR EXISTS (SELECT 1 FROM speech_trials t JOIN calls k ON k.id = r.call_id
                             WHERE t.customer_id = c.id AND k.started_at >= t.started_at AND k.started_at < t.ends_at))
             AND NOT EXISTS (SELECT 1 FROM transcripts t WHERE t.call_id = r.call_id)
             AND NOT EXISTS (SELECT 1 FROM transcription_claims k
                             WHERE k.call_id = r.call_id AND (k.claimed_until > $2 OR k.attempts >= $3))
         ) waiting
         ORDER BY turn, call_id DESC LIMIT $4",
    )
    .bind(SPEECH_SCOPE)
    .bind(now)
    .bind(max_attempts)
    .bind(limit)
    .fetch_all(db)
    .await
}

/// Claims a call until `until`, unless a claim holds it or it was given up: the attempt's number,
/// or None. One statement, so of two processes claiming at once one wins.
pub async fn claim(db: &AnyPool, call_id: i64, now: i64, until: i64, max_attempts: i64) -> sqlx::Result<Option<i64>> {
    let attempts: Option<i64> = sqlx::query_scalar(
        "INSERT INTO transcription_claims (call_id, claimed_until, attempts) VALUES ($1, $2, 1)
         ON CONFLICT (call_id) DO UPDATE SET claimed_until = excluded.claimed_until,
             attempts = transcription_claims.attempts + 1
         WHERE transcription_claims.claimed_until <= $3 AND transcription_claims.attempts < $4
         RETURNING attempts",
    )
    .bind(call_id)
    .bind(until)
    .bind(now)
    .bind(max_attempts)
    .fetch_optional(db)
    .await?;
    // A transcript written by a run whose claim has just been released.
    if attempts.is_some() && exists(db, call_id).await? {
        release(db, call_id).await?;
        return Ok(None);
    }
    Ok(attempts)
}

async fn exists(db: &AnyPool, call_id: i64) -> sqlx::Result<bool> {
    let found: Option<i64> = sqlx::query_scalar("SELECT call_id FROM transcripts WHERE call_id = $1")
        .bind(call_id)
        .fetch_optional(db)
        .await?;
    Ok(found.is_some())
}

async fn release(db: &AnyPool, call_id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM transcription_claims WHERE call_id = $1").bind(call_id).execute(db).await?;
    Ok(())
}

/// The recording of a call (MP3 bytes).
pub async fn audio(db: &AnyPool, call_id: i64) -> sqlx::Result<Option<Vec<u8>>> {
    sqlx::query_scalar("SELECT content FROM call_recordings WHERE call_id = $1").bind(call_id).fetch_optional(db).await
}

/// A transcript the same recogniser made of the same audio (another call with the same recording).
pub async fn heard_before(db: &AnyPool, audio_sha256: &str, recogniser: &str) -> sqlx::Result<Option<TranscriptRow>> {
    sqlx::query_as(
        "SELECT text, words, recogniser, audio_ms, created_at FROM transcripts
         WHERE audio_sha256 = $1 AND recogniser = $2 ORDER BY id LIMIT 1",
    )
    .bind(audio_sha256)
    .bind(recogniser)
    .fetch_optional(db)
    .await
}

/// Stores a transcript and gives up the claim, in one transaction. False when the call had one.
pub async fn store(db: &AnyPool, transcript: &NewTranscript<'_>, now: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let stored = sqlx::query(
        "INSERT INTO transcripts (call_id, customer_id, text, words, recogniser, audio_sha256, audio_ms, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (call_id) DO NOTHING",
    )
    .bind(transcript.call_id)
    .bind(transcript.customer_id)
    .bind(transcript.text)
    .bind(transcript.words)
    .bind(transcript.recogniser)
    .bind(transcript.audio_sha256)
    .bind(transcript.audio_ms)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM transcription_claims WHERE call_id = $1")
        .bind(transcript.call_id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(stored.rows_affected() == 1)
}

/// Records a failed attempt: the claim is held until `retry_at`, and the cause kept.
pub async fn failed(db: &AnyPool, call_id: i64, cause: &str, retry_at: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE transcription_claims SET claimed_until = $1, last_error = $2 WHERE call_id = $3")
        .bind(retry_at)
        .bind(cause)
        .bind(call_id)
        .execute(db)
        .await?;
    Ok(())
}

/// What the call log knows of one of the customer's calls' transcript: the transcript, and the
/// attempts made so far (0 when none).
pub async fn for_call(db: &AnyPool, customer: CustomerId, call: i64) -> sqlx::Result<(Option<TranscriptRow>, Claim)> {
    let transcript = sqlx::query_as(
        "SELECT text, words, recogniser, audio_ms, created_at FROM transcripts WHERE customer_id = $1 AND call_id = $2",
    )
    .bind(customer)
    .bind(call)
    .fetch_optional(db)
    .await?;
    let claim: Option<(i64, i64)> =
        sqlx::query_as("SELECT attempts, claimed_until FROM transcription_claims WHERE call_id = $1")
            .bind(call)
            .fetch_optional(db)
            .await?;
    let (attempts, claimed_until) = claim.unwrap_or((0, 0));
    Ok((transcript, Claim { attempts, passed_over: claimed_until == PASSED_OVER }))
}

/// The transcription job's hold on a call: how often it tried, and whether it passed the call
/// over for good (a speech trial's call beyond the day's allowance).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Claim {
    pub attempts: i64,
    pub passed_over: bool,
}

/// The claim's end that marks a call passed over for good: no run ever reaches it.
pub const PASSED_OVER: i64 = i64::MAX;

/// A transcribed call of a period.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TranscribedCall {
    pub call_id: i64,
    pub started_at: i64,
    pub caller: String,
}

/// The customer's calls started in [from, to) that have a transcript, newest first, at most `limit`.
pub async fn transcribed_calls(
    db: &AnyPool,
    customer: CustomerId,
    from: i64,
    to: i64,
    limit: i64,
) -> sqlx::Result<Vec<TranscribedCall>> {
    sqlx::query_as(
        "SELECT c.id AS call_id, c.started_at, c.caller_number AS caller
         FROM transcripts t JOIN calls c ON c.id = t.call_id
         WHERE t.customer_id = $1 AND c.customer_id = $1 AND c.started_at >= $2 AND c.started_at < $3
         ORDER BY c.started_at DESC, c.id DESC LIMIT $4",
    )
    .bind(customer)
    .bind(from)
    .bind(to)
    .bind(limit)
    .fetch_all(db)
    .await
}
