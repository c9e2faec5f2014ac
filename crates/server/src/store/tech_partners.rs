//! The technology-partner portal's data: API keys (only their hashes), the accounts the partner
//! supplies leads to and their calls, and the partner's profile.

use crate::db::Flag;
use crate::store::CustomerId;
use domain::partners::lead_reports::{CallsWindow, ReportCall};
use domain::partners::profile::TechPartnerProfile;
use sqlx::{Any, AnyPool, FromRow, Transaction};

/// One key as the API keys page lists it (never the key itself).
#[derive(Debug, Clone, FromRow)]
pub struct ApiKey {
    pub id: i64,
    pub name: String,
    pub key_hint: String,
    pub created_by: String,
    pub created_at: i64,
    pub last_used_at: Option<i64>,
    pub revoked_at: Option<i64>,
}

pub async fn api_keys(db: &AnyPool, partner: CustomerId) -> sqlx::Result<Vec<ApiKey>> {
    sqlx::query_as(
        "SELECT k.id, k.name, k.key_hint, COALESCE(u.forename || ' ' || u.surname, '') AS created_by,
                k.created_at, k.last_used_at, k.revoked_at
         FROM api_keys k LEFT JOIN users u ON u.id = k.created_by
         WHERE k.customer_id = $1 ORDER BY k.revoked_at IS NOT NULL, k.created_at DESC, k.id DESC",
    )
    .bind(partner)
    .fetch_all(db)
    .await
}

/// Keys not revoked. Counted inside the creating transaction, after locking the partner's row
/// (PostgreSQL) or the database (SQLite), so two creations at once cannot both pass the limit.
pub async fn active_key_count(tx: &mut Transaction<'_, Any>, partner: CustomerId) -> sqlx::Result<i64> {
    sqlx::query("UPDATE customers SET id = id WHERE id = $1").bind(partner).execute(&mut **tx).await?;
    let (count,): (i64,) =
        sqlx::query_as("SELECT CAST(COUNT(*) AS BIGINT) FROM api_keys WHERE customer_id = $1 AND revoked_at IS NULL")
            .bind(partner)
            .fetch_one(&mut **tx)
            .await?;
    Ok(count)
}

pub struct NewKey<'a> {
    pub name: &'a str,
    pub hash: &'a str,
    pub hint: &'a str,
}

pub async fn insert_key(
    tx: &mut Transaction<'_, Any>,
    partner: CustomerId,
    key: NewKey<'_>,
    user: i64,
    now: i64,
) -> sqlx::Result<i64> {
    let (id,): (i64,) = sqlx::query_as(
        "INSERT INTO api_keys (customer_id, name, key_hash, key_hint, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id",
    )
    .bind(partner)
    .bind(key.name)
    .bind(key.hash)
    .bind(key.hint)
    .bind(user)
    .bind(now)
    .fetch_one(&mut **tx)
    .await?;
    Ok(id)
}

/// Revokes the partner's key; false when the partner has no such key (or it is already revoked).
pub async fn revoke_key(db: &AnyPool, partner: CustomerId, id: i64, now: i64) -> sqlx::Result<bool> {
    let done =
        sqlx::query("UPDATE api_keys SET revoked_at = $1 WHERE id = $2 AND customer_id = $3 AND revoked_at IS NULL")
            .bind(now)
            .bind(id)
            .bind(partner)
            .execute(db)
            .await?;
    Ok(done.rows_affected() == 1)
}

/// Whether the partner has a key of that id at all (revoked or not).
pub async fn has_key(db: &AnyPool, partner: CustomerId, id: i64) -> sqlx::Result<bool> {
    let row: Option<(i64,)> = sqlx::query_as("SELECT id FROM api_keys WHERE id = $1 AND customer_id = $2")
        .bind(id)
        .bind(partner)
        .fetch_optional(db)
        .await?;
    Ok(row.is_some())
}

