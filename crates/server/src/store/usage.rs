//! Plan and usage: what the plan includes and what the customer uses, counted from
//! the routing tables, the dynamic URLs, the users and the calls.

use crate::store::CustomerId;
use sqlx::AnyPool;

/// What a plan includes (domain `plan_includes`, by the plan's stored name).
pub type Allowance = domain::purchase::PlanIncludes;

pub fn allowance(plan: &str) -> Allowance {
    domain::purchase::plan_includes(domain::Plan::from_package_name(plan))
}

/// What the customer holds against what its plan includes.
#[derive(Debug, Clone, Copy)]
pub struct Held {
    pub allowance: Allowance,
    pub statics: i64,
    pub pools: i64,
}

impl Held {
    pub fn statics_left(&self) -> i64 {
        (self.allowance.static_numbers - self.statics).max(0)
    }

    pub fn pools_left(&self) -> i64 {
        (self.allowance.pools - self.pools).max(0)
    }
}

pub async fn held(db: &AnyPool, customer: CustomerId, plan: &str) -> sqlx::Result<Held> {
    Ok(Held {
        allowance: allowance(plan),
        statics: static_numbers(db, customer).await?,
        pools: pools(db, customer).await?.len() as i64,
    })
}

/// (id, description, url) of the customer's dynamic URLs.
pub async fn dynamic_urls(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(i64, String, String)>> {
    sqlx::query_as("SELECT id, description, url FROM dynamic_urls WHERE customer_id = $1 ORDER BY id")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// (id, pool name) of the customer's dynamic pools.
pub async fn pools(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(i64, String)>> {
    sqlx::query_as("SELECT id, pool_name FROM routing_entries WHERE customer_id = $1 AND kind = 'dynamic' ORDER BY id")
        .bind(customer)
        .fetch_all(db)
        .await
}

pub async fn static_numbers(db: &AnyPool, customer: CustomerId) -> sqlx::Result<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = 'static'")
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok(count)
}

/// The users outbound is charged to this customer for (their home customer).
pub async fn outbound_agents(db: &AnyPool, customer: CustomerId) -> sqlx::Result<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM users WHERE home_customer_id = $1 AND has_new_outbound = 1")
            .bind(customer)
            .fetch_one(db)
            .await?;
    Ok(count)
}

pub async fn recording_storage_days(db: &AnyPool, customer: CustomerId) -> sqlx::Result<i64> {
    let (days,): (i64,) = sqlx::query_as("SELECT recording_storage_days FROM customers WHERE id = $1")
        .bind(customer)
        .fetch_one(db)
        .await?;
    Ok(days)
}

/// (scope, description) of each add-on the customer has.
pub async fn addons(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT a.scope, COALESCE(MAX(p.description), a.scope) FROM customer_addons a
         LEFT JOIN price_catalogue p ON p.item = a.scope AND p.description <> ''
         WHERE a.customer_id = $1 GROUP BY a.scope ORDER BY a.scope",
    )
    .bind(customer)
    .fetch_all(db)
    .await
}

/// Calls of one direction in [start, end): how many, their minutes, their cost in tenths of a
/// penny.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct CallTotals {
    pub calls: i64,
    pub minutes: i64,
    pub cost_tenth_pence: i64,
}

pub async fn call_totals(
    db: &AnyPool,
    customer: CustomerId,
    direction: &str,
    start: i64,
    end: i64,
) -> sqlx::Result<CallTotals> {
    let (calls, minutes, cost): (i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), CAST(COALESCE(SUM(minutes), 0) AS BIGINT), CAST(COALESCE(SUM(cost_tenth_pence), 0) AS BIGINT)
         FROM calls WHERE customer_id = $1 AND direction = $2 AND started_at >= $3 AND started_at < $4",
    )
    .bind(customer)
    .bind(direction)
    .bind(start)
    .bind(end)
    .fetch_one(db)
    .await?;
    Ok(CallTotals { calls, minutes, cost_tenth_pence: cost })
}
