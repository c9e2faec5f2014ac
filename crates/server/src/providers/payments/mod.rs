//! Payments through outside providers, behind one trait: card updates through a
//! hosted payment page, and Direct Debit mandates through a hosted mandate page. The provider
//! here is a sandbox our own server serves (`http/sandbox_card.rs`, `http/sandbox_direct_debit.rs`)
//! that speaks the real ones' protocols: the browser goes to the provider with parameters we
//! signed and comes back with parameters the provider signed. Both signatures are SHA-256 over
//! the sorted parameters and a secret passphrase; we record nothing until the answer's signature
//! checks out, and keep only what a merchant may (card brand, last four digits, expiry, the
//! provider's alias; the mandate's reference and the account's last two digits).

mod signature;

use std::sync::Arc;

pub use signature::{sha_sign, signature_matches};

use rand::RngCore;
use sqlx::AnyPool;

/// The merchant id the sandbox knows us by.
pub const PSPID: &str = "CALLTRACK";
/// Where the card form posts (the sandbox's hosted payment page).
pub const ACTION_PATH: &str = "/sandbox/card/orderstandard";
/// The sandbox's hosted mandate page.
pub const MANDATE_PATH: &str = "/sandbox/directdebit/mandate";
/// Where the single-page app is served.
pub const APP_BASE: &str = "/manage";
/// The page the card provider sends the browser back to, accepted or not (in the account's
/// portal: domain::billing_page).
pub const RETURN_PAGE: &str = "/billing/details/payment";
/// Where the mandate provider sends the browser back to (a server page: it records the
/// mandate, then goes on to the billing details with directDebitUpdated).
pub const MANDATE_RETURN_PATH: &str = "/billing/directdebit/complete";
/// An order or a mandate flow must come back within this long.
pub const ORDER_LIFETIME_SECONDS: i64 = 60 * 60;
/// A page shown again within this long of its order (or flow) hands out the same one, unused,
/// so at least half its life is left for the trip to the provider.
pub const ORDER_REUSE_SECONDS: i64 = ORDER_LIFETIME_SECONDS / 2;
/// A completed order or flow is kept this long (when and for whom the payment details changed),
/// then purged; an unused one goes once it has expired.
pub const COMPLETED_ORDER_RETENTION_SECONDS: i64 = 90 * 24 * 60 * 60;
/// The return parameters the mandate provider signs, as it names them.
pub const MANDATE_SIGNED_RETURN: [&str; 4] = ["flowid", "status", "mandate", "account"];

/// The signed fields the card form posts to the hosted payment page.
#[derive(Debug, Clone)]
pub struct CardOrder {
    pub action_url: String,
    pub pspid: String,
    pub order_id: String,
    pub accept_url: String,
    pub exception_url: String,
    pub shasign: String,
}

/// An outside payment provider.
pub trait PaymentProvider: Send + Sync {
    /// The hosted payment page's fields for a new card order coming back to `return_url`.
    fn card_order(&self, order_id: &str, return_url: &str) -> CardOrder;
    /// Whether a card answer's parameters carry the provider's own signature.
    fn card_answer_is_genuine(&self, params: &[(&str, &str)], signature: &str) -> bool;
    /// The hosted mandate page for a new Direct Debit flow coming back to `return_url`.
    fn mandate_url(&self, flow_id: &str, return_url: &str) -> String;
    /// Whether a mandate answer's parameters carry the provider's own signature.
    fn mandate_answer_is_genuine(&self, params: &[(&str, &str)], signature: &str) -> bool;
}

/// The sandbox provider this server serves, sharing the passphrase with it.
pub struct Sandbox {
    pub passphrase: Arc<str>,
}

impl PaymentProvider for Sandbox {
    fn card_order(&self, order_id: &str, return_url: &str) -> CardOrder {
        let signed = [("ACCEPTURL", return_url), ("EXCEPTIONURL", return_url), ("ORDERID", order_id), ("PSPID", PSPID)];
        CardOrder {
            action_url: ACTION_PATH.into(),
            pspid: PSPID.into(),
            order_id: order_id.into(),
            accept_url: return_url.into(),
            exception_url: return_url.into(),
            shasign: sha_sign(&signed, &self.passphrase),
        }
    }

    fn card_answer_is_genuine(&self, params: &[(&str, &str)], signature: &str) -> bool {
        signature_matches(params, &self.passphrase, signature)
    }

    fn mandate_url(&self, flow_id: &str, return_url: &str) -> String {
        let signed = [("FLOWID", flow_id), ("PSPID", PSPID), ("RETURNURL", return_url)];
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        for (name, value) in signed {
            query.append_pair(name, value);
        }
        query.append_pair("SHASIGN", &sha_sign(&signed, &self.passphrase));
        format!("{MANDATE_PATH}?{}", query.finish())
    }

    fn mandate_answer_is_genuine(&self, params: &[(&str, &str)], signature: &str) -> bool {
        signature_matches(params, &self.passphrase, signature)
    }
}

/// What a provider's answer belongs to.
#[derive(Debug, Clone, Copy)]
pub enum Journey {
    CardOrder,
    MandateFlow,
}

fn random_hex(bytes: usize) -> String {
    let mut raw = vec![0u8; bytes];
    rand::thread_rng().fill_bytes(&mut raw);
    raw.iter().map(|b| format!("{b:02x}")).collect()
}

/// A card order's or a mandate flow's id.
pub fn new_order_id() -> String {
    random_hex(12)
}

pub fn new_alias() -> String {
    format!("ALIAS-{}", random_hex(10))
}

pub fn new_mandate_reference() -> String {
    format!("MD{}", random_hex(6).to_ascii_uppercase())
}

/// The passphrase: the setting when given, else one generated on first start and stored.
pub async fn passphrase(db: &AnyPool, configured: Option<&str>) -> sqlx::Result<String> {
    if let Some(configured) = configured.filter(|p| !p.is_empty()) {
        return Ok(configured.to_string());
    }
    crate::store::app_secrets::kept_or_stored(db, "card_sha_passphrase", &random_hex(32)).await
}
