//! The integrations each customer has set up, and the connect flows under way.

use crate::store::CustomerId;
use std::collections::BTreeMap;

use sqlx::AnyPool;

use crate::security::{random_token, token_hash};
use crate::store::sessions::Session;

/// A connect flow must come back within this long.
pub const STATE_SECONDS: i64 = 10 * 60;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Configured {
    pub identifier: String,
    pub account: String,
    pub settings: String,
    pub connected_at: i64,
    /// 1 when a secret (the FTP password, sealed) is stored; never the secret itself.
    pub has_secret: i64,
    /// The SFTP server's host key the user confirmed (its fingerprint), "" for none.
    pub host_key: String,
}

impl Configured {
    /// The stored settings (an object of strings; anything else reads as none).
    pub fn settings_map(&self) -> BTreeMap<String, String> {
        serde_json::from_str(&self.settings).unwrap_or_default()
    }
}

pub async fn list(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<Configured>> {
    sqlx::query_as(
        "SELECT identifier, account, settings, connected_at, CASE WHEN secret = '' THEN 0 ELSE 1 END AS has_secret, host_key FROM customer_integrations WHERE customer_id = $1 ORDER BY identifier",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

pub async fn find(db: &AnyPool, customer: CustomerId, identifier: &str) -> sqlx::Result<Option<Configured>> {
    sqlx::query_as(
        "SELECT identifier, account, settings, connected_at, CASE WHEN secret = '' THEN 0 ELSE 1 END AS has_secret, host_key FROM customer_integrations WHERE customer_id = $1 AND identifier = $2",
    )
    .bind(customer)
    .bind(identifier)
    .fetch_optional(db)
    .await
}

/// Sets the integration up (again): the account and settings replace what was there; `secret`
/// (already sealed) and `host_key` replace the stored ones when given, else those are kept.
#[allow(clippy::too_many_arguments)]
pub async fn configure(
    db: &AnyPool,
    customer: CustomerId,
    identifier: &str,
    account: &str,
    settings: &BTreeMap<String, String>,
    secret: Option<&str>,
    host_key: Option<&str>,
    user: i64,
    now: i64,
) -> sqlx::Result<()> {
    let settings = serde_json::to_string(settings).unwrap_or_else(|_| "{}".into());
    sqlx::query(
        "INSERT INTO customer_integrations (customer_id, identifier, account, settings, secret, host_key, connected_at, connected_by)
         VALUES ($1, $2, $3, $4, COALESCE($5, ''), COALESCE($6, ''), $7, $8)
         ON CONFLICT (customer_id, identifier)
         DO UPDATE SET account = excluded.account, settings = excluded.settings,
                       secret = COALESCE($5, customer_integrations.secret),
                       host_key = COALESCE($6, customer_integrations.host_key),
                       connected_at = excluded.connected_at, connected_by = excluded.connected_by",
    )
    .bind(customer)
    .bind(identifier)
    .bind(account)
    .bind(settings)
    .bind(secret)
    .bind(host_key)
    .bind(now)
    .bind(user)
    .execute(db)
    .await?;
    Ok(())
}

/// The stored secret (sealed) of a configured integration, "" when none.
pub async fn secret(db: &AnyPool, customer: CustomerId, identifier: &str) -> sqlx::Result<Option<String>> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT secret FROM customer_integrations WHERE customer_id = $1 AND identifier = $2")
            .bind(customer)
            .bind(identifier)
            .fetch_optional(db)
            .await?;
    Ok(row.map(|(s,)| s))
}

/// Replaces the settings of a configured integration; false when it is not configured.
pub async fn update_settings(
    db: &AnyPool,
    customer: CustomerId,
    identifier: &str,
    settings: &BTreeMap<String, String>,
) -> sqlx::Result<bool> {
    let settings = serde_json::to_string(settings).unwrap_or_else(|_| "{}".into());
    let done = sqlx::query("UPDATE customer_integrations SET settings = $1 WHERE customer_id = $2 AND identifier = $3")
        .bind(settings)
        .bind(customer)
        .bind(identifier)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Unconfigures the integration; false when it was not configured.
pub async fn remove(db: &AnyPool, customer: CustomerId, identifier: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM customer_integrations WHERE customer_id = $1 AND identifier = $2")
        .bind(customer)
        .bind(identifier)
        .execute(db)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A connect flow that came back: who started it, for what, and where to return.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ConnectFlow {
    pub customer_id: CustomerId,
    pub identifier: String,
    pub return_to: String,
}

/// Starts a connect flow for this session: the state to hand the provider.
pub async fn begin_connect(
    db: &AnyPool,
    session: &Session,
    identifier: &str,
    return_to: &str,
    now: i64,
) -> sqlx::Result<String> {
    let state = random_token();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM oauth_states WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO oauth_states (state_hash, customer_id, user_id, session_hash, identifier, return_to, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(token_hash(&state))
    .bind(session.customer_id)
    .bind(session.user_id)
    .bind(&session.token_hash)
    .bind(identifier)
    .bind(return_to)
    .bind(now + STATE_SECONDS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(state)
}

/// The flow of a returning state, if this session started it, in time, and it was not used;
/// it is used up either way.
pub async fn finish_connect(
    db: &AnyPool,
    session: &Session,
    state: &str,
    now: i64,
) -> sqlx::Result<Option<ConnectFlow>> {
    sqlx::query_as(
        "UPDATE oauth_states SET used_at = $1
         WHERE state_hash = $2 AND user_id = $3 AND session_hash = $4 AND used_at IS NULL AND expires_at > $1
         RETURNING customer_id, identifier, return_to",
    )
    .bind(now)
    .bind(token_hash(state))
    .bind(session.user_id)
    .bind(&session.token_hash)
    .fetch_optional(db)
    .await
}
