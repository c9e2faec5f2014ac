//! Failed password attempts, shared by every server process through the database. They are
//! counted per account *and source address*, so a stranger's guesses lock out only the
//! stranger, and per source address across accounts, so spraying many accounts is slowed.

use sqlx::AnyPool;

/// Failures allowed for one account from one address within the window; the next is refused.
pub const MAX_FAILURES: i64 = 5;
/// Failures allowed from one address across all accounts within the window.
pub const MAX_SOURCE_FAILURES: i64 = 20;
pub const WINDOW_SECONDS: i64 = 60;

pub async fn is_locked(db: &AnyPool, email: &str, source: &str, now: i64) -> sqlx::Result<bool> {
    let (this_account, this_source): (i64, i64) = sqlx::query_as(
        "SELECT COUNT(*) FILTER (WHERE LOWER(email) = LOWER($1)), COUNT(*) FROM login_failures
         WHERE source = $2 AND failed_at > $3",
    )
    .bind(email.trim())
    .bind(source)
    .bind(now - WINDOW_SECONDS)
    .fetch_one(db)
    .await?;
    Ok(this_account >= MAX_FAILURES || this_source >= MAX_SOURCE_FAILURES)
}

pub async fn record_failure(db: &AnyPool, email: &str, source: &str, now: i64) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM login_failures WHERE failed_at <= $1")
        .bind(now - WINDOW_SECONDS)
        .execute(&mut *tx)
        .await?;
    sqlx::query("INSERT INTO login_failures (email, source, failed_at) VALUES ($1, $2, $3)")
        .bind(email.trim())
        .bind(source)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await
}

/// A success from this address forgets its failures on that account.
pub async fn clear(db: &AnyPool, email: &str, source: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM login_failures WHERE LOWER(email) = LOWER($1) AND source = $2")
        .bind(email.trim())
        .bind(source)
        .execute(db)
        .await?;
    Ok(())
}
