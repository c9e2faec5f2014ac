//! The figures what each call cost is made of (domain `spend::CostFacts`), for a period, by
//! source / medium, campaign or number (each reading the spend entered on it): the calls as every figure counts them
//! (`call_credit::COUNTED`, their credit), their first-time callers and qualified leads, the
//! sales matched to calls and their revenue, and the spend.

use std::collections::BTreeMap;

use domain::partners::lead_reports::QUALIFIED_LEAD_SECONDS;
use domain::spend::CostFacts;
use sqlx::AnyPool;

use super::ad_spend;
use super::call_credit::COUNTED;
use crate::store::CustomerId;

pub use super::call_credit::Breakdown as CostBy;

/// The figures of [start, end) (the days [first_day, last_day] for the spend) by line: the
/// line's id, or None for calls without one (no source, no campaign).
pub async fn figures(
    db: &AnyPool,
    customer: CustomerId,
    by: CostBy,
    (start, end): (i64, i64),
    days: (&str, &str),
) -> sqlx::Result<BTreeMap<Option<i64>, CostFacts>> {
    let column = by.call_column();
    let calls: Vec<(Option<i64>, i64, i64, i64)> = sqlx::query_as(&format!(
        "SELECT {column}, CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(c.first_time), 0) AS BIGINT),
                CAST(COALESCE(SUM(CASE WHEN c.talk_seconds >= $4 THEN 1 ELSE 0 END), 0) AS BIGINT)
         FROM calls c WHERE {COUNTED} GROUP BY {column}"
    ))
    .bind(customer)
    .bind(start)
    .bind(end)
    .bind(QUALIFIED_LEAD_SECONDS)
    .fetch_all(db)
    .await?;
    // Sales matched to a call, credited as their call is.
    let sale_key = match by {
        CostBy::Source => "s.source_medium_id",
        CostBy::Campaign => "s.campaign_id",
        CostBy::Number => "c.routing_entry_id",
    };
    let sales: Vec<(Option<i64>, i64, i64)> = sqlx::query_as(&format!(
        "SELECT {sale_key}, CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(s.value_pence), 0) AS BIGINT)
         FROM sales s JOIN calls c ON c.id = s.call_id AND c.customer_id = s.customer_id
         WHERE s.customer_id = $1 AND s.sold_at >= $2 AND s.sold_at < $3 GROUP BY {sale_key}"
    ))
    .bind(customer)
    .bind(start)
    .bind(end)
    .fetch_all(db)
    .await?;
    let mut lines: BTreeMap<Option<i64>, CostFacts> = BTreeMap::new();
    for (key, count, first_time, qualified) in calls {
        let line = lines.entry(key).or_default();
        (line.calls, line.first_time, line.qualified) = (count, first_time, qualified);
    }
    for (key, count, revenue) in sales {
        let line = lines.entry(key).or_default();
        (line.sales, line.revenue_pence) = (count, revenue);
    }
    // Each breakdown reads the spend entered on its own choice.
    for (on, pence) in ad_spend::totals(db, customer, days).await? {
        let key = match by {
            CostBy::Source => on.source_medium_id,
            CostBy::Campaign => on.campaign_id,
            CostBy::Number => on.routing_entry_id,
        };
        if key.is_some() {
            lines.entry(key).or_default().spend_pence += pence;
        }
    }
    Ok(lines)
}
