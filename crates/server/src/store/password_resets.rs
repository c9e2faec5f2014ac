//! Password reset links: single use, expiring, only a hash stored.

use sqlx::AnyPool;

use crate::security::{random_token, token_hash};

pub const VALID_SECONDS: i64 = 24 * 60 * 60;

/// A new reset token for the user; earlier unused ones stop working.
pub async fn issue(db: &AnyPool, user_id: i64, now: i64) -> sqlx::Result<String> {
    let token = random_token();
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1 OR expires_at <= $2")
        .bind(user_id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO password_resets (token_hash, user_id, expires_at) VALUES ($1, $2, $3)")
        .bind(token_hash(&token))
        .bind(user_id)
        .bind(now + VALID_SECONDS)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(token)
}

/// The user a live token belongs to, without using it up.
pub async fn peek(db: &AnyPool, token: &str, now: i64) -> sqlx::Result<Option<i64>> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT user_id FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2",
    )
    .bind(token_hash(token))
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Sets the new password if the token is live, using it up, and ends the user's sessions.
/// Returns false for a used, expired or unknown token.
pub async fn redeem(db: &AnyPool, token: &str, password_hash: &str, now: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let row: Option<(i64,)> = sqlx::query_as(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id",
    )
    .bind(now)
    .bind(token_hash(token))
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some((user_id,)) = row else { return Ok(false) };
    sqlx::query("UPDATE users SET password_hash = $1 WHERE id = $2")
        .bind(password_hash)
        .bind(user_id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    tx.commit().await?;
    Ok(true)
}
