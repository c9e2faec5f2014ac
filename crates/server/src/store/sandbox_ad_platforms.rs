//! The ad platforms' OAuth sandbox: the codes its consent page gives, the Google Analytics
//! properties and the Google Ads / HubSpot accounts it knows each customer by, as the outside
//! provider would keep them.

use sqlx::AnyPool;

use crate::store::CustomerId;

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

/// Uses the code (once, for its integration and customer, before it expires); the account it
/// names.
pub async fn use_code(
    db: &AnyPool,
    code_hash: &str,
    identifier: &str,
    customer: CustomerId,
    now: i64,
) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> = sqlx::query_as(
        "UPDATE sandbox_oauth_codes SET used_at = $1
         WHERE code_hash = $2 AND identifier = $3 AND customer_id = $4 AND used_at IS NULL AND expires_at > $1
         RETURNING account",
    )
    .bind(now)
    .bind(code_hash)
    .bind(identifier)
    .bind(customer)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(account,)| account))
}

pub async fn ga_properties(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<GaProperty>> {
    sqlx::query_as("SELECT ua, url FROM sandbox_ga_properties WHERE customer_id = $1 ORDER BY ua")
        .bind(customer)
        .fetch_all(db)
        .await
}

pub async fn accounts(db: &AnyPool, identifier: &str, customer: CustomerId) -> sqlx::Result<Vec<ProviderAccount>> {
    sqlx::query_as(
        "SELECT account_id, name FROM sandbox_provider_accounts WHERE customer_id = $1 AND identifier = $2 ORDER BY account_id",
    )
    .bind(customer)
    .bind(identifier)
    .fetch_all(db)
    .await
}

/// What one Allow on the consent page stores.
pub struct Consent<'a> {
    pub code_hash: &'a str,
    pub customer: CustomerId,
    pub identifier: &'a str,
    pub account: &'a str,
    pub expires_at: i64,
    /// A first Google Analytics consent: a property per website (up to three; one example site
    /// when the customer has none).
    pub ga_properties: bool,
    /// The accounts or portals the login has there (kept once each).
    pub accounts: &'a [ProviderAccount],
}

/// Stores the consent's code (dropping expired ones), and on a first consent what the customer's
/// login has at the provider, in one transaction.
pub async fn consent(db: &AnyPool, c: &Consent<'_>, now: i64) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM sandbox_oauth_codes WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO sandbox_oauth_codes (code_hash, customer_id, identifier, account, expires_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(c.code_hash)
    .bind(c.customer)
    .bind(c.identifier)
    .bind(c.account)
    .bind(c.expires_at)
    .execute(&mut *tx)
    .await?;
    if c.ga_properties {
        let (existing,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM sandbox_ga_properties WHERE customer_id = $1")
            .bind(c.customer)
            .fetch_one(&mut *tx)
            .await?;
        if existing == 0 {
            let sites: Vec<(String,)> =
                sqlx::query_as("SELECT url FROM dynamic_urls WHERE customer_id = $1 ORDER BY id LIMIT 3")
                    .bind(c.customer)
                    .fetch_all(&mut *tx)
                    .await?;
            let sites = if sites.is_empty() { vec![("https://www.example.co.uk/".to_string(),)] } else { sites };
            for (i, (url,)) in sites.iter().enumerate() {
                sqlx::query("INSERT INTO sandbox_ga_properties (customer_id, ua, url) VALUES ($1, $2, $3)")
                    .bind(c.customer)
                    .bind(format!("G-{:06}{i:02}", c.customer.get()))
                    .bind(url)
                    .execute(&mut *tx)
                    .await?;
            }
        }
    }
    for found in c.accounts {
        sqlx::query(
            "INSERT INTO sandbox_provider_accounts (customer_id, identifier, account_id, name) VALUES ($1, $2, $3, $4)
             ON CONFLICT (customer_id, identifier, account_id) DO NOTHING",
        )
        .bind(c.customer)
        .bind(c.identifier)
        .bind(&found.account_id)
        .bind(&found.name)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}
