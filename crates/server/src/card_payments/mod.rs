//! Card updates through a hosted payment page (issue 14). The provider is a sandbox our server
//! serves (`http/sandbox_card.rs`) that speaks the protocol of the real one: the browser posts
//! the card straight to the provider with parameters we signed, and comes back with parameters
//! the provider signed. Both signatures are SHA-256 over the sorted parameters and a secret
//! passphrase; we record nothing until the answer's signature checks out, and keep only what a
//! merchant may (brand, last four digits, expiry, the provider's alias).

mod signature;

pub use signature::{sha_sign, signature_matches};

use rand::RngCore;
use sqlx::AnyPool;

/// The merchant id the sandbox knows us by.
pub const PSPID: &str = "CALLTRACK";
/// Where the card form posts (the sandbox's hosted payment page).
pub const ACTION_PATH: &str = "/sandbox/card/orderstandard";
/// Where the single-page app is served.
pub const APP_BASE: &str = "/manage";
/// The page the provider sends the browser back to, accepted or not (in the account's portal:
/// domain::billing_page).
pub const RETURN_PAGE: &str = "/billing/details/payment";
/// An order must come back within this long.
pub const ORDER_LIFETIME_SECONDS: i64 = 60 * 60;

fn random_hex(bytes: usize) -> String {
    let mut raw = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut raw);
    raw.iter().map(|b| format!("{b:02x}")).collect()
}

pub fn new_order_id() -> String {
    random_hex(12)
}

pub fn new_alias() -> String {
    format!("ALIAS-{}", random_hex(10))
}

/// The passphrase: the setting when given, else one generated on first start and stored.
pub async fn passphrase(db: &AnyPool, configured: Option<&str>) -> sqlx::Result<String> {
    if let Some(configured) = configured.filter(|p| !p.is_empty()) {
        return Ok(configured.to_string());
    }
    sqlx::query(
        "INSERT INTO app_secrets (name, value) VALUES ('card_sha_passphrase', $1) ON CONFLICT (name) DO NOTHING",
    )
    .bind(random_hex(32))
    .execute(db)
    .await?;
    let (value,): (String,) =
        sqlx::query_as("SELECT value FROM app_secrets WHERE name = 'card_sha_passphrase'").fetch_one(db).await?;
    Ok(value)
}
