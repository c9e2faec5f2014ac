//! What the tracking script's calls read and write: a dynamic URL by its reference,
//! its pools with the holds on their numbers, the visitor's latest visit and first touch, a new
//! visit with its parameters, and a click.

use crate::store::CustomerId;
use domain::sources::FirstTouch;
use sqlx::{AnyConnection, AnyPool, FromRow};

use crate::db::Flag;

/// A dynamic URL as the tracking reads it.
#[derive(Debug, Clone, FromRow)]
pub struct Site {
    pub id: i64,
    pub customer_id: CustomerId,
    pub url: String,
    pub bots_filter: Flag,
}

pub async fn site(db: &AnyPool, reference: &str) -> sqlx::Result<Option<Site>> {
    sqlx::query_as("SELECT id, customer_id, url, bots_filter FROM dynamic_urls WHERE reference = $1")
        .bind(reference)
        .fetch_optional(db)
        .await
}

/// Takes the dynamic URL's row lock for the rest of the transaction (a write lock on SQLite), so
/// two page views at once cannot both take the same free number.
pub async fn lock_site(conn: &mut AnyConnection, id: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE dynamic_urls SET bots_filter = bots_filter WHERE id = $1").bind(id).execute(conn).await?;
    Ok(())
}

/// A pool of the dynamic URL, with its numbers (national digits) and until when each is held.
#[derive(Debug, Clone)]
pub struct Pool {
    pub id: i64,
    pub number_format_id: i64,
    pub custom_format: String,
    pub numbers: Vec<String>,
    /// Per number: when its holder's session ends (i64::MIN: nobody holds it).
    pub held_until: Vec<i64>,
}

/// The dynamic URL's pools in order, each number held until its last visitor's last page view
/// plus `hold` (a visit shown a shared number holds nothing).
pub async fn pools(conn: &mut AnyConnection, site: i64, now: i64, hold: i64) -> sqlx::Result<Vec<Pool>> {
    let entries: Vec<(i64, i64, String)> = sqlx::query_as(
        "SELECT id, number_format_id, custom_format FROM routing_entries
         WHERE dynamic_url_id = $1 AND kind = 'dynamic' ORDER BY id",
    )
    .bind(site)
    .fetch_all(&mut *conn)
    .await?;
    let mut pools = Vec::with_capacity(entries.len());
    for (id, number_format_id, custom_format) in entries {
        let numbers: Vec<String> =
            sqlx::query_scalar("SELECT number FROM pool_numbers WHERE routing_entry_id = $1 ORDER BY number")
                .bind(id)
                .fetch_all(&mut *conn)
                .await?;
        let seen: Vec<(String, i64)> = sqlx::query_as(
            "SELECT number_shown, MAX(last_seen_at) FROM visits
             WHERE routing_entry_id = $1 AND pool_exhausted = 0 AND last_seen_at > $2 GROUP BY number_shown",
        )
        .bind(id)
        .bind(now - hold)
        .fetch_all(&mut *conn)
        .await?;
        let held_until = numbers
            .iter()
            .map(|n| seen.iter().find(|(shown, _)| shown == n).map_or(i64::MIN, |(_, at)| at + hold))
            .collect();
        pools.push(Pool { id, number_format_id, custom_format, numbers, held_until });
    }
    Ok(pools)
}

/// How many of `pools`' numbers visits from the address `client_key` hold at `now` (each held
/// for `hold` after its visit's last page view; a shared number holds nothing).
pub async fn address_holds(
    conn: &mut AnyConnection,
    pools: &[i64],
    client_key: &str,
    now: i64,
    hold: i64,
) -> sqlx::Result<usize> {
    if pools.is_empty() || client_key.is_empty() {
        return Ok(0);
    }
    let list = (0..pools.len()).map(|i| format!("${}", i + 3)).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT COUNT(*) FROM (SELECT DISTINCT routing_entry_id, number_shown FROM visits
         WHERE client_key = $1 AND last_seen_at > $2 AND pool_exhausted = 0 AND routing_entry_id IN ({list})) held"
    );
    let mut query = sqlx::query_scalar(&sql).bind(client_key).bind(now - hold);
    for pool in pools {
        query = query.bind(*pool);
    }
    let held: i64 = query.fetch_one(conn).await?;
    Ok(usize::try_from(held).unwrap_or(usize::MAX))
}

/// A visitor's latest visit on one of `pools`.
#[derive(Debug, Clone, FromRow)]
pub struct LatestVisit {
    pub id: i64,
    pub routing_entry_id: i64,
    pub number_shown: String,
    pub last_seen_at: i64,
}

pub async fn latest_visit(
    conn: &mut AnyConnection,
    customer: CustomerId,
    visitor: &str,
    pools: &[i64],
) -> sqlx::Result<Option<LatestVisit>> {
    if pools.is_empty() {
        return Ok(None);
    }
    let list = (0..pools.len()).map(|i| format!("${}", i + 3)).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT id, routing_entry_id, number_shown, last_seen_at FROM visits
         WHERE customer_id = $1 AND visitor_id = $2 AND routing_entry_id IN ({list})
         ORDER BY last_seen_at DESC, id DESC LIMIT 1"
    );
    let mut query = sqlx::query_as(&sql).bind(customer).bind(visitor);
    for pool in pools {
        query = query.bind(*pool);
    }
    query.fetch_optional(conn).await
}

