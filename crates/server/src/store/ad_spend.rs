//! Ad spend (domain `spend`): a month's lines, a month's table entered by hand, a platform's
//! import and where it stands, and the spend of a period by source / medium, campaign and number.

use domain::spend::{ImportState, SpendOrigin};
use sqlx::{AnyPool, FromRow};

use crate::store::CustomerId;

/// One day's spend on one line from one origin.
#[derive(Debug, Clone, FromRow)]
pub struct SpendDay {
    pub day: String,
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub routing_entry_id: Option<i64>,
    pub origin: String,
    pub amount_pence: i64,
}

/// The spend of the days [first, last] (YYYY-MM-DD), by line, origin and day.
pub async fn days(db: &AnyPool, customer: CustomerId, (first, last): (&str, &str)) -> sqlx::Result<Vec<SpendDay>> {
    sqlx::query_as(
        "SELECT day, source_medium_id, campaign_id, routing_entry_id, origin, amount_pence FROM ad_spend
         WHERE customer_id = $1 AND day >= $2 AND day <= $3
         ORDER BY source_medium_id, campaign_id, routing_entry_id, origin, day",
    )
    .bind(customer)
    .bind(first)
    .bind(last)
    .fetch_all(db)
    .await
}

/// What a line of spend is on: a source / medium, a campaign, a number, or several of them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord)]
pub struct SpendOn {
    pub source_medium_id: Option<i64>,
    pub campaign_id: Option<i64>,
    pub routing_entry_id: Option<i64>,
}

