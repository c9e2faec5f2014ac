//! The ad and analytics platforms the integrations connect to, behind a trait, and a sandbox
//! provider of our own that behaves like their OAuth: a consent page (served by our server,
//! `http::sandbox_oauth`) hands out a short-lived, single-use code for the integration the user
//! agreed to; exchanging it yields the account connected. Google Analytics' properties come
//! from the provider too.

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

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct GaProperty {
    pub ua: String,
    pub url: String,
}

/// An account (Google Ads) or portal (HubSpot) of the customer's login at the provider.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct ProviderAccount {
    pub account_id: String,
    pub name: String,
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
        let row: Option<(String,)> = sqlx::query_as(
            "UPDATE sandbox_oauth_codes SET used_at = $1
             WHERE code_hash = $2 AND identifier = $3 AND customer_id = $4 AND used_at IS NULL AND expires_at > $1
             RETURNING account",
        )
        .bind(now)
        .bind(token_hash(code))
        .bind(identifier)
        .bind(customer)
        .fetch_optional(self.0)
        .await?;
        row.map(|(account,)| Grant { account }).ok_or(ProviderError::Refused)
    }

    async fn ga_properties(&self, customer: CustomerId) -> Result<Vec<GaProperty>> {
        Ok(sqlx::query_as("SELECT ua, url FROM sandbox_ga_properties WHERE customer_id = $1 ORDER BY ua")
            .bind(customer)
            .fetch_all(self.0)
            .await?)
    }

    async fn accounts(&self, identifier: &str, customer: CustomerId) -> Result<Vec<ProviderAccount>> {
        Ok(sqlx::query_as(
            "SELECT account_id, name FROM sandbox_provider_accounts WHERE customer_id = $1 AND identifier = $2 ORDER BY account_id",
        )
        .bind(customer)
        .bind(identifier)
        .fetch_all(self.0)
        .await?)
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
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM sandbox_oauth_codes WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO sandbox_oauth_codes (code_hash, customer_id, identifier, account, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash(&code))
    .bind(customer)
    .bind(identifier)
    .bind(account)
    .bind(now + CODE_SECONDS)
    .execute(&mut *tx)
    .await?;
    if identifier == "google_analytics" {
        let (existing,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sandbox_ga_properties WHERE customer_id = $1")
            .bind(customer)
            .fetch_one(&mut *tx)
            .await?;
        if existing == 0 {
            let sites: Vec<(String,)> =
                sqlx::query_as("SELECT url FROM dynamic_urls WHERE customer_id = $1 ORDER BY id LIMIT 3")
                    .bind(customer)
                    .fetch_all(&mut *tx)
                    .await?;
            let sites = if sites.is_empty() { vec![("https://www.example.co.uk/".to_string(),)] } else { sites };
            for (i, (url,)) in sites.iter().enumerate() {
                sqlx::query("INSERT INTO sandbox_ga_properties (customer_id, ua, url) VALUES ($1, $2, $3)")
                    .bind(customer)
                    .bind(format!("G-{customer:06}{i:02}"))
                    .bind(url)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    for found in sandbox_accounts(identifier, customer, customer_name) {
        sqlx::query(
            "INSERT INTO sandbox_provider_accounts (customer_id, identifier, account_id, name) VALUES ($1, $2, $3, $4)
             ON CONFLICT (customer_id, identifier, account_id) DO NOTHING",
        )
        .bind(customer)
        .bind(identifier)
        .bind(&found.account_id)
        .bind(&found.name)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(code)
}
