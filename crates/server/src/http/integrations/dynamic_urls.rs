//! admin/getDynamicUrls, admin/startJob/{VcamID}[/1], admin/checkJob/{jobId} and
//! tagmanager/auth/{VcamID}: the overview's Dynamic URLs section and its website checks (the
//! checks themselves run in the background: `crate::website_check`).

use axum::extract::{Path, State};
use axum::routing::get;
use axum::{Json, Router};
use serde::Serialize;

use super::connect::{auth_url, TAG_MANAGER};
use super::AccountUser;
use crate::http::error::AppError;
use crate::state::AppState;
use crate::store::dynamic_urls::{self, DynamicUrl, WebsiteCheck};
use crate::store::integrations;

/// A check started within this long is answered again instead of starting another (`/1` asks
/// for a fresh one).
pub const REUSE_SECONDS: i64 = 24 * 60 * 60;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/getDynamicUrls", get(list))
        .route("/admin/startJob/{id}", get(start_job))
        .route("/admin/startJob/{id}/{fresh}", get(start_fresh_job))
        .route("/admin/checkJob/{id}", get(check_job))
        .route("/tagmanager/auth/{id}", get(tag_manager_auth))
}

impl AccountUser {
    /// Dynamic URLs are for accounts with dynamic tracking that are not group accounts.
    fn require_dynamic(&self) -> Result<(), AppError> {
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

/// The spec's Website-check job (Wech* fields, 0/1).
#[derive(Serialize)]
pub struct Job {
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
    #[serde(rename = "checkedAt")]
    checked_at: Option<i64>,
}

impl From<WebsiteCheck> for Job {
    fn from(c: WebsiteCheck) -> Self {
        Job {
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
        }
    }
}

/// The spec's Dynamic URL entity.
#[derive(Serialize)]
struct DynamicUrlEntry {
    #[serde(rename = "VcamID")]
    id: i64,
    #[serde(rename = "VcamDescription")]
    description: String,
    #[serde(rename = "VcamReference")]
    reference: String,
    url: String,
    #[serde(rename = "previousDayCheck")]
    previous_day_check: Option<Job>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct DynamicUrls {
    dynamic_urls: Vec<DynamicUrlEntry>,
}

async fn list(State(state): State<AppState>, user: AccountUser) -> Result<Json<DynamicUrls>, AppError> {
    user.require_dynamic()?;
    let urls = dynamic_urls::list(&state.db, user.customer()).await?;
    let mut checks = dynamic_urls::latest_finished(&state.db, user.customer()).await?;
    let entries = urls
        .into_iter()
        .map(|u: DynamicUrl| {
            let check = checks.iter().position(|c| c.dynamic_url_id == u.id).map(|i| checks.swap_remove(i));
            DynamicUrlEntry {
                id: u.id,
                description: u.description,
                reference: u.reference,
                url: u.url,
                previous_day_check: check.map(Job::from),
            }
        })
        .collect();
    Ok(Json(DynamicUrls { dynamic_urls: entries }))
}

#[derive(Serialize)]
struct Started {
    job: Job,
    #[serde(rename = "jobId")]
    job_id: i64,
}

async fn start(state: &AppState, user: &AccountUser, id: &str, fresh: bool) -> Result<Json<Started>, AppError> {
    user.require_dynamic()?;
    let id = path_id(id)?;
    let url = dynamic_urls::find(&state.db, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    user.require_manage()?;
    let now = state.clock.now();
    let check = dynamic_urls::start_check(&state.db, &url, fresh, now - REUSE_SECONDS, now).await?;
    Ok(Json(Started { job_id: check.id, job: Job::from(check) }))
}

async fn start_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<Started>, AppError> {
    start(&state, &user, &id, false).await
}

async fn start_fresh_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path((id, fresh)): Path<(String, String)>,
) -> Result<Json<Started>, AppError> {
    if fresh != "1" {
        return Err(AppError::NotFound);
    }
    start(&state, &user, &id, true).await
}

async fn check_job(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<Job>, AppError> {
    user.require_dynamic()?;
    let check = dynamic_urls::find_check(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(Job::from(check)))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct TagManagerAuth {
    status: bool,
    auth_url: Option<String>,
}

async fn tag_manager_auth(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<TagManagerAuth>, AppError> {
    user.require_dynamic()?;
    let url = dynamic_urls::find(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    user.require_manage()?;
    if integrations::find(&state.db, user.customer(), TAG_MANAGER).await?.is_some() {
        return Ok(Json(TagManagerAuth { status: true, auth_url: None }));
    }
    let start = auth_url(&state, &user.session, TAG_MANAGER, &format!("/manage/?tagmanager={}", url.id)).await?;
    Ok(Json(TagManagerAuth { status: false, auth_url: Some(start.auth_url) }))
}
