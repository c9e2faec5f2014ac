//! What customers buy: their plan and add-ons (with the charges that run until ended) and the
//! call recording storage. Every purchase runs in one transaction that first locks the
//! customer's row, so purchases of one customer happen one at a time on either backend.

use crate::store::CustomerId;
use sqlx::{Any, Transaction};

use crate::db::Flag;

/// A charge to start.
pub struct NewCharge<'a> {
    pub customer_id: CustomerId,
    pub item: &'a str,
    pub description: &'a str,
    pub user_id: Option<i64>,
    pub quantity: i64,
    pub unit_price_pence: i64,
    pub billing_frequency: &'a str,
    pub created_by: i64,
}

/// Locks the customer for this purchase (the other purchases of the customer wait).
pub async fn lock_customer(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<()> {
    sqlx::query("UPDATE customers SET id = id WHERE id = $1").bind(customer).execute(&mut **tx).await?;
    Ok(())
}

pub async fn start(tx: &mut Transaction<'_, Any>, charge: &NewCharge<'_>, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO customer_charges (customer_id, item, description, user_id, quantity, unit_price_pence,
             billing_frequency, started_at, created_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(charge.customer_id)
    .bind(charge.item)
    .bind(charge.description)
    .bind(charge.user_id)
    .bind(charge.quantity)
    .bind(charge.unit_price_pence)
    .bind(charge.billing_frequency)
    .bind(now)
    .bind(charge.created_by)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Ends the running charges of an item (a plan replaced).
pub async fn end(tx: &mut Transaction<'_, Any>, customer: CustomerId, item: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE customer_charges SET ended_at = $1 WHERE customer_id = $2 AND item = $3 AND ended_at IS NULL")
        .bind(now)
        .bind(customer)
        .bind(item)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Ends one charge.
pub async fn end_charge(tx: &mut Transaction<'_, Any>, id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE customer_charges SET ended_at = $1 WHERE id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A running add-on charge (an outbound user's is a charge of its own).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RunningAddon {
    pub id: i64,
    pub item: String,
    pub user_id: Option<i64>,
    pub description: String,
    pub quantity: i64,
    pub unit_price_pence: i64,
    pub billing_frequency: String,
}

/// The customer's running charges other than its plan, read in the purchase's transaction.
pub async fn running_addons(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<Vec<RunningAddon>> {
    sqlx::query_as(
        "SELECT id, item, user_id, description, quantity, unit_price_pence, billing_frequency FROM customer_charges
         WHERE customer_id = $1 AND ended_at IS NULL AND item <> 'plan' ORDER BY id",
    )
    .bind(customer)
    .fetch_all(&mut **tx)
    .await
}

/// Sets the quantity of the running charge of an item; false when none runs.
pub async fn set_quantity(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    item: &str,
    quantity: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE customer_charges SET quantity = $1 WHERE customer_id = $2 AND item = $3 AND user_id IS NULL AND ended_at IS NULL",
    )
    .bind(quantity)
    .bind(customer)
    .bind(item)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Adds to the quantity of the running charge of an item; false when none runs.
pub async fn add_quantity(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    item: &str,
    more: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE customer_charges SET quantity = quantity + $1
         WHERE customer_id = $2 AND item = $3 AND user_id IS NULL AND ended_at IS NULL",
    )
    .bind(more)
    .bind(customer)
    .bind(item)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Moves a Starter customer to Professional; false when it is no longer on Starter.
pub async fn upgrade_to_professional(tx: &mut Transaction<'_, Any>, customer: CustomerId) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE customers SET plan = 'Professional', package_name = 'Professional' WHERE id = $1 AND plan = 'Starter'",
    )
    .bind(customer)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Adds the scope to the customer's add-ons; false when it was there already.
pub async fn add_scope(tx: &mut Transaction<'_, Any>, customer: CustomerId, scope: &str) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO customer_addons (customer_id, scope) VALUES ($1, $2) ON CONFLICT (customer_id, scope) DO NOTHING",
    )
    .bind(customer)
    .bind(scope)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Gives a user of the customer outbound; false when they had it (or are not the customer's).
pub async fn give_outbound(tx: &mut Transaction<'_, Any>, customer: CustomerId, user: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE users SET has_new_outbound = 1
         WHERE id = $1 AND has_new_outbound = 0 AND home_customer_id = $2
           AND id IN (SELECT user_id FROM user_access WHERE customer_id = $2)
           AND NOT EXISTS (SELECT 1 FROM user_access o WHERE o.user_id = $1 AND o.customer_id <> $2)",
    )
    .bind(user)
    .bind(customer)
    .execute(&mut **tx)
    .await?;
    if done.rows_affected() == 1 {
        sqlx::query("UPDATE customers SET has_outbound = $1 WHERE id = $2")
            .bind(Flag(true))
            .bind(customer)
            .execute(&mut **tx)
            .await?;
    }
    Ok(done.rows_affected() == 1)
}

/// The customer's recording storage in days and when it last changed.
pub async fn recording_storage(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
) -> sqlx::Result<(i64, Option<i64>)> {
    sqlx::query_as("SELECT recording_storage_days, recording_storage_changed_at FROM customers WHERE id = $1")
        .bind(customer)
        .fetch_one(&mut **tx)
        .await
}

pub async fn set_recording_storage(
    tx: &mut Transaction<'_, Any>,
    customer: CustomerId,
    days: i64,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query("UPDATE customers SET recording_storage_days = $1, recording_storage_changed_at = $2 WHERE id = $3")
        .bind(days)
        .bind(now)
        .bind(customer)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// A running charge, as the pricing breakdown lists it.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RunningCharge {
    pub item: String,
    pub description: String,
    pub quantity: i64,
    pub unit_price_pence: i64,
    pub billing_frequency: String,
}

/// The customer's running charges; the outbound users' merged into one line per item.
pub async fn running(db: &sqlx::AnyPool, customer: CustomerId) -> sqlx::Result<Vec<RunningCharge>> {
    sqlx::query_as(
        "SELECT item, description, CAST(SUM(quantity) AS BIGINT) AS quantity, unit_price_pence, billing_frequency
         FROM customer_charges WHERE customer_id = $1 AND ended_at IS NULL
         GROUP BY item, description, unit_price_pence, billing_frequency
         ORDER BY CASE WHEN item = 'plan' THEN 0 ELSE 1 END, description",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UsageRate {
    pub description: String,
    pub price_tenth_pence: i64,
    pub frequency: String,
}

/// What calls cost per minute on the plan.
pub async fn usage_rates(db: &sqlx::AnyPool, plan: &str) -> sqlx::Result<Vec<UsageRate>> {
    sqlx::query_as(
        "SELECT description, price_tenth_pence, frequency FROM usage_rates WHERE plan IN ($1, '') ORDER BY position",
    )
    .bind(plan)
    .fetch_all(db)
    .await
}

/// The customer's call recording storage, in days.
pub async fn recording_storage_days(db: &sqlx::AnyPool, customer: CustomerId) -> sqlx::Result<i64> {
    let (days,): (i64,) = sqlx::query_as("SELECT recording_storage_days FROM customers WHERE id = $1")
        .bind(customer)
        .fetch_one(db)
        .await?;
    Ok(days)
}

/// How many of the customer's users have outbound.
pub async fn outbound_users(db: &sqlx::AnyPool, customer: CustomerId) -> sqlx::Result<i64> {
    let (count,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM users u JOIN user_access a ON a.user_id = u.id
         WHERE a.customer_id = $1 AND u.has_new_outbound = 1",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    Ok(count)
}
