//! The lists a static number is filed under: the customer's campaigns, channels,
//! departments and media owners.

use crate::store::CustomerId;
use domain::services::inline_add::InlineList;
use sqlx::AnyPool;

fn table(list: InlineList) -> &'static str {
    match list {
        InlineList::Campaign => "campaigns",
        InlineList::Channel => "channels",
        InlineList::Department => "departments",
        InlineList::MediaOwner => "media_owners",
    }
}

/// (id, description), newest first (a new item goes to the top of the list).
pub async fn list(db: &AnyPool, customer: CustomerId, list: InlineList) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as(&format!("SELECT id, description FROM {} WHERE customer_id = $1 ORDER BY id DESC", table(list)))
        .bind(customer)
        .fetch_all(db)
        .await
}

/// Whether the item is the customer's.
pub async fn owns(db: &AnyPool, customer: CustomerId, list: InlineList, id: i64) -> sqlx::Result<bool> {
    let found: Option<(i64,)> =
        sqlx::query_as(&format!("SELECT id FROM {} WHERE id = $1 AND customer_id = $2", table(list)))
            .bind(id)
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(found.is_some())
}

/// Adds an item; None when the customer has one of that description already (the unique index
/// decides, so two tabs adding the same one at once make one).
pub async fn insert(
    db: &AnyPool,
    customer: CustomerId,
    list: InlineList,
    description: &str,
    now: i64,
) -> sqlx::Result<Option<i64>> {
    let created: Option<(i64,)> = sqlx::query_as(&format!(
        "INSERT INTO {} (customer_id, description, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING id",
        table(list)
    ))
    .bind(customer)
    .bind(description.trim())
    .bind(now)
    .fetch_optional(db)
    .await?;
    Ok(created.map(|(id,)| id))
}
