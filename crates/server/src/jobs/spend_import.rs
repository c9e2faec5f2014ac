//! Ad spend imports: a background job reads, for every customer's connected ad platform, the
//! platform's daily cost per campaign over the last 30 days (a platform corrects its recent
//! figures, so each import reads them again) and stores it as the platform's spend on its paid
//! source (domain `spend::spend_pair`) and on the campaign of that name. Behind the
//! `SpendPlatforms` trait; the sandbox platform lives in this server's database and is down
//! while its outage row says so. An import runs once a day; a failed one is tried again an hour
//! later, and the spend imported before stays. What a platform sends is checked before use
//! (domain `spend::checked_line`) and bounded (`IMPORT_LINES_MAX`). A website call from the
//! platform's ad click whose visit named no campaign gets the campaign of its click, from the
//! platform's click report.

use std::collections::BTreeMap;
use std::time::Duration;

use domain::billing::invoice::local_date;
use domain::conversions::Platform;
use domain::spend::{
    checked_line, click_to_resolve, import_window, spend_pair, ImportState, SpendOrigin, IMPORT_DAYS, IMPORT_LINES_MAX,
};
use sqlx::AnyPool;
use tokio::task::JoinHandle;

use crate::state::AppState;
use crate::store::{ad_spend, call_credit, sandbox_conversions, CustomerId};

pub const INTERVAL: Duration = Duration::from_secs(15 * 60);
/// A failed import is tried again this much later.
pub const RETRY_SECONDS: i64 = 3_600;

/// A platform's daily cost lines: (day YYYY-MM-DD, campaign name, pence).
pub type CostLines = Vec<(String, String, i64)>;

/// What reading spend asks of an ad platform.
pub trait SpendPlatforms {
    fn daily_costs(
        &self,
        customer: CustomerId,
        platform: Platform,
        days: (&str, &str),
        now: i64,
    ) -> impl std::future::Future<Output = Result<CostLines, String>> + Send;
    /// The campaign of each of `clicks` the platform's click report knows: (click id, campaign).
    fn click_campaigns(
        &self,
        customer: CustomerId,
        platform: Platform,
        clicks: &[String],
    ) -> impl std::future::Future<Output = Result<Vec<(String, String)>, String>> + Send;
}

/// The sandbox platforms, in this server's database.
pub struct Sandbox<'a>(pub &'a AnyPool);

impl SpendPlatforms for Sandbox<'_> {
    async fn daily_costs(
        &self,
        customer: CustomerId,
        platform: Platform,
        days: (&str, &str),
        now: i64,
    ) -> Result<CostLines, String> {
        let read = async {
            if sandbox_conversions::is_down(self.0, platform.key(), now).await? {
                return Ok(None);
            }
            sqlx::query_as(
                "SELECT day, campaign, cost_pence FROM sandbox_ad_spend
                 WHERE customer_id = $1 AND platform = $2 AND day >= $3 AND day <= $4 ORDER BY day, campaign LIMIT $5",
            )
            .bind(customer)
            .bind(platform.key())
            .bind(days.0)
            .bind(days.1)
            .bind(IMPORT_LINES_MAX as i64 + 1)
            .fetch_all(self.0)
            .await
            .map(Some)
        };
        match read.await {
            Ok(Some(lines)) => Ok(lines),
            Ok(None) => Err("the platform answered 503 Service unavailable".to_string()),
            Err(error) => Err(format!("the platform could not be reached: {error}")),
        }
    }

    async fn click_campaigns(
        &self,
        customer: CustomerId,
        platform: Platform,
        clicks: &[String],
    ) -> Result<Vec<(String, String)>, String> {
        self.known_clicks(customer, platform, clicks)
            .await
            .map_err(|error| format!("the platform's click report could not be read: {error}"))
    }
}

impl Sandbox<'_> {
    async fn known_clicks(
        &self,
        customer: CustomerId,
        platform: Platform,
        clicks: &[String],
    ) -> sqlx::Result<Vec<(String, String)>> {
        let mut known = Vec::new();
        for chunk in clicks.chunks(CLICKS_A_QUERY) {
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 3)).collect();
            let sql = format!(
                "SELECT click_id, campaign FROM sandbox_ad_clicks WHERE platform = $1 AND customer_id = $2 AND click_id IN ({})",
                marks.join(", ")
            );
            let mut query = sqlx::query_as(&sql).bind(platform.key()).bind(customer);
            for click in chunk {
                query = query.bind(click);
            }
            known.extend(query.fetch_all(self.0).await?);
        }
        Ok(known)
    }
}

/// Click ids asked of the sandbox a statement at a time.
const CLICKS_A_QUERY: usize = 500;

/// What a run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ran {
    pub imported: usize,
    pub failed: usize,
}

fn origin_of(platform: Platform) -> SpendOrigin {
    match platform {
        Platform::GoogleAds => SpendOrigin::GoogleAds,
        Platform::MicrosoftAds => SpendOrigin::MicrosoftAds,
        Platform::MetaAds => SpendOrigin::MetaAds,
    }
}