/// A live key of a technology partner: the key, its partner and the partner's time zone.
#[derive(Debug, Clone)]
pub struct LiveKey {
    pub id: i64,
    pub partner: CustomerId,
    pub zone: String,
}

/// The live key with this hash, if any (read only: see `record_use`).
pub async fn authenticate(db: &AnyPool, key_hash: &str) -> sqlx::Result<Option<LiveKey>> {
    let row: Option<(i64, CustomerId, String)> = sqlx::query_as(
        "SELECT k.id, c.id, c.time_zone FROM api_keys k JOIN customers c ON c.id = k.customer_id
         WHERE k.key_hash = $1 AND k.revoked_at IS NULL AND c.is_tech_partner = 1",
    )
    .bind(key_hash)
    .fetch_optional(db)
    .await?;
    Ok(row.map(|(id, partner, zone)| LiveKey { id, partner, zone }))
}

/// A key's `last_used_at` is written at most this often, not on every request.
pub const RECORD_USE_EVERY_SECONDS: i64 = 60;

/// Records a key's use at `now`, unless it was recorded less than a minute ago.
pub async fn record_use(db: &AnyPool, key_id: i64, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE api_keys SET last_used_at = $1 WHERE id = $2 AND (last_used_at IS NULL OR last_used_at <= $3)")
        .bind(now)
        .bind(key_id)
        .bind(now - RECORD_USE_EVERY_SECONDS)
        .execute(db)
        .await?;
    Ok(())
}

/// An account the partner supplies leads to, since when.
#[derive(Debug, Clone, FromRow)]
pub struct SuppliedAccount {
    pub id: i64,
    pub name: String,
    pub since: i64,
}

pub async fn supplied_accounts(db: &AnyPool, partner: CustomerId) -> sqlx::Result<Vec<SuppliedAccount>> {
    sqlx::query_as(
        "SELECT c.id, c.name, s.since FROM lead_supplies s JOIN customers c ON c.id = s.customer_id
         WHERE s.tech_partner_id = $1 ORDER BY LOWER(c.name), c.id",
    )
    .bind(partner)
    .fetch_all(db)
    .await
}

/// The inbound calls (the only ones a lead report counts) of the supplied accounts from `start`
/// on (never from before the supply began).
pub async fn report_calls(db: &AnyPool, partner: CustomerId, start: i64) -> sqlx::Result<Vec<ReportCall>> {
    let rows: Vec<(i64, String, i64, i64, String)> = sqlx::query_as(
        "SELECT k.customer_id, c.name, k.started_at, k.talk_seconds, k.direction
         FROM lead_supplies s JOIN calls k ON k.customer_id = s.customer_id JOIN customers c ON c.id = k.customer_id
         WHERE s.tech_partner_id = $1 AND k.started_at >= $2 AND k.started_at >= s.since AND k.direction = $3",
    )
    .bind(partner)
    .bind(start)
    .bind(domain::partners::lead_reports::LEAD_CALL_DIRECTION)
    .fetch_all(db)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(account_id, account_name, started_at, talk_seconds, direction)| ReportCall {
            account_id,
            account_name,
            started_at,
            talk_seconds,
            inbound: direction == "inbound",
        })
        .collect())
}

/// One call as the reporting API returns it, with what the reports store about it.
#[derive(Debug, Clone, FromRow)]
pub struct ApiCall {
    pub id: i64,
    pub account_id: i64,
    pub account_name: String,
    pub tracked_number: Option<String>,
    pub direction: String,
    pub started_at: i64,
    pub duration_seconds: i64,
    pub caller_number: String,
    pub source: Option<String>,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub landing_page: Option<String>,
    pub keyword: Option<String>,
    pub outcome: String,
    #[sqlx(try_from = "Flag")]
    pub first_time: bool,
    pub ring_seconds: i64,
    pub talk_seconds: i64,
    pub destination: String,
    pub category: String,
    pub report_group: String,
    pub callback_of: Option<i64>,
    pub score: Option<i64>,
    pub lead_score: Option<i64>,
}

