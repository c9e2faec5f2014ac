//! Mail the server sends. With no relay on this machine the outbox is the delivery: each
//! message is stored, logged, and shown on /outbox when DEV_OUTBOX=1.

use sqlx::{AnyConnection, AnyPool, FromRow};

#[derive(Debug, Clone, FromRow)]
pub struct Mail {
    pub id: i64,
    pub to_email: String,
    pub subject: String,
    pub body_text: String,
    pub link: Option<String>,
    pub created_at: i64,
}

pub async fn send(db: &AnyPool, to: &str, subject: &str, body: &str, link: Option<&str>, now: i64) -> sqlx::Result<()> {
    send_on(&mut *db.acquire().await?, to, subject, body, link, now).await
}

/// `send` on a connection or in a transaction (the mail is written when it commits).
pub async fn send_on(
    conn: &mut AnyConnection,
    to: &str,
    subject: &str,
    body: &str,
    link: Option<&str>,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO outbox (to_email, subject, body_text, link, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(to)
        .bind(subject)
        .bind(body)
        .bind(link)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    // Never the link or body: a reset link is as good as a password.
    tracing::info!(to, subject, "mail sent to the outbox");
    Ok(())
}

pub async fn latest(db: &AnyPool, limit: i64) -> sqlx::Result<Vec<Mail>> {
    sqlx::query_as("SELECT id, to_email, subject, body_text, link, created_at FROM outbox ORDER BY id DESC LIMIT $1")
        .bind(limit)
        .fetch_all(db)
        .await
}
