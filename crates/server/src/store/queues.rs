//! Call queues, scoped by the customer.

use crate::store::CustomerId;
use sqlx::{AnyConnection, FromRow};

#[derive(Debug, Clone, Default, FromRow)]
pub struct Queue {
    pub id: i64,
    pub description: String,
    pub max_calls: i64,
    pub lines_qty: i64,
    pub hold_music: i64,
    pub message_mode: i64,
    pub message_interval: i64,
    pub welcome_audio_id: i64,
    pub audio_1_id: i64,
    pub audio_2_id: i64,
    pub audio_3_id: i64,
    pub next_in_line_audio_id: i64,
    pub queue_full_audio_id: i64,
}

impl Queue {
    /// The six audio slots with their names as the affected-locations list shows them.
    pub fn audio_slots(&self) -> [(&'static str, i64); 6] {
        [
            ("Welcome", self.welcome_audio_id),
            ("Message 1", self.audio_1_id),
            ("Message 2", self.audio_2_id),
            ("Message 3", self.audio_3_id),
            ("Next in line", self.next_in_line_audio_id),
            ("Queue full", self.queue_full_audio_id),
        ]
    }
}

const SELECT: &str = "SELECT id, description, max_calls, lines_qty, hold_music, message_mode, message_interval,
        welcome_audio_id, audio_1_id, audio_2_id, audio_3_id, next_in_line_audio_id, queue_full_audio_id
     FROM queues";

pub async fn list(conn: &mut AnyConnection, customer_id: CustomerId) -> sqlx::Result<Vec<Queue>> {
    sqlx::query_as(&format!("{SELECT} WHERE customer_id = $1 ORDER BY LOWER(description), id"))
        .bind(customer_id)
        .fetch_all(&mut *conn)
        .await
}

pub async fn find(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<Queue>> {
    sqlx::query_as(&format!("{SELECT} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(&mut *conn)
        .await
}

/// One of the customer's queues, read on `conn` (in a transaction).
pub async fn find_in(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Option<Queue>> {
    sqlx::query_as(&format!("{SELECT} WHERE customer_id = $1 AND id = $2"))
        .bind(customer_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// The descriptions of the customer's queues other than `except` (0: all).
pub async fn descriptions(conn: &mut AnyConnection, customer_id: CustomerId, except: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT description FROM queues WHERE customer_id = $1 AND id <> $2")
        .bind(customer_id)
        .bind(except)
        .fetch_all(&mut *conn)
        .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}

/// Creates (`queue.id` 0) or updates one of the customer's queues, in the caller's transaction
/// (the routing history records the change in the same one); returns its id.
pub async fn save(db: &mut AnyConnection, customer_id: CustomerId, queue: &Queue) -> sqlx::Result<i64> {
    let q = queue;
    if q.id == 0 {
        let id = sqlx::query_scalar::<_, i64>(
            "INSERT INTO queues (customer_id, description, max_calls, lines_qty, hold_music, message_mode,
             message_interval, welcome_audio_id, audio_1_id, audio_2_id, audio_3_id, next_in_line_audio_id,
             queue_full_audio_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING id",
        )
        .bind(customer_id)
        .bind(&q.description)
        .bind(q.max_calls)
        .bind(q.lines_qty)
        .bind(q.hold_music)
        .bind(q.message_mode)
        .bind(q.message_interval)
        .bind(q.welcome_audio_id)
        .bind(q.audio_1_id)
        .bind(q.audio_2_id)
        .bind(q.audio_3_id)
        .bind(q.next_in_line_audio_id)
        .bind(q.queue_full_audio_id)
        .fetch_one(&mut *db)
        .await?;
        return Ok(id);
    }
    sqlx::query(
        "UPDATE queues SET description = $1, max_calls = $2, lines_qty = $3, hold_music = $4, message_mode = $5,
         message_interval = $6, welcome_audio_id = $7, audio_1_id = $8, audio_2_id = $9, audio_3_id = $10,
         next_in_line_audio_id = $11, queue_full_audio_id = $12 WHERE customer_id = $13 AND id = $14",
    )
    .bind(&q.description)
    .bind(q.max_calls)
    .bind(q.lines_qty)
    .bind(q.hold_music)
    .bind(q.message_mode)
    .bind(q.message_interval)
    .bind(q.welcome_audio_id)
    .bind(q.audio_1_id)
    .bind(q.audio_2_id)
    .bind(q.audio_3_id)
    .bind(q.next_in_line_audio_id)
    .bind(q.queue_full_audio_id)
    .bind(customer_id)
    .bind(q.id)
    .execute(&mut *db)
    .await?;
    Ok(q.id)
}

/// Puts back a queue that a rollback restores after its creation was undone: the same id.
pub async fn insert_with_id(conn: &mut AnyConnection, customer_id: CustomerId, queue: &Queue) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO queues (id, customer_id, description, max_calls, lines_qty, hold_music, message_mode,
         message_interval) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(queue.id)
    .bind(customer_id)
    .bind(&queue.description)
    .bind(queue.max_calls)
    .bind(queue.lines_qty)
    .bind(queue.hold_music)
    .bind(queue.message_mode)
    .bind(queue.message_interval)
    .execute(&mut *conn)
    .await?;
    // The audio and the rest as an update does them.
    save(conn, customer_id, queue).await?;
    Ok(())
}

/// Removes one of the customer's queues (a rollback of its creation; the caller has made sure
/// no destination plan uses it).
pub async fn delete(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM queues WHERE customer_id = $1 AND id = $2")
        .bind(customer_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The descriptions of the customer's destination plans using a queue.
pub async fn users(conn: &mut AnyConnection, customer_id: CustomerId, id: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT description FROM destination_plans WHERE customer_id = $1 AND queue_id = $2")
            .bind(customer_id)
            .bind(id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(d,)| d).collect())
}
