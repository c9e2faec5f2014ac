//! Verifying an outside caller id (Manage CLI): a code goes to the number through a
//! verification provider, behind one trait. The provider here is a sandbox standing in for the
//! phone: it "sends" the code by keeping the message where the sandbox page (/sandbox/phone,
//! `http/sandbox_phone.rs`) and the tests read it. The code itself is never logged; the server
//! keeps only its hash (`code_hash`). Before a code goes out, `claim_send` checks the limits
//! (domain `caller_ids::limits`) against the codes sent by account and number and records it.

use crate::store::CustomerId;
use std::future::Future;
use std::pin::Pin;

use domain::caller_ids::{resend_refusal, send_refusal, CodeState, SendRefusal};
use rand::RngCore;
use sha2::{Digest, Sha256};
use sqlx::AnyPool;

use crate::store::caller_id_code_events as events;

/// What a provider's send answers: done, or why not (logged without the code).
pub type Sent<'a> = Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;

/// An outside provider that sends a verification code to a phone number (a text or a call).
pub trait CodeSender: Send + Sync {
    /// Sends `code` to `number` for the account `customer`.
    fn send<'a>(&'a self, customer: CustomerId, number: &'a str, code: &'a str, now: i64) -> Sent<'a>;
}

/// The sandbox provider: the message lands in `sandbox_phone_messages`.
pub struct SandboxPhone {
    pub db: AnyPool,
    /// The product name the message signs with.
    pub product: String,
}

/// The message the number receives.
pub fn code_message(code: &str, product: &str) -> String {
    format!("Your {product} caller id verification code is {code}. It expires in 10 minutes.")
}

impl CodeSender for SandboxPhone {
    fn send<'a>(&'a self, customer: CustomerId, number: &'a str, code: &'a str, now: i64) -> Sent<'a> {
        Box::pin(async move {
            let message = code_message(code, &self.product);
            crate::store::caller_ids::record_sandbox_message(&self.db, customer, number, &message, now)
                .await
                .map_err(|e| format!("the sandbox phone could not keep the message: {e}"))
        })
    }
}

/// Claims a code for `number` if the limits allow one now, and records it as sent: `current` is
/// the caller id's code as stored when a new code replaces it (None when the number is added).
/// One transaction holds the account, so two requests at once cannot both pass a limit.
pub async fn claim_send(
    db: &AnyPool,
    customer: CustomerId,
    number: &str,
    current: Option<&CodeState>,
    now: i64,
) -> sqlx::Result<Result<(), SendRefusal>> {
    let mut tx = crate::db::begin_write(db).await?;
    events::lock_account(&mut tx, customer).await?;
    let mut history = events::send_history(&mut tx, customer, number, now).await?;
    // A code sent before the events were kept still counts for the minute's wait.
    if let Some(state) = current {
        history.last_to_number = history.last_to_number.max(Some(state.sent_at));
    }
    let refusal = match current {
        Some(state) => resend_refusal(state, &history, now),
        None => send_refusal(&history, now),
    };
    if let Some(refusal) = refusal {
        return Ok(Err(refusal));
    }
    events::record_sent(&mut tx, customer, number, now).await?;
    tx.commit().await?;
    Ok(Ok(()))
}

/// A new code from the operating system's random source (domain `code_from_random`).
pub fn new_code() -> String {
    domain::caller_ids::code_from_random(rand::rngs::OsRng.next_u64())
}

/// The stored form of a code: SHA-256 over the account, the number and the code, so a code
/// hash is not the same for two numbers.
pub fn code_hash(customer: CustomerId, number: &str, code: &str) -> String {
    let digest = Sha256::digest(format!("{customer}:{number}:{code}").as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_code_hash_depends_on_the_number_and_the_code() {
        let hash = code_hash(CustomerId::new(100), "07700900123", "123456");
        assert_eq!(hash.len(), 64);
        assert_ne!(hash, code_hash(CustomerId::new(100), "07700900124", "123456"));
        assert_ne!(hash, code_hash(CustomerId::new(100), "07700900123", "123457"));
        assert_ne!(hash, code_hash(CustomerId::new(101), "07700900123", "123456"));
    }

    #[test]
    fn a_new_code_is_six_digits() {
        let code = new_code();
        assert_eq!(code.len(), 6);
        assert!(code.bytes().all(|b| b.is_ascii_digit()));
    }
}
