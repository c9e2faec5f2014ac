//! Keys from handleajax/confirmPassword. A destructive call presents one; it is good for a few
//! minutes, for the same user and session, and only once.

use sqlx::AnyPool;

use crate::security::{random_token, token_hash};
use crate::store::sessions::Session;

pub const VALID_SECONDS: i64 = 5 * 60;

pub async fn issue(db: &AnyPool, session: &Session, now: i64) -> sqlx::Result<String> {
    let key = random_token();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM password_confirmations WHERE expires_at <= $1").bind(now).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO password_confirmations (key_hash, user_id, session_hash, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind(token_hash(&key))
    .bind(session.user_id)
    .bind(&session.token_hash)
    .bind(now + VALID_SECONDS)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(key)
}

/// True when the key was issued to this session, has not expired and had not been used; it
/// is used up by this call either way.
pub async fn consume(db: &AnyPool, session: &Session, key: &str, now: i64) -> sqlx::Result<bool> {
    let used = sqlx::query(
        "UPDATE password_confirmations SET used_at = $1
         WHERE key_hash = $2 AND user_id = $3 AND session_hash = $4 AND used_at IS NULL AND expires_at > $5",
    )
    .bind(now)
    .bind(token_hash(key))
    .bind(session.user_id)
    .bind(&session.token_hash)
    .bind(now)
    .execute(db)
    .await?;
    Ok(used.rows_affected() == 1)
}
