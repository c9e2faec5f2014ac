//! What the first-run checklist is decided from: the account's numbers, their routing, its
//! hours, and whether the tracking code was found on its website.

use crate::store::CustomerId;
use domain::first_run::FirstRunFacts;
use domain::integrations::website_check::status;
use sqlx::AnyPool;

/// The facts of the customer's first-run checklist.
pub async fn facts(
    db: &AnyPool,
    customer: CustomerId,
    advanced_routing: bool,
    plan: &str,
) -> sqlx::Result<FirstRunFacts> {
    // Static numbers, and each number of a pool.
    let numbers: i64 = sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = 'static')
              + (SELECT COUNT(*) FROM pool_numbers p JOIN routing_entries e ON e.id = p.routing_entry_id
                 WHERE e.customer_id = $1)",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let unrouted: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND service_plan_id IS NULL AND destination = ''",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let with_hours: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM routing_entries e WHERE e.customer_id = $1
           AND (SELECT COUNT(*) FROM service_plan_times t WHERE t.plan_id = e.service_plan_id) > 1",
    )
    .bind(customer)
    .fetch_one(db)
    .await?;
    let working: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM website_checks WHERE customer_id = $1 AND status = $2 AND mhct = 1 AND mhct_working = 1",
    )
    .bind(customer)
    .bind(i64::from(status::SUCCESS))
    .fetch_one(db)
    .await?;
    let first_dynamic_url: Option<i64> =
        sqlx::query_scalar("SELECT id FROM dynamic_urls WHERE customer_id = $1 ORDER BY id LIMIT 1")
            .bind(customer)
            .fetch_optional(db)
            .await?;
    Ok(FirstRunFacts {
        numbers,
        unrouted,
        advanced_routing,
        hours_set: with_hours > 0,
        tracking_code_found: working > 0,
        first_dynamic_url,
        website_included: super::usage::held(db, customer, plan).await?.pools_left() > 0,
    })
}
