//! Dynamic URLs (websites tracked with dynamic numbers) and their website checks.

use crate::store::CustomerId;
use domain::integrations::website_check::{status, CheckProblem};
use domain::integrations::PageScan;
use sqlx::AnyPool;

use crate::db::Backend;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DynamicUrl {
    pub id: i64,
    pub customer_id: CustomerId,
    pub description: String,
    pub url: String,
    pub reference: String,
    /// When a check last found its tracking code working.
    pub last_good_check_at: Option<i64>,
}

/// A website check, its findings as 0/1 (the spec's Wech* fields).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct WebsiteCheck {
    pub id: i64,
    pub dynamic_url_id: i64,
    pub status: i64,
    pub mhct: i64,
    pub mhct_working: i64,
    pub tag_manager: i64,
    pub bing_ads: i64,
    pub google_ads: i64,
    pub google_analytics: i64,
    pub hubspot: i64,
    pub optimizely_x: i64,
    pub marin: i64,
    pub created_at: i64,
    pub finished_at: Option<i64>,
    /// Why it did not find the tracking code working: a domain `CheckProblem` code, '' for none.
    pub reason: String,
}

const CHECK_COLUMNS: &str = "id, dynamic_url_id, status, mhct, mhct_working, tag_manager, bing_ads, google_ads,
    google_analytics, hubspot, optimizely_x, marin, created_at, finished_at, reason";

const URL_COLUMNS: &str = "id, customer_id, description, url, reference, last_good_check_at";

/// Statuses of a check still under way.
const RUNNING: &str = "(1, 3, 4)";

pub async fn list(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<DynamicUrl>> {
    sqlx::query_as(&format!("SELECT {URL_COLUMNS} FROM dynamic_urls WHERE customer_id = $1 ORDER BY description, id"))
        .bind(customer)
        .fetch_all(db)
        .await
}

/// The customer's dynamic URL with this id (None for another customer's).
pub async fn find(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<DynamicUrl>> {
    sqlx::query_as(&format!("SELECT {URL_COLUMNS} FROM dynamic_urls WHERE id = $1 AND customer_id = $2"))
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await
}

/// The latest finished check of each of the customer's dynamic URLs.
pub async fn latest_finished(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<WebsiteCheck>> {
    sqlx::query_as(&format!(
        "SELECT {CHECK_COLUMNS} FROM website_checks c
         WHERE customer_id = $1 AND finished_at IS NOT NULL
           AND id = (SELECT MAX(id) FROM website_checks l WHERE l.dynamic_url_id = c.dynamic_url_id AND l.finished_at IS NOT NULL)"
    ))
    .bind(customer)
    .fetch_all(db)
    .await
}

/// The customer's check with this id (None for another customer's).
pub async fn find_check(db: &AnyPool, customer: CustomerId, id: i64) -> sqlx::Result<Option<WebsiteCheck>> {
    sqlx::query_as(&format!("SELECT {CHECK_COLUMNS} FROM website_checks WHERE id = $1 AND customer_id = $2"))
        .bind(id)
        .bind(customer)
        .fetch_optional(db)
        .await
}

/// A check of the dynamic URL: the one under way if any; else, unless `fresh`, one started
/// since `reuse_since`; else a new queued one.
pub async fn start_check(
    db: &AnyPool,
    url: &DynamicUrl,
    fresh: bool,
    reuse_since: i64,
    now: i64,
) -> sqlx::Result<WebsiteCheck> {
    let mut tx = crate::db::begin_write(db).await?;
    // One writer per dynamic URL at a time: two clicks never queue two checks.
    sqlx::query("UPDATE dynamic_urls SET created_at = created_at WHERE id = $1").bind(url.id).execute(&mut *tx).await?;
    let since = if fresh { i64::MAX } else { reuse_since };
    let existing: Option<WebsiteCheck> = sqlx::query_as(&format!(
        "SELECT {CHECK_COLUMNS} FROM website_checks
         WHERE dynamic_url_id = $1 AND (status IN {RUNNING} OR created_at >= $2)
         ORDER BY id DESC LIMIT 1"
    ))
    .bind(url.id)
    .bind(since)
    .fetch_optional(&mut *tx)
    .await?;
    let check = match existing {
        Some(check) => check,
        None => {
            sqlx::query_as(&format!(
                "INSERT INTO website_checks (customer_id, dynamic_url_id, status, created_at) VALUES ($1, $2, $3, $4)
                 RETURNING {CHECK_COLUMNS}"
            ))
            .bind(url.customer_id)
            .bind(url.id)
            .bind(i64::from(status::QUEUED))
            .bind(now)
            .fetch_one(&mut *tx)
            .await?
        }
    };
    tx.commit().await?;
    Ok(check)
}

/// A check claimed by a run, with the page to fetch.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ClaimedCheck {
    pub id: i64,
    pub url: String,
    pub reference: String,
}

/// Claims up to `batch` checks that are queued, or were left running by a run whose claim
/// lapsed, marking them 'Loading website' until `until`. Customers take turns (each one's oldest
/// first), and a customer with `per_customer` checks under way gets no more. Claims are taken one
/// at a time (an advisory lock on PostgreSQL; SQLite has one writer), so that limit holds however
/// many processes claim.
pub async fn claim_checks(
    db: &AnyPool,
    now: i64,
    until: i64,
    batch: i64,
    per_customer: i64,
) -> sqlx::Result<Vec<ClaimedCheck>> {
    let mut tx = crate::db::begin_write(db).await?;
    let backend = Backend::of_connection(&tx);
    if backend == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)").bind(CLAIM_LOCK).execute(&mut *tx).await?;
    }
    let skip_locked = backend.skip_locked();
    let ids: Vec<(i64,)> = sqlx::query_as(&format!(
        "WITH busy AS (
             SELECT customer_id, COUNT(*) AS n FROM website_checks
             WHERE status IN {RUNNING} AND claimed_until > $1
             GROUP BY customer_id),
         waiting AS (
             SELECT id, customer_id, ROW_NUMBER() OVER (PARTITION BY customer_id ORDER BY id) AS turn
             FROM website_checks
             WHERE status IN {RUNNING} AND COALESCE(claimed_until, 0) <= $1),
         batch AS MATERIALIZED (
             SELECT c.id FROM website_checks c
             JOIN waiting w ON w.id = c.id
             LEFT JOIN busy b ON b.customer_id = w.customer_id
             WHERE w.turn + COALESCE(b.n, 0) <= $4
             ORDER BY w.turn, c.id LIMIT $3{skip_locked})
         UPDATE website_checks SET status = {loading}, claimed_until = $2
         WHERE id IN (SELECT id FROM batch) AND status IN {RUNNING} AND COALESCE(claimed_until, 0) <= $1
         RETURNING id",
        loading = status::LOADING_WEBSITE
    ))
    .bind(now)
    .bind(until)
    .bind(batch)
    .bind(per_customer)
    .fetch_all(&mut *tx)
    .await?;
    tx.commit().await?;
    let mut claimed = Vec::with_capacity(ids.len());
    for (id,) in ids {
        let check: Option<ClaimedCheck> = sqlx::query_as(
            "SELECT c.id, u.url, u.reference FROM website_checks c JOIN dynamic_urls u ON u.id = c.dynamic_url_id WHERE c.id = $1",
        )
        .bind(id)
        .fetch_optional(db)
        .await?;
        claimed.extend(check);
    }
    claimed.sort_by_key(|c| c.id);
    Ok(claimed)
}

