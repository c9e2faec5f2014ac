//! Server-side sessions. The cookie holds a random token; the table holds its hash.

use crate::store::CustomerId;
use sqlx::AnyPool;

use super::session_reads::SessionReads;
use crate::security::{random_token, token_hash};

/// A session ends after 30 minutes without a request...
pub const IDLE_SECONDS: i64 = 30 * 60;
/// ...and 12 hours after login whatever happens.
pub const ABSOLUTE_SECONDS: i64 = 12 * 60 * 60;
/// Activity is written at most this often, not on every request.
const TOUCH_EVERY_SECONDS: i64 = 60;

#[derive(Debug, Clone)]
pub struct Session {
    pub token_hash: String,
    pub user_id: i64,
    pub customer_id: CustomerId,
}

/// Starts a session and returns the token for the cookie.
pub async fn create(db: &AnyPool, user_id: i64, customer_id: CustomerId, now: i64) -> sqlx::Result<String> {
    let token = random_token();
    sqlx::query(
        "INSERT INTO sessions (token_hash, user_id, customer_id, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(token_hash(&token))
    .bind(user_id)
    .bind(customer_id)
    .bind(now)
    .bind(now)
    .execute(db)
    .await?;
    Ok(token)
}

/// The live session for a token, marking it active; an expired one is deleted.
pub async fn find(db: &AnyPool, token: &str, now: i64) -> sqlx::Result<Option<Session>> {
    let hash = token_hash(token);
    let row: Option<(i64, CustomerId, i64, i64)> =
        sqlx::query_as("SELECT user_id, customer_id, created_at, last_seen_at FROM sessions WHERE token_hash = $1")
            .bind(&hash)
            .fetch_optional(db)
            .await?;
    let Some((user_id, customer_id, created_at, last_seen_at)) = row else { return Ok(None) };
    live(db, Session { token_hash: hash, user_id, customer_id }, (created_at, last_seen_at), now).await
}

/// The version numbers of the account state a session sees (migration 0052): the current
/// customer's, the user's and the user's home customer's. Triggers bump them in the transaction
/// of every write the state is derived from, so equal versions mean an equal state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StateVersions {
    pub customer: i64,
    pub user: i64,
    pub home: i64,
}

/// `find`, the session's state versions and the current customer's numbers version (migration
/// 0053), in one statement: what every `/api` request reads before it may use the account state
/// (`crate::caches::account_states`) or a numbers page (`crate::caches::kept_pages`) this process keeps. It is
/// read through `reads` (on SQLite, in place: `session_reads`); an expiry or the activity mark
/// is written through `db`.
pub async fn find_with_versions(
    db: &AnyPool,
    reads: &SessionReads,
    token: &str,
    now: i64,
) -> sqlx::Result<Option<(Session, StateVersions, i64)>> {
    let hash = token_hash(token);
    let row = reads
        .row(
            "SELECT s.user_id, s.customer_id, s.created_at, s.last_seen_at, c.state_version, u.state_version,
                    h.state_version, c.numbers_version
             FROM sessions s JOIN customers c ON c.id = s.customer_id JOIN users u ON u.id = s.user_id
                  JOIN customers h ON h.id = u.home_customer_id
             WHERE s.token_hash = $1",
            &hash,
        )
        .await?;
    let Some([user_id, customer_id, created_at, last_seen_at, customer, user, home, numbers]) = row else {
        return Ok(None);
    };
    let customer_id = CustomerId::new(customer_id);
    let session = live(db, Session { token_hash: hash, user_id, customer_id }, (created_at, last_seen_at), now).await?;
    Ok(session.map(|s| (s, StateVersions { customer, user, home }, numbers)))
}

/// The session if it has not expired (an expired one is deleted), its activity written at most
/// once a minute.
async fn live(
    db: &AnyPool,
    session: Session,
    (created_at, last_seen_at): (i64, i64),
    now: i64,
) -> sqlx::Result<Option<Session>> {
    if now - last_seen_at > IDLE_SECONDS || now - created_at > ABSOLUTE_SECONDS {
        sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(&session.token_hash).execute(db).await?;
        return Ok(None);
    }
    if now - last_seen_at >= TOUCH_EVERY_SECONDS {
        sqlx::query("UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2")
            .bind(now)
            .bind(&session.token_hash)
            .execute(db)
            .await?;
    }
    Ok(Some(session))
}

pub async fn delete(db: &AnyPool, token: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE token_hash = $1").bind(token_hash(token)).execute(db).await?;
    Ok(())
}

pub async fn switch_customer(db: &AnyPool, session: &Session, customer_id: CustomerId) -> sqlx::Result<()> {
    sqlx::query("UPDATE sessions SET customer_id = $1 WHERE token_hash = $2")
        .bind(customer_id)
        .bind(&session.token_hash)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends a user's sessions that are on one customer (their access to it has gone).
pub async fn end_on_customer(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    user_id: i64,
    customer_id: CustomerId,
) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND customer_id = $2")
        .bind(user_id)
        .bind(customer_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}
