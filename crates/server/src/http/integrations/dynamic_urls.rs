//! admin/getDynamicUrls, admin/startJob/{VcamID}[/1], admin/checkJob/{jobId} and
//! tagmanager/auth/{VcamID}: the overview's Dynamic URLs section and its website checks (the
//! checks themselves run in the background: `crate::jobs::website_check`).

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::integrations::website_check::reason_text;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::connect::{auth_url, TAG_MANAGER};
use super::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::dynamic_urls::{self, DynamicUrl, WebsiteCheck};
use crate::store::integrations;

/// A check started within this long is answered again instead of starting another (`/1` asks
/// for a fresh one).
pub const REUSE_SECONDS: i64 = 24 * 60 * 60;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(start_job))
        .routes(routes!(start_fresh_job))
        .routes(routes!(check_job))
        .routes(routes!(tag_manager_auth))
}

impl AccountUser {
    /// Dynamic URLs are for accounts with dynamic tracking that are not group accounts.
    pub(super) fn require_dynamic(&self) -> Result<(), AppError> {
        if domain::integrations::shows_dynamic_urls(&self.account) {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

/// An id from the path: positive and in range, or 404 (never a parse panic).
fn path_id(text: &str) -> Result<i64, AppError> {
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// The spec's Website-check job (Wech* fields, 0/1; `WechStatus` as in
/// `domain::integrations::website_check::status`: 1 queued, 2 invalid domain, 3 loading the
/// website, 4 checking the scripts, 5 checked, 6 failed; 2, 5 and 6 are final).
#[derive(Serialize, ToSchema)]
pub struct WebsiteCheckJob {
    #[serde(rename = "jobId")]
    job_id: i64,
    #[serde(rename = "VcamID")]
    vcam_id: i64,
    #[serde(rename = "WechStatus")]
    status: i64,
    #[serde(rename = "WechMhct")]
    mhct: i64,
    #[serde(rename = "WechMhctWorking")]
    mhct_working: i64,
    #[serde(rename = "WechTagManager")]
    tag_manager: i64,
    #[serde(rename = "WechBingAds")]
    bing_ads: i64,
    #[serde(rename = "WechGoogleAds")]
    google_ads: i64,
    #[serde(rename = "WechGoogleAnalytics")]
    google_analytics: i64,
    #[serde(rename = "WechHubSpot")]
    hubspot: i64,
    #[serde(rename = "WechOptimizelyX")]
    optimizely_x: i64,
    #[serde(rename = "WechMarin")]
    marin: i64,
    /// When it finished (seconds since the epoch), null until then.
    #[serde(rename = "checkedAt")]
    checked_at: Option<i64>,
    /// Once finished, why the tracking code was not found working, in words (the domain's
    /// `website_check::problem_text`: 'We could not reach www.example.co.uk', 'The tracking
    /// code was not found on the page', 'The site answered 404', ...); null when it was.
    reason: Option<String>,
    /// When a check of the dynamic URL last found its tracking code working (seconds since the
    /// epoch); null if none ever did.
    #[serde(rename = "lastGoodCheckAt")]
    last_good_check_at: Option<i64>,
}

impl WebsiteCheckJob {
    /// The job of a check of `url`.
    fn of(c: WebsiteCheck, url: &DynamicUrl) -> Self {
        WebsiteCheckJob {
            job_id: c.id,
            vcam_id: c.dynamic_url_id,
            status: c.status,
            mhct: c.mhct,
            mhct_working: c.mhct_working,
            tag_manager: c.tag_manager,
            bing_ads: c.bing_ads,
            google_ads: c.google_ads,
            google_analytics: c.google_analytics,
            hubspot: c.hubspot,
            optimizely_x: c.optimizely_x,
            marin: c.marin,
            checked_at: c.finished_at,
            reason: reason_text(&c.reason, &url.url),
            last_good_check_at: url.last_good_check_at,
        }
    }
}

/// The spec's Dynamic URL entity, with its last finished check.
#[derive(Serialize, ToSchema)]
struct DynamicUrlWithCheck {
    #[serde(rename = "VcamID")]
    id: i64,
    #[serde(rename = "VcamDescription")]
    description: String,
    #[serde(rename = "VcamReference")]
    reference: String,
    url: String,
    #[serde(rename = "previousDayCheck")]
    previous_day_check: Option<WebsiteCheckJob>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicUrlsWithChecks {
    dynamic_urls: Vec<DynamicUrlWithCheck>,
}

/// The overview's Dynamic URLs section: the customer's dynamic URLs with their last checks.
#[utoipa::path(get, path = "/admin/getDynamicUrls", tag = "integrations", responses((status = 200, body = DynamicUrlsWithChecks)))]
async fn list(State(state): State<AppState>, user: AccountUser) -> Result<Json<DynamicUrlsWithChecks>, AppError> {
    user.require_dynamic()?;
    let urls = dynamic_urls::list(&state.db, user.customer()).await?;
    let mut checks = dynamic_urls::latest_finished(&state.db, user.customer()).await?;
    let entries = urls
        .into_iter()
        .map(|u: DynamicUrl| {
            let check = checks.iter().position(|c| c.dynamic_url_id == u.id).map(|i| checks.swap_remove(i));
            DynamicUrlWithCheck {
                previous_day_check: check.map(|c| WebsiteCheckJob::of(c, &u)),
                id: u.id,
                description: u.description,
                reference: u.reference,
                url: u.url,
            }
        })
        .collect();
    Ok(Json(DynamicUrlsWithChecks { dynamic_urls: entries }))
}

#[derive(Serialize, ToSchema)]
struct WebsiteCheckStarted {
    job: WebsiteCheckJob,
    #[serde(rename = "jobId")]
    job_id: i64,
}

async fn start(
    state: &AppState,
    user: &AccountUser,
    id: &str,
    fresh: bool,
) -> Result<Json<WebsiteCheckStarted>, AppError> {
    user.require_dynamic()?;
    let id = path_id(id)?;
    let url = dynamic_urls::find(&state.db, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    user.require_manage()?;
    let now = state.clock.now();
    let check = dynamic_urls::start_check(&state.db, &url, fresh, now - REUSE_SECONDS, now).await?;
    Ok(Json(WebsiteCheckStarted { job_id: check.id, job: WebsiteCheckJob::of(check, &url) }))
}

/// Starts a website check of a dynamic URL, or answers the one under way or from the last day.
#[utoipa::path(get, path = "/admin/startJob/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "The dynamic URL (`VcamID`)", minimum = 1)),
    responses((status = 200, body = WebsiteCheckStarted)))]
async fn start_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<WebsiteCheckStarted>, AppError> {
    start(&state, &user, &id, false).await
}

/// Starts a fresh website check, unless one is under way (then that one is answered).
#[utoipa::path(get, path = "/admin/startJob/{id}/{fresh}", tag = "integrations",
    params(
        ("id" = i64, Path, description = "The dynamic URL (`VcamID`)", minimum = 1),
        ("fresh" = i64, Path, description = "1: a fresh check (any other value is 404)", minimum = 1, maximum = 1),
    ),
    responses((status = 200, body = WebsiteCheckStarted)))]
async fn start_fresh_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path((id, fresh)): Path<(String, String)>,
) -> Result<Json<WebsiteCheckStarted>, AppError> {
    if fresh != "1" {
        return Err(AppError::NotFound);
    }
    start(&state, &user, &id, true).await
}

/// A website check's state.
#[utoipa::path(get, path = "/admin/checkJob/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "The check (`jobId`)", minimum = 1)),
    responses((status = 200, body = WebsiteCheckJob)))]
