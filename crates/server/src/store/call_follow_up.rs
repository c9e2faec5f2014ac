//! What the account did about a call (domain `reports::follow_up`): handled or "we called
//! back", and a note, each with who (their name then) and when. Only the customer's inbound
//! calls, the ones the log shows.

use domain::reports::FollowUp;
use sqlx::AnyPool;

use crate::store::CustomerId;

/// Marks the call (None clears the mark); false when the customer has no such call.
pub async fn mark(
    db: &AnyPool,
    customer: CustomerId,
    call: i64,
    follow_up: Option<FollowUp>,
    by: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let (key, by, at) = match follow_up {
        Some(done) => (done.key(), by, Some(now)),
        None => ("", "", None),
    };
    let done = sqlx::query(
        "UPDATE calls SET follow_up = $1, follow_up_by = $2, follow_up_at = $3
         WHERE id = $4 AND customer_id = $5 AND direction = 'inbound'",
    )
    .bind(key)
    .bind(by)
    .bind(at)
    .bind(call)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Keeps the note on the call (an empty note removes it); false when there is no such call.
pub async fn note(db: &AnyPool, customer: CustomerId, call: i64, note: &str, by: &str, now: i64) -> sqlx::Result<bool> {
    let (by, at) = if note.is_empty() { ("", None) } else { (by, Some(now)) };
    let done = sqlx::query(
        "UPDATE calls SET note = $1, note_by = $2, note_at = $3
         WHERE id = $4 AND customer_id = $5 AND direction = 'inbound'",
    )
    .bind(note)
    .bind(by)
    .bind(at)
    .bind(call)
    .bind(customer)
    .execute(db)
    .await?;
    Ok(done.rows_affected() == 1)
}