/// Replaces the spend of one origin on one line over the days [first, last] by `spent` (day,
/// pence), in one transaction.
async fn replace(
    db: &AnyPool,
    customer: CustomerId,
    origin: SpendOrigin,
    on: SpendOn,
    (first, last): (&str, &str),
    spent: &[(String, i64)],
    now: i64,
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "DELETE FROM ad_spend WHERE customer_id = $1 AND origin = $2 AND day >= $3 AND day <= $4
           AND COALESCE(source_medium_id, 0) = $5 AND COALESCE(campaign_id, 0) = $6
           AND COALESCE(routing_entry_id, 0) = $7",
    )
    .bind(customer)
    .bind(origin.key())
    .bind(first)
    .bind(last)
    .bind(on.source_medium_id.unwrap_or(0))
    .bind(on.campaign_id.unwrap_or(0))
    .bind(on.routing_entry_id.unwrap_or(0))
    .execute(&mut *tx)
    .await?;
    for (day, pence) in spent {
        sqlx::query(
            "INSERT INTO ad_spend (customer_id, day, source_medium_id, campaign_id, routing_entry_id, origin, amount_pence,
                 updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(customer)
        .bind(day)
        .bind(on.source_medium_id)
        .bind(on.campaign_id)
        .bind(on.routing_entry_id)
        .bind(origin.key())
        .bind(*pence)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

/// Saves a month's table entered by hand for one line.
pub async fn save_month(
    db: &AnyPool,
    customer: CustomerId,
    on: SpendOn,
    month: (&str, &str),
    spent: &[(String, i64)],
    now: i64,
) -> sqlx::Result<()> {
    replace(db, customer, SpendOrigin::Manual, on, month, spent, now).await
}

/// A platform's imported spend over [first, last]: (day, campaign, pence) on the platform's
/// source, one line a day and campaign, replacing what the platform gave before for those days.
pub async fn save_import(
    db: &AnyPool,
    customer: CustomerId,
    origin: SpendOrigin,
    source_medium_id: i64,
    days: (&str, &str),
    lines: &[(String, Option<i64>, i64)],
    now: i64,
) -> sqlx::Result<()> {
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query("DELETE FROM ad_spend WHERE customer_id = $1 AND origin = $2 AND day >= $3 AND day <= $4")
        .bind(customer)
        .bind(origin.key())
        .bind(days.0)
        .bind(days.1)
        .execute(&mut *tx)
        .await?;
    for (day, campaign, pence) in lines {
        sqlx::query(
            "INSERT INTO ad_spend (customer_id, day, source_medium_id, campaign_id, origin, amount_pence, updated_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(customer)
        .bind(day)
        .bind(source_medium_id)
        .bind(*campaign)
        .bind(origin.key())
        .bind(*pence)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}

#[derive(FromRow)]
struct ImportRow {
    imported_at: Option<i64>,
    days: i64,
    total_pence: i64,
    failed_at: Option<i64>,
    failure: String,
    retry_at: Option<i64>,
}

/// Where a connected platform's import stands (`Waiting` before the first).
pub async fn import_state(db: &AnyPool, customer: CustomerId, platform: &str) -> sqlx::Result<ImportState> {
    let row: Option<ImportRow> = sqlx::query_as(
        "SELECT imported_at, days, total_pence, failed_at, failure, retry_at FROM ad_spend_imports
         WHERE customer_id = $1 AND platform = $2",
    )
    .bind(customer)
    .bind(platform)
    .fetch_optional(db)
    .await?;
    Ok(match row {
        Some(ImportRow { failed_at: Some(at), failure, retry_at, .. }) => {
            ImportState::Failed { at, reason: failure, retry_at: retry_at.unwrap_or(at) }
        }
        Some(ImportRow { imported_at: Some(at), days, total_pence, .. }) => {
            ImportState::Imported { at, days, total_pence }
        }
        _ => ImportState::Waiting,
    })
}

/// When the platform's import is next due: a day after the last, or at the retry after a failure;
/// None when it never ran (due now).
pub async fn next_import(db: &AnyPool, customer: CustomerId, platform: &str) -> sqlx::Result<Option<i64>> {
    let row: Option<(Option<i64>, Option<i64>)> =
        sqlx::query_as("SELECT imported_at, retry_at FROM ad_spend_imports WHERE customer_id = $1 AND platform = $2")
            .bind(customer)
            .bind(platform)
            .fetch_optional(db)
            .await?;
    Ok(row.and_then(|(imported, retry)| retry.or(imported.map(|at| at + 20 * 3_600))))
}

/// Records a finished import (clearing a failure) or a failed one (keeping the last import).
pub async fn record_import(
    db: &AnyPool,
    customer: CustomerId,
    platform: &str,
    state: &ImportState,
) -> sqlx::Result<()> {
    let (imported, days, total, failed, failure, retry) = match state {
        ImportState::Imported { at, days, total_pence } => (Some(*at), *days, *total_pence, None, String::new(), None),
        ImportState::Failed { at, reason, retry_at } => (None, 0, 0, Some(*at), reason.clone(), Some(*retry_at)),
        _ => return Ok(()),
    };
    sqlx::query(
        "INSERT INTO ad_spend_imports (customer_id, platform, imported_at, days, total_pence, failed_at, failure, retry_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (customer_id, platform) DO UPDATE SET
             imported_at = COALESCE(excluded.imported_at, ad_spend_imports.imported_at),
             days = CASE WHEN excluded.imported_at IS NULL THEN ad_spend_imports.days ELSE excluded.days END,
             total_pence = CASE WHEN excluded.imported_at IS NULL THEN ad_spend_imports.total_pence
                                ELSE excluded.total_pence END,
             failed_at = excluded.failed_at, failure = excluded.failure, retry_at = excluded.retry_at",
    )
    .bind(customer)
    .bind(platform)
    .bind(imported)
    .bind(days)
    .bind(total)
    .bind(failed)
    .bind(failure)
    .bind(retry)
    .execute(db)
    .await?;
    Ok(())
}

/// (source / medium, campaign, number, pence).
type TotalRow = (Option<i64>, Option<i64>, Option<i64>, i64);

/// The spend of the days [first, last] by what it is on, in pence.
pub async fn totals(
    db: &AnyPool,
    customer: CustomerId,
    (first, last): (&str, &str),
) -> sqlx::Result<Vec<(SpendOn, i64)>> {
    let rows: Vec<TotalRow> = sqlx::query_as(
        "SELECT source_medium_id, campaign_id, routing_entry_id, CAST(SUM(amount_pence) AS BIGINT) FROM ad_spend
         WHERE customer_id = $1 AND day >= $2 AND day <= $3 GROUP BY source_medium_id, campaign_id, routing_entry_id",
    )
    .bind(customer)
    .bind(first)
    .bind(last)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(source_medium_id, campaign_id, routing_entry_id, pence)| {
            (SpendOn { source_medium_id, campaign_id, routing_entry_id }, pence)
        })
        .collect())
}
