//! What the stored visits say: a pool's numbers with their calls and its visit counts
//! for the health figure, and the account's captured parameters with the values their visits
//! carried. Every statement starts from the customer.

use crate::store::CustomerId;
use domain::services::pool_health::PoolVisitCounts;
use sqlx::AnyPool;

/// A pool of the customer on dynamic URL `dynamic_url`: (name, the URL's description).
pub async fn pool(
    db: &AnyPool,
    customer: CustomerId,
    dynamic_url: i64,
    pool: i64,
) -> sqlx::Result<Option<(String, String)>> {
    sqlx::query_as(
        "SELECT e.pool_name, d.description FROM routing_entries e JOIN dynamic_urls d ON d.id = e.dynamic_url_id
         WHERE e.customer_id = $1 AND d.customer_id = $1 AND e.dynamic_url_id = $2 AND e.id = $3 AND e.kind = 'dynamic'",
    )
    .bind(customer)
    .bind(dynamic_url)
    .bind(pool)
    .fetch_optional(db)
    .await
}

/// The pool's numbers with their inbound calls in [from, to), in number order.
pub async fn pool_numbers(
    db: &AnyPool,
    customer: CustomerId,
    pool: i64,
    (from, to): (i64, i64),
) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT p.number, (SELECT COUNT(*) FROM calls c WHERE c.customer_id = $1 AND c.routing_entry_id = $2
                AND c.direction = 'inbound' AND c.tracked_number = p.number AND c.started_at >= $3 AND c.started_at < $4)
         FROM pool_numbers p WHERE p.routing_entry_id = $2 ORDER BY p.number",
    )
    .bind(customer)
    .bind(pool)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await
}

/// The pool's visits in [from, to), counted for the health figure.
pub async fn pool_visit_counts(
    db: &AnyPool,
    customer: CustomerId,
    pool: i64,
    pool_size: u32,
    (from, to): (i64, i64),
) -> sqlx::Result<PoolVisitCounts> {
    let hourly: Vec<(i64,)> = sqlx::query_as(
        "SELECT COUNT(*) FROM visits WHERE customer_id = $1 AND routing_entry_id = $2 AND started_at >= $3 AND started_at < $4
             AND suspected_abuse = 0
         GROUP BY started_at / 3600",
    )
    .bind(customer)
    .bind(pool)
    .bind(from)
    .bind(to)
    .fetch_all(db)
    .await?;
    let (own, unattributed, suspected): (i64, i64, i64) = sqlx::query_as(
        "SELECT COALESCE(SUM(CASE WHEN pool_exhausted = 0 THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN pool_exhausted = 1 AND called = 1 AND suspected_abuse = 0 THEN 1 ELSE 0 END), 0),
                COALESCE(SUM(CASE WHEN suspected_abuse = 1 THEN 1 ELSE 0 END), 0)
         FROM visits WHERE customer_id = $1 AND routing_entry_id = $2 AND started_at >= $3 AND started_at < $4",
    )
    .bind(customer)
    .bind(pool)
    .bind(from)
    .bind(to)
    .fetch_one(db)
    .await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    Ok(PoolVisitCounts {
        pool_size,
        hourly_visits: hourly.into_iter().map(|(n,)| count(n)).collect(),
        own_number_visits: count(own),
        unattributed_calls: count(unattributed),
        suspected_abuse_visits: count(suspected),
    })
}

/// The account's captured parameters, in their order.
pub async fn parameters(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT name FROM customer_parameters WHERE customer_id = $1 ORDER BY position, name")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// Captures one more parameter, last; false when the account captures it already.
pub async fn add_parameter(db: &AnyPool, customer: CustomerId, name: &str) -> sqlx::Result<bool> {
    let added = sqlx::query(
        "INSERT INTO customer_parameters (customer_id, name, position)
         SELECT $1, $2, COALESCE(MAX(position), -1) + 1 FROM customer_parameters WHERE customer_id = $1
         ON CONFLICT (customer_id, name) DO NOTHING",
    )
    .bind(customer)
    .bind(name)
    .execute(db)
    .await?;
    Ok(added.rows_affected() == 1)
}

/// Stops capturing a parameter (the values stored with visits stay until the visits go); false
/// when the account did not capture it.
pub async fn remove_parameter(db: &AnyPool, customer: CustomerId, name: &str) -> sqlx::Result<bool> {
    let removed = sqlx::query("DELETE FROM customer_parameters WHERE customer_id = $1 AND name = $2")
        .bind(customer)
        .bind(name)
        .execute(db)
        .await?;
    Ok(removed.rows_affected() > 0)
}

/// A parameter's (or a value's) figures: distinct values, visits and calls.
#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct ValueFigures {
    pub value: String,
    pub values: i64,
    pub visits: i64,
    pub calls: i64,
}

/// Each parameter name's distinct values, visits and calls over the stored visits.
pub async fn parameter_figures(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<(String, ValueFigures)>> {
    let rows: Vec<(String, i64, i64, i64)> = sqlx::query_as(
        "SELECT p.name, COUNT(DISTINCT p.value), COUNT(*),
                CAST(COALESCE(SUM((SELECT COUNT(*) FROM calls c WHERE c.customer_id = $1 AND c.visit_id = p.visit_id)), 0) AS BIGINT)
         FROM visit_parameters p WHERE p.customer_id = $1 GROUP BY p.name",
    )
    .bind(customer)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(name, values, visits, calls)| (name, ValueFigures { value: String::new(), values, visits, calls }))
        .collect())
}

/// The most values a parameter's page lists (the busiest first).
pub const VALUES_MAX: i64 = 1_000;

/// A parameter's values with their visits and calls, the most visited first.
pub async fn values(db: &AnyPool, customer: CustomerId, name: &str) -> sqlx::Result<Vec<ValueFigures>> {
    sqlx::query_as(&format!(
        "SELECT p.value AS value, CAST(1 AS BIGINT) AS \"values\", COUNT(*) AS visits,
               
                CAST(COALESCE(SUM((SELECT COUNT(*) FROM calls c WHERE c.customer_id = $1 AND c.visit_id = p.visit_id)), 0) AS BIGINT) AS calls
         FROM visit_parameters p WHERE p.customer_id = $1 AND p.name = $2
         GROUP BY p.value ORDER BY COUNT(*) DESC, p.value LIMIT {VALUES_MAX}"
    ))
    .bind(customer)
    .bind(name)
    .fetch_all(db)
    .await
}
