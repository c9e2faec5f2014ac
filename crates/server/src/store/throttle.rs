//! Failed password attempts per account, shared by every server process through the database.

use sqlx::SqlitePool;

/// Failures allowed within the window; the next attempt is refused.
pub const MAX_FAILURES: i64 = 5;
pub const WINDOW_SECONDS: i64 = 60;

pub async fn is_locked(db: &SqlitePool, email: &str, now: i64) -> sqlx::Result<bool> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM login_failures WHERE email = ? AND failed_at > ?")
        .bind(email.trim())
        .bind(now - WINDOW_SECONDS)
        .fetch_one(db)
        .await?;
    Ok(count >= MAX_FAILURES)
}

pub async fn record_failure(db: &SqlitePool, email: &str, now: i64) -> sqlx::Result<()> {
    let mut tx = db.begin().await?;
    sqlx::query("DELETE FROM login_failures WHERE failed_at <= ?").bind(now - WINDOW_SECONDS).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO login_failures (email, failed_at) VALUES (?, ?)")
        .bind(email.trim())
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

pub async fn clear(db: &SqlitePool, email: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE email = ?").bind(email.trim()).execute(db).await?;
    Ok(())
}
