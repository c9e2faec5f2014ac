//! The codes sent to outside caller ids and the wrong codes entered, by account and number
//! (caller_id_code_events), apart from the caller id rows so that removing a number and adding
//! it again keeps its counts (domain `caller_ids::limits`). Days are the last `DAY_SECONDS`.

use crate::store::CustomerId;
use domain::caller_ids::{SendHistory, DAY_SECONDS};
use sqlx::{Any, AnyPool, Transaction};

/// What happened to a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CodeEvent {
    Sent,
    Wrong,
}

impl CodeEvent {
    fn as_str(self) -> &'static str {
        match self {
            CodeEvent::Sent => "sent",
            CodeEvent::Wrong => "wrong",
        }
    }
}

/// Holds the account for this transaction: another code for the account waits until it ends,
/// so two requests at once cannot both pass a limit.
pub async fn lock_account(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<()> {
    sqlx::query("UPDATE customers SET id = id WHERE id = $1").bind(customer).execute(&mut **tx).await?;
    Ok(())
}

/// The codes sent lately: the last to `number`, those to it in the last day, and those the
/// account sent in the last day.
pub async fn send_history(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    number: &str,
    now: i64,
) -> sqlx::Result<SendHistory> {
    let (last_to_number, to_number_today, by_account_today): (Option<i64>, i64, i64) = sqlx::query_as(
        "SELECT MAX(happened_at) FILTER (WHERE number = $2),
                COUNT(*) FILTER (WHERE number = $2 AND happened_at > $3),
                COUNT(*) FILTER (WHERE happened_at > $3)
         FROM caller_id_code_events WHERE customer_id = $1 AND event = 'sent'",
    )
    .bind(customer)
    .bind(number)
    .bind(now - DAY_SECONDS)
    .fetch_one(&mut **tx)
    .await?;
    Ok(SendHistory { last_to_number, to_number_today, by_account_today })
}

/// Records that a code was sent to `number`, within the transaction that checked the limits.
pub async fn record_sent(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    number: &str,
    now: i64,
) -> sqlx::Result<()> {
    insert(&mut **tx, customer, number, CodeEvent::Sent, now).await
}

/// Records a wrong code entered for `number`.
pub async fn record_wrong(db: &AnyPool, customer: CustomerId, number: &str, now: i64) -> sqlx::Result<()> {
    insert(db, customer, number, CodeEvent::Wrong, now).await
}

async fn insert<'e>(
    executor: impl sqlx::Executor<'e, Database = Any>,
    customer: CustomerId,
    number: &str,
    event: CodeEvent,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO caller_id_code_events (customer_id, number, event, happened_at) VALUES ($1, $2, $3, $4)")
        .bind(customer)
        .bind(number)
        .bind(event.as_str())
        .bind(now)
        .execute(executor)
        .await?;
    Ok(())
}

/// Wrong codes entered for `number` in the last day.
pub async fn wrong_today(db: &AnyPool, customer: CustomerId, number: &str, now: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar(
        "SELECT COUNT(*) FROM caller_id_code_events
         WHERE customer_id = $1 AND number = $2 AND event = 'wrong' AND happened_at > $3",
    )
    .bind(customer)
    .bind(number)
    .bind(now - DAY_SECONDS)
    .fetch_one(db)
    .await
}
