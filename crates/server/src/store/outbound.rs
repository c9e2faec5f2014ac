//! The outbound service (charged per user) and outbound campaigns.

use crate::db::Flag;
use crate::store::charges::{self, NewCharge};
use crate::store::CustomerId;
use sqlx::{Any, AnyPool, FromRow, Transaction};

#[derive(Debug, Clone, FromRow)]
pub struct OutboundService {
    pub service_id: i64,
    pub product_code: String,
    pub service_type: String,
    pub price_pence: i64,
    pub billing_frequency: String,
    pub minimum_term: i64,
    #[sqlx(try_from = "Flag")]
    pub existing_customer_service: bool,
}

/// The outbound service on offer to a customer that has outbound, at the price list's price of an
/// agent on the customer's plan (domain `agents::AGENT_PRICE_ITEMS`, the one price every page
/// offers and charges), the service's own only when the list has none.
pub async fn service_for(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<Option<OutboundService>> {
    let [additional, outbound, per_user] = domain::agents::AGENT_PRICE_ITEMS;
    sqlx::query_as(
        "SELECT s.id AS service_id, s.product_code, s.service_type,
                COALESCE((SELECT p.price_pence FROM price_catalogue p WHERE p.item = $2 AND p.plan = c.plan),
                         (SELECT p.price_pence FROM price_catalogue p WHERE p.item = $3 AND p.plan = c.plan),
                         (SELECT p.price_pence FROM price_catalogue p WHERE p.item = $4 AND p.plan IN (c.plan, '')
                          ORDER BY p.plan DESC LIMIT 1),
                         s.price_pence) AS price_pence,
                s.billing_frequency, s.minimum_term,
                EXISTS (SELECT 1 FROM customer_services cs WHERE cs.customer_id = c.id AND cs.service_id = s.id)
                    AS existing_customer_service
         FROM customers c JOIN services s ON s.service_type = 'outbound'
         WHERE c.id = $1 AND c.has_outbound = 1",
    )
    .bind(customer_id)
    .bind(additional)
    .bind(outbound)
    .bind(per_user)
    .fetch_optional(db)
    .await
}

/// One more outbound user on the customer's bill: the service's quantity, and the user's running
/// charge (`outbound_user`), which the pricing breakdown lists and the paid agents count.
pub async fn add_user_to_service(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    service: &OutboundService,
    user_id: i64,
    created_by: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO customer_services (customer_id, service_id, quantity, price_pence, started_at) VALUES ($1, $2, 1, $3, $4)
         ON CONFLICT (customer_id, service_id)
         DO UPDATE SET quantity = customer_services.quantity + 1, price_pence = excluded.price_pence",
    )
    .bind(customer_id)
    .bind(service.service_id)
    .bind(service.price_pence)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    let charge = NewCharge {
        customer_id,
        item: "outbound_user",
        description: "Outbound user",
        user_id: Some(user_id),
        quantity: 1,
        unit_price_pence: service.price_pence,
        billing_frequency: &service.billing_frequency,
        created_by,
    };
    charges::start(tx, &charge, now).await
}

pub async fn campaigns(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, name FROM outbound_campaigns WHERE customer_id = $1 ORDER BY name")
        .bind(customer_id)
        .fetch_all(db)
        .await
}

pub async fn campaign_belongs(db: &AnyPool, customer_id: CustomerId, campaign_id: i64) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM outbound_campaigns WHERE id = $1 AND customer_id = $2")
        .bind(campaign_id)
        .bind(customer_id)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// Adds a campaign (or finds the one of that name) and returns its id.
pub async fn add_campaign(db: &AnyPool, customer_id: CustomerId, name: &str) -> sqlx::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO outbound_campaigns (customer_id, name) VALUES ($1, $2)
         ON CONFLICT (customer_id, name) DO UPDATE SET name = excluded.name RETURNING id",
    )
    .bind(customer_id)
    .bind(name)
    .fetch_one(db)
    .await?;
    Ok(id)
}

/// The customer's outbound report-email options (daily, weekly, monthly).
pub async fn report_options(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<(bool, bool, bool)> {
    let (Flag(daily), Flag(weekly), Flag(monthly)): (Flag, Flag, Flag) = sqlx::query_as(
        "SELECT outbound_daily_enabled, outbound_weekly_enabled, outbound_monthly_enabled FROM customers WHERE id = $1",
    )
    .bind(customer_id)
    .fetch_one(db)
    .await?;
    Ok((daily, weekly, monthly))
}

/// Whether the account records its agents' calls out (the browser phone's).
pub async fn records_calls(db: &AnyPool, customer_id: CustomerId) -> sqlx::Result<bool> {
    let (Flag(on),): (Flag,) = sqlx::query_as("SELECT record_outbound_calls FROM customers WHERE id = $1")
        .bind(customer_id)
        .fetch_one(db)
        .await?;
    Ok(on)
}

pub async fn set_records_calls(db: &AnyPool, customer_id: CustomerId, on: bool) -> sqlx::Result<()> {
    sqlx::query("UPDATE customers SET record_outbound_calls = $1 WHERE id = $2")
        .bind(i64::from(on))
        .bind(customer_id)
        .execute(db)
        .await?;
    Ok(())
}

/// Records that a user accepted the terms of a purchase (kept if the user is deleted).
pub async fn record_terms(
    tx: &mut Transaction<'_, Any>,
    customer_id: CustomerId,
    purchase: &str,
    user_id: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO terms_acceptances (customer_id, purchase, accepted_by_user_id, accepted_by_email, accepted_at)
         VALUES ($1, $2, $3, (SELECT email FROM users WHERE id = $4), $5)",
    )
    .bind(customer_id)
    .bind(purchase)
    .bind(user_id)
    .bind(user_id)
    .bind(now)
    .execute(&mut **tx)
    .await?;
    Ok(())
}
