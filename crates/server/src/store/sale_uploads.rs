//! Sales files uploaded for import (migration 0055): kept so that the column mapping
//! and a retry are pages of their own (/importsales/fieldmapping/{id}, .../retry). A customer
//! keeps its newest `KEPT` uploads, each for `KEPT_SECONDS` (housekeeping).

use crate::store::CustomerId;
use sqlx::AnyPool;

/// Uploads a customer keeps at most: storing another drops the oldest.
pub const KEPT: i64 = 20;
/// How long an upload is kept: a week.
pub const KEPT_SECONDS: i64 = 7 * 24 * 60 * 60;

/// Stores an upload of the customer's user; drops the customer's oldest beyond `KEPT`, in the
/// same transaction. The upload's id.
pub async fn insert(
    db: &AnyPool,
    customer: CustomerId,
    user: i64,
    file_name: &str,
    content: &[u8],
    now: i64,
) -> sqlx::Result<i64> {
    let mut tx = crate::db::begin_write(db).await?;
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO sale_uploads (customer_id, user_id, file_name, content, created_at)
         VALUES ($1, $2, $3, $4, $5) RETURNING id",
    )
    .bind(customer)
    .bind(user)
    .bind(file_name)
    .bind(content)
    .bind(now)
    .fetch_one(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM sale_uploads WHERE customer_id = $1 AND id NOT IN
           (SELECT id FROM sale_uploads WHERE customer_id = $1 ORDER BY id DESC LIMIT $2)",
    )
    .bind(customer)
    .bind(KEPT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(id)
}

/// The customer's upload: its file name and content; None when it is another customer's, gone
/// or never was.
pub async fn load(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<(String, Vec<u8>)>> {
    sqlx::query_as("SELECT file_name, content FROM sale_uploads WHERE customer_id = $1 AND id = $2")
        .bind(customer)
        .bind(id)
        .fetch_optional(db)
        .await
}
