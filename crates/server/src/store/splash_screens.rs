//! Splash screens: a customer's announcement, shown to each of its users once.

use crate::store::CustomerId;
use domain::SplashScreen;
use sqlx::AnyPool;

/// The newest splash screen of the customer this user has not acknowledged.
pub async fn pending(db: &AnyPool, customer: CustomerId, user: i64) -> sqlx::Result<Option<SplashScreen>> {
    let row: Option<(i64, String, String)> = sqlx::query_as(
        "SELECT s.id, s.title, s.body FROM splash_screens s
         WHERE s.customer_id = $1
           AND NOT EXISTS (SELECT 1 FROM splash_acknowledgements a WHERE a.splash_id = s.id AND a.user_id = $2)
         ORDER BY s.id DESC LIMIT 1",
    )
    .bind(customer)
    .bind(user)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id, title, body)| SplashScreen { id, title, body }))
}

/// Records that the user has seen the customer's splash screen; false when there is no such
/// splash screen for the customer. Acknowledging twice is fine.
pub async fn acknowledge(db: &AnyPool, customer: CustomerId, user: i64, splash: i64, now: i64) -> sqlx::Result<bool> {
    let mut tx = crate::db::begin_write(db).await?;
    let found: Option<(i64,)> = sqlx::query_as("SELECT id FROM splash_screens WHERE id = $1 AND customer_id = $2")
        .bind(splash)
        .bind(customer)
        .fetch_optional(&mut *tx)
        .await?;
    if found.is_none() {
        return Ok(false);
    }
    sqlx::query(
        "INSERT INTO splash_acknowledgements (splash_id, user_id, acknowledged_at) VALUES ($1, $2, $3)
         ON CONFLICT (splash_id, user_id) DO NOTHING",
    )
    .bind(splash)
    .bind(user)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(true)
}