/// Marks a visit seen at `now` (its number's hold runs from here).
pub async fn seen(conn: &mut AnyConnection, visit: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE visits SET last_seen_at = $1 WHERE id = $2 AND last_seen_at < $1")
        .bind(now)
        .bind(visit)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn first_touch(
    conn: &mut AnyConnection,
    customer: CustomerId,
    visitor: &str,
) -> sqlx::Result<Option<FirstTouch>> {
    let row: Option<(i64, i64)> = sqlx::query_as(
        "SELECT first_source_medium_id, first_seen_at FROM visitors WHERE customer_id = $1 AND visitor_id = $2",
    )
    .bind(customer)
    .bind(visitor)
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(source_medium_id, started_at)| FirstTouch { source_medium_id, started_at }))
}

pub async fn keep_first_touch(
    conn: &mut AnyConnection,
    customer: CustomerId,
    visitor: &str,
    first: FirstTouch,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO visitors (customer_id, visitor_id, first_source_medium_id, first_seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id, visitor_id) DO UPDATE
         SET first_source_medium_id = excluded.first_source_medium_id, first_seen_at = excluded.first_seen_at",
    )
    .bind(customer)
    .bind(visitor)
    .bind(first.source_medium_id)
    .bind(first.started_at)
    .execute(conn)
    .await?;
    Ok(())
}

/// A visit to store.
#[derive(Debug, Clone)]
pub struct NewVisit<'a> {
    pub customer_id: CustomerId,
    pub pool: i64,
    pub number_shown: &'a str,
    pub source_medium_id: i64,
    pub landing_page: &'a str,
    pub referrer: &'a str,
    pub keyword: &'a str,
    pub click_id: &'a str,
    pub now: i64,
    pub exhausted: bool,
    pub visitor_id: &'a str,
    pub consent: &'a str,
    /// (name, value) of the landing page's query.
    pub parameters: &'a [(String, String)],
    /// The client address's key (`ClientAddr::hashed_key`).
    pub client_key: &'a str,
    /// Shown a shared number because its address already held its bound of numbers.
    pub suspected_abuse: bool,
}

pub async fn insert_visit(conn: &mut AnyConnection, visit: &NewVisit<'_>) -> sqlx::Result<i64> {
    let id: i64 = sqlx::query_scalar(
        "INSERT INTO visits (customer_id, routing_entry_id, number_shown, source_medium_id, landing_page, referrer,
             keyword, click_id, started_at, called, pool_exhausted, visitor_id, last_seen_at, ad_user_data_consent,
             client_key, suspected_abuse)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 0, $10, $11, $9, $12, $13, $14) RETURNING id",
    )
    .bind(visit.customer_id)
    .bind(visit.pool)
    .bind(visit.number_shown)
    .bind(visit.source_medium_id)
    .bind(visit.landing_page)
    .bind(visit.referrer)
    .bind(visit.keyword)
    .bind(visit.click_id)
    .bind(visit.now)
    .bind(Flag(visit.exhausted))
    .bind(visit.visitor_id)
    .bind(visit.consent)
    .bind(visit.client_key)
    .bind(Flag(visit.suspected_abuse))
    .fetch_one(&mut *conn)
    .await?;
    for (name, value) in visit.parameters {
        sqlx::query("INSERT INTO visit_parameters (visit_id, customer_id, name, value) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(visit.customer_id)
            .bind(name.as_str())
            .bind(value.as_str())
            .execute(&mut *conn)
            .await?;
    }
    Ok(id)
}

/// The numbers on the website the pool's numbers replace (as typed in the dynamic URL's form).
pub async fn replacements(db: &AnyPool, site: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar("SELECT number FROM dynamic_url_replacements WHERE dynamic_url_id = $1 ORDER BY position")
        .bind(site)
        .fetch_all(db)
        .await
}

/// A call-to-action as the script watches it: (id, kind, selector, pages one a line).
pub type WatchedCta = (i64, String, String, String);

pub async fn ctas(db: &AnyPool, customer: CustomerId) -> sqlx::Result<Vec<WatchedCta>> {
    sqlx::query_as("SELECT id, kind, selector, pages FROM call_to_actions WHERE customer_id = $1 ORDER BY id")
        .bind(customer)
        .fetch_all(db)
        .await
}

/// The visitor's visit of the customer with this id, marked seen at `now`: false when there is
/// none (another visitor's id, another customer's visit). The update also locks the visit.
pub async fn claim_visit(
    conn: &mut AnyConnection,
    customer: CustomerId,
    visitor: &str,
    visit: i64,
    now: i64,
) -> sqlx::Result<bool> {
    let updated = sqlx::query(
        "UPDATE visits SET last_seen_at = CASE WHEN last_seen_at < $4 THEN $4 ELSE last_seen_at END
         WHERE id = $1 AND customer_id = $2 AND visitor_id = $3",
    )
    .bind(visit)
    .bind(customer)
    .bind(visitor)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// Clicks a visit has recorded.
pub async fn clicks_of_visit(conn: &mut AnyConnection, visit: i64) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM cta_clicks WHERE visit_id = $1").bind(visit).fetch_one(conn).await
}