const API_CALLS_FROM: &str = "FROM lead_supplies s JOIN calls k ON k.customer_id = s.customer_id
     JOIN customers c ON c.id = k.customer_id LEFT JOIN routing_entries e ON e.id = k.routing_entry_id
     WHERE s.tech_partner_id = $1 AND k.started_at >= $2 AND k.started_at < $3 AND k.started_at >= s.since";

/// A page of the window's calls, oldest first, and how many there are in all.
pub async fn api_calls(db: &AnyPool, partner: CustomerId, window: &CallsWindow) -> sqlx::Result<(Vec<ApiCall>, i64)> {
    let (total,): (i64,) = sqlx::query_as(&format!("SELECT CAST(COUNT(*) AS BIGINT) {API_CALLS_FROM}"))
        .bind(partner)
        .bind(window.start)
        .bind(window.end)
        .fetch_one(db)
        .await?;
    let offset = i64::from(window.page - 1) * i64::from(window.per_page);
    let calls = sqlx::query_as(&format!(
        "SELECT k.id, k.customer_id AS account_id, c.name AS account_name,
                CASE WHEN k.direction <> 'inbound' THEN NULL
                     WHEN k.tracked_number <> '' THEN k.tracked_number
                     WHEN e.kind = 'static' THEN e.number ELSE NULL END AS tracked_number,
                k.direction, k.started_at, k.duration_seconds, k.caller_number,
                (SELECT m.source FROM sources_mediums m WHERE m.id = k.credit_source_id AND m.customer_id = k.customer_id) AS source,
                (SELECT m.medium FROM sources_mediums m WHERE m.id = k.credit_source_id AND m.customer_id = k.customer_id) AS medium,
                (SELECT g.description FROM campaigns g WHERE g.id = k.campaign_id AND g.customer_id = k.customer_id) AS campaign,
                (SELECT v.landing_page FROM visits v WHERE v.id = k.visit_id AND v.customer_id = k.customer_id) AS landing_page,
                (SELECT v.keyword FROM visits v WHERE v.id = k.visit_id AND v.customer_id = k.customer_id) AS keyword,
                k.outcome, k.first_time, k.ring_seconds, k.talk_seconds, k.destination, k.category, k.report_group,
                k.callback_of, k.score, k.lead_score
         {API_CALLS_FROM} ORDER BY k.started_at, k.id LIMIT $4 OFFSET $5"
    ))
    .bind(partner)
    .bind(window.start)
    .bind(window.end)
    .bind(i64::from(window.per_page))
    .bind(offset)
    .fetch_all(db)
    .await?;
    Ok((calls, total))
}

pub async fn profile(db: &AnyPool, partner: CustomerId) -> sqlx::Result<TechPartnerProfile> {
    let row: Option<(String, String, String, String)> = sqlx::query_as(
        "SELECT website, contact_name, contact_email, contact_telephone FROM tech_partner_profiles WHERE customer_id = $1",
    )
    .bind(partner)
    .fetch_optional(db)
    .await?;
    Ok(row
        .map(|(website, contact_name, contact_email, contact_telephone)| TechPartnerProfile {
            website,
            contact_name,
            contact_email,
            contact_telephone,
        })
        .unwrap_or_default())
}

pub async fn save_profile(
    db: &AnyPool,
    partner: CustomerId,
    profile: &TechPartnerProfile,
    now: i64,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO tech_partner_profiles (customer_id, website, contact_name, contact_email, contact_telephone, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (customer_id) DO UPDATE SET website = excluded.website, contact_name = excluded.contact_name,
             contact_email = excluded.contact_email, contact_telephone = excluded.contact_telephone,
             updated_at = excluded.updated_at",
    )
    .bind(partner)
    .bind(&profile.website)
    .bind(&profile.contact_name)
    .bind(&profile.contact_email)
    .bind(&profile.contact_telephone)
    .bind(now)
    .execute(db)
    .await?;
    Ok(())
}
