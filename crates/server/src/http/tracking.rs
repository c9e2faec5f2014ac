//! The tracking script and its two calls (docs/tracking-api.md), outside `/api`: they
//! come from customers' websites, with no session and no admin header, so they answer any origin
//! (`Access-Control-Allow-Origin: *`, never with credentials) and take a plain form (a "simple"
//! request: no preflight).
//!
//! - `GET /tracking/mhct.js`: the script the tracking snippet loads.
//! - `POST /tracking/visit`: a page view. It continues the visitor's visit within the session
//!   time, or starts one: a pool number chosen by the domain (`tracking::choose_number`), the visit
//!   classified with the visitor's first touch (`sources::classify`), stored with its visitor id
//!   and parameters. Answers the number to show, the numbers it replaces and the call-to-actions
//!   to watch on the page.
//! - `POST /tracking/click`: a click on a call-to-action in the visit, at most 50 a visit.
//!
//! Every client address is limited to `ADDRESS_LIMIT` calls a minute (`store::api_rate`, shared by
//! every process); an unknown reference, visit or call-to-action is 404.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::{ACCESS_CONTROL_ALLOW_ORIGIN, CACHE_CONTROL, CONTENT_TYPE, USER_AGENT};
use axum::http::{HeaderMap, HeaderValue};
use axum::response::IntoResponse;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::conversions::Consent;
use domain::cta::{applies_on, CtaKind};
use domain::services::parameters::landing_parameters;
use domain::services::pool_health::SESSION_MINUTES;
use domain::sources::{classify, first_touch_after, parse_landing, VisitFacts};
use domain::tracking::{
    check_page_view, choose_number_for_address, clip, continues_visit, is_bot, replace_pattern, shown_number,
    valid_visitor_id, visit_marks, AddressChoice, CLICKS_PER_VISIT_MAX, CTA_NOT_ON_PAGE, REFERENCE_MAX,
    TOO_MANY_CLICKS, URL_MAX,
};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use tower_http::set_header::SetResponseHeaderLayer;

use crate::http::kit::client::ClientAddr;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::security::random_token;
use crate::state::AppState;
use crate::store::cta::page_list;
use crate::store::{api_rate, sources, tracking};

/// The script, as served (crates/server/assets/mhct.js).
const SCRIPT: &str = include_str!("../../assets/mhct.js");
/// Calls one client address may make a minute (a visitor's page views and clicks, or an office
/// of them behind one address).
pub const ADDRESS_LIMIT: i64 = 300;
/// A tracking call's body: its few fields, with the longest addresses a browser sends.
const BODY_LIMIT: usize = 16 * 1024;
const HOLD_SECONDS: i64 = SESSION_MINUTES as i64 * 60;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route(domain::integrations::TRACKING_SCRIPT_PATH, get(script))
        .route("/tracking/visit", post(page_view))
        .route("/tracking/click", post(click))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(SetResponseHeaderLayer::overriding(ACCESS_CONTROL_ALLOW_ORIGIN, HeaderValue::from_static("*")))
}

async fn script() -> impl IntoResponse {
    (
        [
            (CONTENT_TYPE, HeaderValue::from_static("text/javascript; charset=utf-8")),
            (CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600")),
        ],
        SCRIPT,
    )
}

/// Counts the call against the client's address: 429 past the limit.
async fn limit(state: &AppState, client: &ClientAddr) -> Result<(), AppError> {
    let usage =
        api_rate::hit(&state.db, &format!("tracking:{}", client.key()), ADDRESS_LIMIT, state.clock.now()).await?;
    if usage.exceeded() {
        return Err(AppError::TooManyRequests(
            "Too many tracking calls from this address. Wait a minute, then try again.".into(),
            json!({ "retryAfter": usage.reset }),
        ));
    }
    Ok(())
}

/// A page view, as the script posts it.
#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PageViewForm {
    #[garde(length(max = REFERENCE_MAX))]
    reference: String,
    /// Not valid (tampered with, or none yet): the visitor is given a new id.
    #[serde(default)]
    #[garde(length(max = 200))]
    visitor_id: String,
    /// `location.href`; cut to 2,000 characters.
    #[garde(length(max = 8_000))]
    page: String,
    #[serde(default)]
    #[garde(length(max = 8_000))]
    referrer: String,
    /// 'granted', 'denied' or ''.
    #[serde(default)]
    #[garde(length(max = 20))]
    consent: String,
}

