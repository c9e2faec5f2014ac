//! The browser phones pushed into the engine, one login session's each (`browser_phones`).

use crate::store::CustomerId;
use sqlx::AnyPool;

pub async fn insert(
    db: &AnyPool,
    id: &str,
    session_hash: &str,
    customer: CustomerId,
    user: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO browser_phones (id, session_hash, customer_id, user_id, created_at) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(session_hash)
    .bind(customer)
    .bind(user)
    .bind(now)
    .execute(db)
    .await
    .map(|_| ())
}

/// The phones of a session.
pub async fn of_session(db: &AnyPool, session_hash: &str) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT id FROM browser_phones WHERE session_hash = $1 ORDER BY created_at, id")
        .bind(session_hash)
        .fetch_all(db)
        .await
}

/// The phones whose session has ended (logged out, expired or purged), at most `limit`.
pub async fn orphaned(db: &AnyPool, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT id FROM browser_phones p WHERE NOT EXISTS (SELECT 1 FROM sessions s WHERE s.token_hash = p.session_hash)
         ORDER BY created_at, id LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db)
    .await
}

pub async fn delete(db: &AnyPool, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM browser_phones WHERE id = $1").bind(id).execute(db).await.map(|_| ())
}
