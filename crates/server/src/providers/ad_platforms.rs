//! The ad and analytics platforms the integrations connect to, behind a trait, and a sandbox
//! provider of our own that behaves like their OAuth: a consent page (served by our server,
//! `http::sandbox_oauth`) hands out a short-lived, single-use code for the integration the user
//! agreed to; exchanging it yields the account connected. Google Analytics' properties come
//! from the provider too.

use crate::store::sandbox_ad_platforms as sandbox;
pub use crate::store::sandbox_ad_platforms::{GaProperty, ProviderAccount};
use crate::store::CustomerId;
use sqlx::AnyPool;

use crate::security::{random_token, token_hash};

/// A code is good for this long after consent.
pub const CODE_SECONDS: i64 = 5 * 60;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    /// The account at the provider the user connected.
    pub account: String,
}

#[derive(Debug)]
pub enum ProviderError {
    /// The code is unknown, used, expired, or for another integration or customer.
    Refused,
    Provider(String),
}

impl From<sqlx::Error> for ProviderError {
    fn from(e: sqlx::Error) -> Self {
        ProviderError::Provider(e.to_string())
    }
}

type Result<T> = std::result::Result<T, ProviderError>;

/// What connecting an integration asks of its provider.
pub trait AdPlatforms {
    /// Where the browser asks the user's consent for `identifier`, coming back to `redirect_uri`
    /// with `state`.
    fn authorize_url(&self, identifier: &str, state: &str, redirect_uri: &str) -> String;
    /// The account behind a code the consent page handed out for `identifier` on `customer`'s
    /// behalf (a code consented to on another customer's account is refused).
    fn exchange(
        &self,
        identifier: &str,
        code: &str,
        customer: CustomerId,
        now: i64,
    ) -> impl std::future::Future<Output = Result<Grant>> + Send;
    /// The Google Analytics properties of the customer's connected account.
    fn ga_properties(&self, customer: CustomerId) -> impl std::future::Future<Output = Result<Vec<GaProperty>>> + Send;
    /// The accounts or portals of the customer's connected login for `identifier`.
    fn accounts(
        &self,
        identifier: &str,
        customer: CustomerId,
    ) -> impl std::future::Future<Output = Result<Vec<ProviderAccount>>> + Send;
}

/// The sandbox provider, in this server's database.
pub struct Sandbox<'a>(pub &'a AnyPool);

pub const SANDBOX_AUTHORIZE_PATH: &str = "/sandbox/oauth/authorize";

fn query_escape(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

impl AdPlatforms for Sandbox<'_> {
    fn authorize_url(&self, identifier: &str, state: &str, redirect_uri: &str) -> String {
        format!(
            "{SANDBOX_AUTHORIZE_PATH}?client_id=calltrack&response_type=code&scope={}&state={}&redirect_uri={}",
            query_escape(identifier),
            query_escape(state),
            query_escape(redirect_uri)
        )
    }

    async fn exchange(&self, identifier: &str, code: &str, customer: CustomerId, now: i64) -> Result<Grant> {
        let account = sandbox::use_code(self.0, &token_hash(code), identifier, customer, now).await?;
        account.map(|account| Grant { account }).ok_or(ProviderError::Refused)
    }

    async fn ga_properties(&self, customer: CustomerId) -> Result<Vec<GaProperty>> {
        Ok(sandbox::ga_properties(self.0, customer).await?)
    }

    async fn accounts(&self, identifier: &str, customer: CustomerId) -> Result<Vec<ProviderAccount>> {
        Ok(sandbox::accounts(self.0, identifier, customer).await?)
    }
}

/// The accounts a first sandbox consent gives the customer's login: two Google Ads accounts, or
/// two HubSpot portals (ids made from the customer's, so each customer's differ).
pub fn sandbox_accounts(identifier: &str, customer: CustomerId, customer_name: &str) -> Vec<ProviderAccount> {
    let account = |account_id: String, name: String| ProviderAccount { account_id, name };
    match identifier {
        "google_ads" => vec![
            account(
                format!("{:03}-{:03}-0001", customer.get() / 1000 % 1000, customer.get() % 1000),
                format!("{customer_name} – Search"),
            ),
            account(
                format!("{:03}-{:03}-0002", customer.get() / 1000 % 1000, customer.get() % 1000),
                format!("{customer_name} – Display"),
            ),
        ],
        "hubspot" => vec![
            account(format!("{}01", 4_000_000 + customer.get()), customer_name.to_string()),
            account(format!("{}02", 4_000_000 + customer.get()), format!("{customer_name} (test portal)")),
        ],
        _ => Vec::new(),
    }
}

/// The sandbox consent page's Allow: a code for the integration, naming the customer's account
/// at the provider. A first Google Analytics consent gives the account a property per website;
/// a first Google Ads or HubSpot one, its accounts or portals (`sandbox_accounts`).
pub async fn sandbox_consent(
    db: &AnyPool,
    customer: CustomerId,
    customer_name: &str,
    identifier: &str,
    account: &str,
    now: i64,
) -> sqlx::Result<String> {
    let code = random_token();
    let accounts = sandbox_accounts(identifier, customer, customer_name);
    let consent = sandbox::Consent {
        code_hash: &token_hash(&code),
        customer,
        identifier,
        account,
        expires_at: now + CODE_SECONDS,
        ga_properties: identifier == "google_analytics",
        accounts: &accounts,
    };
    sandbox::consent(db, &consent, now).await?;
    Ok(code)
}