async fn check_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<WebsiteCheckJob>, AppError> {
    user.require_dynamic()?;
    let check = dynamic_urls::find_check(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    let url = dynamic_urls::find(&state.db, user.customer(), check.dynamic_url_id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(WebsiteCheckJob::of(check, &url)))
}

/// Whether the tag manager is connected (`status` true), else the consent page to connect it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicUrlTagManagerAuth {
    status: bool,
    auth_url: Option<String>,
}

/// The tag manager for a dynamic URL's website check: connected, or where to connect it (the
/// browser comes back to the overview with `?tagmanager={id}`).
#[utoipa::path(get, path = "/tagmanager/auth/{id}", tag = "integrations",
    params(("id" = i64, Path, description = "The dynamic URL (`VcamID`)", minimum = 1)),
    responses((status = 200, body = DynamicUrlTagManagerAuth)))]
async fn tag_manager_auth(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<DynamicUrlTagManagerAuth>, AppError> {
    user.require_dynamic()?;
    let url = dynamic_urls::find(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    user.require_manage()?;
    if integrations::find(&state.db, user.customer(), TAG_MANAGER).await?.is_some() {
        return Ok(Json(DynamicUrlTagManagerAuth { status: true, auth_url: None }));
    }
    let start = auth_url(&state, &user.session, TAG_MANAGER, &format!("/manage/?tagmanager={}", url.id)).await?;
    Ok(Json(DynamicUrlTagManagerAuth { status: false, auth_url: Some(start.auth_url) }))
}
