//! Partner branding: the top-bar colours and PNG images a partner shows in its portal and in
//! its clients' admin area.

use crate::store::CustomerId;
use sqlx::{Any, AnyPool, FromRow, Transaction};

#[derive(Debug, Clone, FromRow)]
pub struct Branding {
    pub partner_id: CustomerId,
    pub top_bar_background: String,
    pub top_bar_text: String,
    pub has_logo: i64,
    pub has_favicon: i64,
    pub updated_at: i64,
}

/// The branding a customer's admin area shows: its own when it is a partner, else its
/// partner's; None when that partner has set none.
pub async fn for_customer(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<Option<Branding>> {
    sqlx::query_as(
        "SELECT b.partner_id, b.top_bar_background, b.top_bar_text,
                CASE WHEN b.logo_png IS NULL THEN 0 ELSE 1 END AS has_logo,
                CASE WHEN b.favicon_png IS NULL THEN 0 ELSE 1 END AS has_favicon, b.updated_at
         FROM customers c JOIN partner_branding b
           ON b.partner_id = CASE WHEN c.is_partner = 1 THEN c.id ELSE c.partner_id END
         WHERE c.id = $1",
    )
    .bind(customer_id)
    .fetch_optional(db)
    .await
}

/// What a save does to a stored image.
pub enum ImageChange {
    Keep,
    Replace(Vec<u8>),
    Remove,
}

pub async fn save(
    tx: &mut Transaction<'_, Any>,
    partner_id: CustomerId,
    (background, text): (&str, &str),
    logo: ImageChange,
    favicon: ImageChange,
    user_id: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO partner_branding (partner_id, top_bar_background, top_bar_text, updated_by, updated_at)
         VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (partner_id) DO UPDATE SET top_bar_background = excluded.top_bar_background,
             top_bar_text = excluded.top_bar_text, updated_by = excluded.updated_by, updated_at = excluded.updated_at",
    )
    .bind(partner_id)
    .bind(background)
    .bind(text)
    .bind(user_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    for (column, change) in [("logo_png", logo), ("favicon_png", favicon)] {
        // Column names are ours, not input.
        let sql = format!("UPDATE partner_branding SET {column} = $1 WHERE partner_id = $2");
        match change {
            ImageChange::Keep => {}
            ImageChange::Replace(bytes) => {
                sqlx::query(&sql).bind(bytes).bind(partner_id).execute(&mut **tx).await?;
            }
            ImageChange::Remove => {
                sqlx::query(&sql).bind(None::<Vec<u8>>).bind(partner_id).execute(&mut **tx).await?;
            }
        }
    }
    Ok(())
}

/// The logo or favicon a customer's admin area shows (see `for_customer`).
pub async fn image(db: &AnyPool, customer_id: CustomerId, favicon: bool) -> sqlx::Result<Option<Vec<u8>>> {
    let column = if favicon { "favicon_png" } else { "logo_png" };
    let row: Option<(Option<Vec<u8>>,)> = sqlx::query_as(&format!(
        "SELECT b.{column} FROM customers c JOIN partner_branding b
           ON b.partner_id = CASE WHEN c.is_partner = 1 THEN c.id ELSE c.partner_id END
         WHERE c.id = $1"
    ))
    .bind(customer_id)
    .fetch_optional(db)
    .await?;
    Ok(row.and_then(|(bytes,)| bytes))
}