/// Imports one platform's spend of one customer: Ok(total pence) or Err(reason in words).
async fn import_one(
    db: &AnyPool,
    platforms: &impl SpendPlatforms,
    (customer, platform): (CustomerId, Platform),
    window: (&str, &str),
    now: i64,
) -> Result<Result<i64, String>, sqlx::Error> {
    let lines = match platforms.daily_costs(customer, platform, window, now).await {
        Ok(lines) if lines.len() > IMPORT_LINES_MAX => {
            return Ok(Err(format!("the platform sent more than {IMPORT_LINES_MAX} lines")))
        }
        Ok(lines) => lines,
        Err(reason) => return Ok(Err(reason)),
    };
    let mut conn = db.acquire().await?;
    let (source, medium) = spend_pair(platform);
    let pair = call_credit::pair_id(&mut conn, customer, source, medium).await?;
    let mut campaigns: BTreeMap<String, Option<i64>> = BTreeMap::new();
    let mut by_day: BTreeMap<(String, Option<i64>), i64> = BTreeMap::new();
    for line in &lines {
        let Some((day, campaign, pence)) = checked_line((&line.0, &line.1, line.2), window) else { continue };
        let id = match campaigns.get(&campaign.to_lowercase()) {
            Some(id) => *id,
            None if campaign.is_empty() => None,
            None => {
                let id = Some(call_credit::campaign_id(&mut conn, customer, &campaign, now).await?);
                campaigns.insert(campaign.to_lowercase(), id);
                id
            }
        };
        *by_day.entry((day, id)).or_default() += pence;
    }
    drop(conn);
    let rows: Vec<(String, Option<i64>, i64)> = by_day.into_iter().map(|((day, id), pence)| (day, id, pence)).collect();
    ad_spend::save_import(db, customer, origin_of(platform), pair, window, &rows, now).await?;
    if let Err(reason) = resolve_click_campaigns(db, platforms, (customer, platform), now).await? {
        return Ok(Err(reason));
    }
    Ok(Ok(rows.iter().map(|(_, _, pence)| pence).sum()))
}

/// Gives the calls of the last `IMPORT_DAYS` days that came from the platform's ad clicks and
/// have no campaign (their visit named none) the campaign the platform's click report names
/// (domain `spend::click_to_resolve`), and their call-backs with it.
async fn resolve_click_campaigns(
    db: &AnyPool,
    platforms: &impl SpendPlatforms,
    (customer, platform): (CustomerId, Platform),
    now: i64,
) -> sqlx::Result<Result<(), String>> {
    let since = now - IMPORT_DAYS * 86_400;
    let calls: Vec<(i64, String, String)> = sqlx::query_as(
        "SELECT c.id, v.click_id, v.landing_page FROM calls c
         JOIN visits v ON v.id = c.visit_id AND v.customer_id = c.customer_id
         WHERE c.customer_id = $1 AND c.direction = 'inbound' AND c.campaign_id IS NULL AND c.started_at >= $2
         ORDER BY c.id LIMIT $3",
    )
    .bind(customer)
    .bind(since)
    .bind(IMPORT_LINES_MAX as i64)
    .fetch_all(db)
    .await?;
    let asked: Vec<(i64, String)> = calls
        .into_iter()
        .filter_map(|(id, click, landing)| click_to_resolve(platform, &click, &landing).map(|c| (id, c)))
        .collect();
    if asked.is_empty() {
        return Ok(Ok(()));
    }
    let clicks: Vec<String> = asked.iter().map(|(_, click)| click.clone()).collect();
    let known = match platforms.click_campaigns(customer, platform, &clicks).await {
        Ok(known) => known,
        Err(reason) => return Ok(Err(reason)),
    };
    let mut conn = db.acquire().await?;
    for (call, click) in &asked {
        let Some((_, campaign)) = known.iter().find(|(k, _)| k == click) else { continue };
        let name: String = campaign.trim().chars().take(domain::reports::credit::CAMPAIGN_NAME_MAX).collect();
        if name.trim().is_empty() {
            continue;
        }
        let id = call_credit::campaign_id(&mut conn, customer, name.trim(), now).await?;
        sqlx::query(
            "UPDATE calls SET campaign_id = $1 WHERE customer_id = $2 AND campaign_id IS NULL AND (id = $3 OR callback_of = $3)",
        )
        .bind(id)
        .bind(customer)
        .bind(*call)
        .execute(&mut *conn)
        .await?;
    }
    Ok(Ok(()))
}

/// Imports the spend of every connected platform that is due at `now`.
pub async fn run(db: &AnyPool, platforms: &impl SpendPlatforms, now: i64) -> sqlx::Result<Ran> {
    let mut ran = Ran::default();
    let connected: Vec<(CustomerId, String, String)> = sqlx::query_as(
        "SELECT i.customer_id, i.identifier, c.time_zone FROM customer_integrations i
         JOIN customers c ON c.id = i.customer_id ORDER BY i.customer_id, i.identifier",
    )
    .fetch_all(db)
    .await?;
    for (customer, identifier, zone) in connected {
        let Some(platform) = Platform::from_key(&identifier) else { continue };
        if ad_spend::next_import(db, customer, platform.key()).await?.is_some_and(|due| due > now) {
            continue;
        }
        let Some(window) = local_date(now, &zone).ok().and_then(|today| import_window(&today)) else { continue };
        let state = match import_one(db, platforms, (customer, platform), (&window.0, &window.1), now).await? {
            Ok(total_pence) => {
                ran.imported += 1;
                ImportState::Imported { at: now, days: IMPORT_DAYS, total_pence }
            }
            Err(reason) => {
                ran.failed += 1;
                ImportState::Failed { at: now, reason, retry_at: now + RETRY_SECONDS }
            }
        };
        ad_spend::record_import(db, customer, platform.key(), &state).await?;
    }
    Ok(ran)
}

/// Runs `run` against the sandbox platforms every `INTERVAL` for as long as the server runs.
pub fn spawn(state: AppState) -> JoinHandle<()> {
    crate::jobs::every(INTERVAL, move || {
        let state = state.clone();
        async move {
            match run(&state.db, &Sandbox(&state.db), state.clock.now()).await {
                Ok(ran) if ran == Ran::default() => {}
                Ok(ran) => tracing::info!(?ran, "ad spend imports"),
                Err(error) => tracing::error!(%error, "ad spend imports failed"),
            }
        }
    })
}
