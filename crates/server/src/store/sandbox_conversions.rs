//! The ad platforms' sandbox for conversion uploads: what it received, and its outages (a
//! platform down until a time), as the outside platform would keep them.

use sqlx::AnyPool;

use crate::store::conversions::DueUpload;

/// Whether the platform is down at `now`.
pub async fn is_down(db: &AnyPool, platform: &str, now: i64) -> sqlx::Result<bool> {
    let out: Option<i64> =
        sqlx::query_scalar("SELECT until_at FROM sandbox_conversion_outages WHERE platform = $1 AND until_at > $2")
            .bind(platform)
            .bind(now)
            .fetch_optional(db)
            .await?;
    Ok(out.is_some())
}

/// Keeps the upload under `order_id`; false when that order was received before.
pub async fn receive(db: &AnyPool, upload: &DueUpload, order_id: &str, now: i64) -> sqlx::Result<bool> {
    let stored = sqlx::query(
        "INSERT INTO sandbox_conversion_uploads (customer_id, platform, order_id, conversion_name, caller, call_time,
             click_id, consent, value_pence, currency, received_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (customer_id, platform, order_id) DO NOTHING",
    )
    .bind(upload.customer_id)
    .bind(&upload.platform)
    .bind(order_id)
    .bind(&upload.name)
    .bind(&upload.caller)
    .bind(&upload.call_time)
    .bind(&upload.click_id)
    .bind(&upload.consent)
    .bind(upload.value_pence)
    .bind(&upload.currency)
    .bind(now)
    .execute(db)
    .await?;
    Ok(stored.rows_affected() == 1)
}

/// Makes the platform unavailable until `until` (a past time ends the outage).
pub async fn set_outage(db: &AnyPool, platform: &str, until: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO sandbox_conversion_outages (platform, until_at) VALUES ($1, $2)
         ON CONFLICT (platform) DO UPDATE SET until_at = excluded.until_at",
    )
    .bind(platform)
    .bind(until)
    .execute(db)
    .await?;
    Ok(())
}