/// The advisory lock a claim of website checks holds on PostgreSQL (any constant of ours).
const CLAIM_LOCK: i64 = 0x7eb_c4ec;

pub async fn set_status(db: &AnyPool, id: i64, code: u8) -> sqlx::Result<()> {
    sqlx::query("UPDATE website_checks SET status = $1 WHERE id = $2")
        .bind(i64::from(code))
        .bind(id)
        .execute(db)
        .await?;
    Ok(())
}

/// Ends a check with its final status, what the page held and why the tracking code was not
/// found working (None: it was, and the dynamic URL's last good check is now).
pub async fn finish(
    db: &AnyPool,
    id: i64,
    code: u8,
    scan: &PageScan,
    problem: Option<CheckProblem>,
    now: i64,
) -> sqlx::Result<()> {
    let f = |b: bool| i64::from(b);
    let mut tx = crate::db::begin_write(db).await?;
    sqlx::query(
        "UPDATE website_checks SET status = $1, mhct = $2, mhct_working = $3, tag_manager = $4, bing_ads = $5,
             google_ads = $6, google_analytics = $7, hubspot = $8, optimizely_x = $9, marin = $10,
             finished_at = $11, claimed_until = NULL, reason = $13
         WHERE id = $12",
    )
    .bind(i64::from(code))
    .bind(f(scan.mhct))
    .bind(f(scan.mhct_working))
    .bind(f(scan.tag_manager))
    .bind(f(scan.bing_ads))
    .bind(f(scan.google_ads))
    .bind(f(scan.google_analytics))
    .bind(f(scan.hubspot))
    .bind(f(scan.optimizely_x))
    .bind(f(scan.marin))
    .bind(now)
    .bind(id)
    .bind(problem.map(|p| p.code()).unwrap_or_default())
    .execute(&mut *tx)
    .await?;
    if code == status::SUCCESS && problem.is_none() {
        sqlx::query(
            "UPDATE dynamic_urls SET last_good_check_at = $1
             WHERE id = (SELECT dynamic_url_id FROM website_checks WHERE id = $2)",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await
}
