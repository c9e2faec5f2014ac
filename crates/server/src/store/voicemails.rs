//! Voicemail boxes (a description and the greeting audio), scoped by the customer.

use crate::store::CustomerId;
use sqlx::{Any, AnyConnection, Executor, FromRow};

#[derive(Debug, Clone, FromRow)]
pub struct Voicemail {
    pub id: i64,
    pub description: String,
    pub audio_id: i64,
}

pub async fn list(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Voicemail>> {
    sqlx::query_as(
        "SELECT id, description, audio_id FROM voicemails WHERE customer_id = $1 ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn find<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
) -> sqlx::Result<Option<Voicemail>> {
    sqlx::query_as("SELECT id, description, audio_id FROM voicemails WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .fetch_optional(db)
        .await
}

/// The customer's voicemails greeting callers with this audio.
pub async fn using_audio(
    conn: &mut AnyConnection,
    customer_id: CustomerId,
    audio_id: i64,
) -> sqlx::Result<Vec<Voicemail>> {
    sqlx::query_as(
        "SELECT id, description, audio_id FROM voicemails WHERE customer_id = $1 AND audio_id = $2
         ORDER BY LOWER(description), id",
    )
    .bind(customer_id)
    .bind(audio_id)
    .fetch_all(&mut *conn)
    .await
}

pub async fn insert<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    description: &str,
    audio_id: i64,
) -> sqlx::Result<i64> {
    let id = sqlx::query_scalar::<_, i64>(
        "INSERT INTO voicemails (customer_id, description, audio_id) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(customer_id)
    .bind(description)
    .bind(audio_id)
    .fetch_one(db)
    .await?;
    Ok(id)
}

pub async fn update<'e>(
    db: impl Executor<'e, Database = Any>,
    customer_id: CustomerId,
    id: i64,
    description: &str,
    audio_id: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE voicemails SET description = $1, audio_id = $2 WHERE customer_id = $3 AND id = $4")
        .bind(description)
        .bind(audio_id)
        .bind(customer_id)
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}