/// The number to show, as the site writes it and dials it.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct NumberToShow {
    display: String,
    tel: String,
}

/// A call-to-action the script watches on this page.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct WatchedCta {
    id: i64,
    /// callLink, button or form (a form counts when submitted).
    kind: CtaKind,
    selector: String,
}

#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
struct PageViewAnswer {
    /// To keep and send with the next page view.
    visitor_id: String,
    /// None when no visit was stored (a bot filtered out, a dynamic URL without numbers).
    visit_id: Option<i64>,
    number: Option<NumberToShow>,
    /// Regular expressions (JavaScript) of the numbers on the page that `number` replaces.
    replace: Vec<String>,
    ctas: Vec<WatchedCta>,
}

/// The visit a page view belongs to: (visit id, pool, number shown).
async fn visit_of(
    state: &AppState,
    site: &tracking::Site,
    visitor: &str,
    client: &ClientAddr,
    form: &PageViewForm,
    now: i64,
) -> Result<Option<(i64, tracking::Pool, String)>, AppError> {
    let mut tx = crate::db::begin_write(&state.db).await?;
    tracking::lock_site(&mut tx, site.id).await?;
    let pools = tracking::pools(&mut tx, site.id, now, HOLD_SECONDS).await?;
    let pool_ids: Vec<i64> = pools.iter().map(|p| p.id).collect();
    if let Some(last) = tracking::latest_visit(&mut tx, site.customer_id, visitor, &pool_ids).await? {
        let pool = pools.iter().find(|p| p.id == last.routing_entry_id);
        if let Some(pool) =
            pool.filter(|p| continues_visit(last.last_seen_at, now) && p.numbers.contains(&last.number_shown))
        {
            tracking::seen(&mut tx, last.id, now).await?;
            let pool = pool.clone();
            tx.commit().await?;
            return Ok(Some((last.id, pool, last.number_shown)));
        }
    }
    let holds: Vec<Vec<i64>> = pools.iter().map(|p| p.held_until.clone()).collect();
    let client_key = client.hashed_key();
    let address_holds = tracking::address_holds(&mut tx, &pool_ids, &client_key, now, HOLD_SECONDS).await?;
    let Some(AddressChoice { choice, past_address_bound }) = choose_number_for_address(&holds, now, address_holds)
    else {
        return Ok(None);
    };
    let pool = pools[choice.pool].clone();
    let number = pool.numbers[choice.number].clone();
    let page = clip(&form.page, URL_MAX);
    let referrer = clip(&form.referrer, URL_MAX);
    let rules = sources::ruleset(&mut tx, site.customer_id).await?;
    let stored = tracking::first_touch(&mut tx, site.customer_id, visitor).await?;
    let facts =
        VisitFacts { landing_url: page.into(), referrer: referrer.into(), started_at: now, first_touch: stored };
    let classified = classify(&facts, &rules);
    let first = first_touch_after(stored, classified.source_medium_id, now, &rules);
    if stored != Some(first) {
        tracking::keep_first_touch(&mut tx, site.customer_id, visitor, first).await?;
    }
    let marks = visit_marks(page);
    // As visits store it: 'granted', 'denied' or '' (unknown).
    let consent = match Consent::from_stored(&form.consent) {
        Consent::Unspecified => String::new(),
        known => known.key().to_ascii_lowercase(),
    };
    let parameters = landing_parameters(page);
    let id = tracking::insert_visit(
        &mut tx,
        &tracking::NewVisit {
            customer_id: site.customer_id,
            pool: pool.id,
            number_shown: &number,
            source_medium_id: classified.source_medium_id,
            landing_page: page,
            referrer,
            keyword: &marks.keyword,
            click_id: &marks.click_id,
            now,
            exhausted: !choice.own,
            visitor_id: visitor,
            consent: &consent,
            parameters: &parameters,
            client_key: &client_key,
            suspected_abuse: past_address_bound,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(Some((id, pool, number)))
}

async fn page_view(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    form: Form<PageViewForm>,
) -> Result<Json<PageViewAnswer>, AppError> {
    limit(&state, &client).await?;
    let form = form.fields;
    let site = tracking::site(&state.db, form.reference.trim()).await?.ok_or(AppError::NotFound)?;
    let view = domain::tracking::PageView {
        reference: form.reference.clone(),
        visitor_id: form.visitor_id.clone(),
        page: form.page.clone(),
        referrer: form.referrer.clone(),
        consent: form.consent.clone(),
    };
    let errors = check_page_view(&view, &site.url);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let visitor =
        if valid_visitor_id(&form.visitor_id) { form.visitor_id.clone() } else { random_token()[..22].to_string() };
    let user_agent = headers.get(USER_AGENT).and_then(|v| v.to_str().ok()).unwrap_or("");
    let nothing =
        |visitor_id: String| PageViewAnswer { visitor_id, visit_id: None, number: None, replace: vec![], ctas: vec![] };
    if bool::from(site.bots_filter) && is_bot(user_agent) {
        return Ok(Json(nothing(visitor)));
    }
    let now = state.clock.now();
    let Some((visit_id, pool, number)) = visit_of(&state, &site, &visitor, &client, &form, now).await? else {
        return Ok(Json(nothing(visitor)));
    };
    let shown = shown_number(&number, pool.number_format_id, &pool.custom_format);
    let replace = tracking::replacements(&state.db, site.id).await?.iter().filter_map(|n| replace_pattern(n)).collect();
    let path = parse_landing(clip(&form.page, URL_MAX)).path;
    let ctas = tracking::ctas(&state.db, site.customer_id)
        .await?
        .into_iter()
        .filter(|(_, _, _, pages)| applies_on(&page_list(pages), &path))
        .filter_map(|(id, kind, selector, _)| CtaKind::from_key(&kind).map(|kind| WatchedCta { id, kind, selector }))
        .collect();
    Ok(Json(PageViewAnswer {
        visitor_id: visitor,
        visit_id: Some(visit_id),
        number: Some(NumberToShow { display: shown.display, tel: shown.tel }),
        replace,
        ctas,
    }))
}

/// A click on a call-to-action, as the script posts it.
#[derive(Debug, Deserialize, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ClickForm {
    #[garde(length(max = REFERENCE_MAX))]
    reference: String,
    #[garde(length(max = 200))]
    visitor_id: String,
    #[garde(range(min = 1))]
    visit_id: i64,
    #[garde(range(min = 1))]
    cta_id: i64,
    #[garde(length(max = 8_000))]
    page: String,
}

#[derive(Debug, Serialize)]
struct ClickAnswer {
    recorded: bool,
}

async fn click(
    State(state): State<AppState>,
    client: ClientAddr,
    form: Form<ClickForm>,
) -> Result<Json<ClickAnswer>, AppError> {
    limit(&state, &client).await?;
    let form = form.fields;
    let site = tracking::site(&state.db, form.reference.trim()).await?.ok_or(AppError::NotFound)?;
    if !valid_visitor_id(&form.visitor_id) {
        return Err(AppError::NotFound);
    }
    let page = parse_landing(clip(&form.page, URL_MAX)).path;
    let cta = tracking::ctas(&state.db, site.customer_id).await?.into_iter().find(|(id, ..)| *id == form.cta_id);
    let Some((_, _, _, pages)) = cta else { return Err(AppError::NotFound) };
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !tracking::claim_visit(&mut tx, site.customer_id, &form.visitor_id, form.visit_id, now).await? {
        return Err(AppError::NotFound);
    }
    let mut errors = FieldErrors::new();
    if !applies_on(&page_list(&pages), &page) {
        errors.add("ctaId", CTA_NOT_ON_PAGE);
    } else if tracking::clicks_of_visit(&mut tx, form.visit_id).await? >= CLICKS_PER_VISIT_MAX {
        errors.add("visitId", TOO_MANY_CLICKS);
    }
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let path = clip(&page, 200).to_string();
    crate::store::cta::insert_clicks(&mut tx, site.customer_id, form.cta_id, &[(form.visit_id, now, path)]).await?;
    tx.commit().await?;
    Ok(Json(ClickAnswer { recorded: true }))
}
