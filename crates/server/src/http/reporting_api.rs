//! The technology partners' reporting API: `GET /v1/calls?from=&to=&page=&per_page=`, the calls
//! of the accounts the partner supplies leads to, paged, as JSON. It authenticates with an API
//! key (`Authorization: Bearer ctk_…`) instead of a session: no cookie, no admin header. An
//! unknown, revoked or malformed key is 401; a bad query is the usual 422 body. The key never
//! reaches a log (the request log has the method and path only).
//!
//! Requests are limited per client address and per key (`store::api_rate`, counted in the
//! database so every server process shares the count). Every answer after the address is counted
//! carries the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`
//! (seconds) of the tighter of the two limits; past a limit the answer is 429 with `Retry-After`.

use std::collections::BTreeMap;

use axum::extract::{RawQuery, State};
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, RETRY_AFTER, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use domain::partners::api_keys::bearer_key;
use domain::partners::lead_reports::{
    api_call_report, api_time, calls_window, is_qualified_lead, ApiCallReport, CallsQuery, StoredCallReport,
};
use serde::Serialize;

use crate::http::kit::client::ClientAddr;
use crate::http::kit::error::AppError;
use crate::security::token_hash;
use crate::state::AppState;
use crate::store::api_rate::{self, Usage};
use crate::store::tech_partners;

pub const RATE_LIMIT_LIMIT: HeaderName = HeaderName::from_static("ratelimit-limit");
pub const RATE_LIMIT_REMAINING: HeaderName = HeaderName::from_static("ratelimit-remaining");
pub const RATE_LIMIT_RESET: HeaderName = HeaderName::from_static("ratelimit-reset");

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/v1/calls", get(calls))
}

#[derive(Serialize)]
struct Unauthorized {
    error: &'static str,
    message: &'static str,
}

/// 401 with the challenge RFC 6750 asks for.
fn unauthorized(presented: bool) -> Response {
    let (challenge, body) = if presented {
        (
            r#"Bearer realm="reporting", error="invalid_token""#,
            Unauthorized { error: "invalid_token", message: "The API key is not valid or has been revoked." },
        )
    } else {
        (
            r#"Bearer realm="reporting""#,
            Unauthorized { error: "missing_token", message: "Send your API key as: Authorization: Bearer <key>." },
        )
    };
    (StatusCode::UNAUTHORIZED, [(WWW_AUTHENTICATE, challenge), (CACHE_CONTROL, "no-store")], Json(body)).into_response()
}

#[derive(Serialize)]
struct TooManyRequests {
    error: &'static str,
    message: &'static str,
}

/// 429: this client's limit is used up until the window ends.
fn too_many_requests(usage: Usage) -> Response {
    let body = TooManyRequests {
        error: "rate_limited",
        message: "Too many requests. Wait the seconds in Retry-After, then try again.",
    };
    let headers =
        [(RETRY_AFTER, HeaderValue::from(usage.reset)), (CACHE_CONTROL, HeaderValue::from_static("no-store"))];
    let mut response = (StatusCode::TOO_MANY_REQUESTS, headers, Json(body)).into_response();
    with_limit(&mut response, usage);
    response
}

/// The `RateLimit-*` headers of a client's standing.
fn with_limit(response: &mut Response, usage: Usage) {
    let headers = response.headers_mut();
    for (name, value) in
        [(RATE_LIMIT_LIMIT, usage.limit), (RATE_LIMIT_REMAINING, usage.remaining()), (RATE_LIMIT_RESET, usage.reset)]
    {
        headers.insert(name, HeaderValue::from(value));
    }
}

/// The limit closer to being used up (the address's, until the key is known).
fn tighter(a: Usage, b: Usage) -> Usage {
    if b.remaining() < a.remaining() {
        b
    } else {
        a
    }
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Call {
    id: i64,
    account_id: i64,
    account_name: String,
    /// The tracked number dialled (national digits): a static number or a pool's; null for an
    /// outbound call (and for a pool call stored before the number dialled was).
    tracked_number: Option<String>,
    direction: String,
    /// RFC 3339, UTC.
    started_at: String,
    /// The whole call, from the first ring to the hang-up (menus, ringing and talk); the talk
    /// time alone is `talkSeconds`, the ringing `ringSeconds`.
    duration_seconds: i64,
    /// An inbound call with at least 60 seconds of talk time (ringing never counts).
    qualified_lead: bool,
    /// The account's custom dimensions with a value on the call, by name.
    custom_dimensions: BTreeMap<String, String>,
    /// What the reports know of an inbound call (domain `api_call_report`); null for outbound.
    #[serde(flatten)]
    report: ApiCallReport,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CallsPage {
    data: Vec<Call>,
    /// The window asked for, as whole days in the partner's zone, both included.
    from: String,
    to: String,
    page: u32,
    per_page: u32,
    total: i64,
    has_more: bool,
}

/// The query's fields, the first of each name (a query is bounded by the server's header limit).
fn parse_query(raw: Option<&str>) -> CallsQuery {
    let mut query = CallsQuery::default();
    for (name, value) in url::form_urlencoded::parse(raw.unwrap_or("").as_bytes()) {
        let slot = match name.as_ref() {
            "from" => &mut query.from,
            "to" => &mut query.to,
            "page" => &mut query.page,
            "per_page" => &mut query.per_page,
            _ => continue,
        };
        slot.get_or_insert_with(|| value.into_owned());
    }
    query
}

async fn calls(
    State(state): State<AppState>,
    client: ClientAddr,
    headers: HeaderMap,
    RawQuery(raw): RawQuery,
) -> Response {
    let now = state.clock.now();
    // Every request from an address counts, with a key or not, so guessing keys is slowed too.
    let address =
        match api_rate::hit(&state.db, &api_rate::address_bucket(&client.key()), api_rate::ADDRESS_LIMIT, now).await {
            Ok(usage) => usage,
            Err(error) => return AppError::from(error).into_response(),
        };
    if address.exceeded() {
        return too_many_requests(address);
    }
    let (mut response, usage) = match answer(&state, &headers, raw.as_deref(), now, address).await {
        Ok(answered) => answered,
        Err(error) => (error.into_response(), address),
    };
    with_limit(&mut response, usage);
    response
}

/// The answer once the address is within its limit, with the limit the headers report.
async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    raw: Option<&str>,
    now: i64,
    address: Usage,
) -> Result<(Response, Usage), AppError> {
    let Some(header) = headers.get(AUTHORIZATION) else { return Ok((unauthorized(false), address)) };
    let Some(key) = header.to_str().ok().and_then(bearer_key) else { return Ok((unauthorized(true), address)) };
    let Some(key) = tech_partners::authenticate(&state.db, &token_hash(key)).await? else {
        return Ok((unauthorized(true), address));
    };
    let usage = api_rate::hit(&state.db, &api_rate::key_bucket(key.id), api_rate::KEY_LIMIT, now).await?;
    if usage.exceeded() {
        return Ok((too_many_requests(usage), usage));
    }
    let usage = tighter(address, usage);
    tech_partners::record_use(&state.db, key.id, now).await?;
    let window = match calls_window(&parse_query(raw), now, &key.zone) {
        Ok(window) => window,
        Err(errors) => return Ok((AppError::Validation(errors).into_response(), usage)),
    };
    let (rows, total) = tech_partners::api_calls(&state.db, key.partner, &window).await?;
    let ids: Vec<i64> = rows.iter().map(|c| c.id).collect();
    let mut named = crate::store::dimensions::named_values_of_calls(&state.db, &ids).await?;
    let data = rows
        .into_iter()
        .map(|c| Call {
            qualified_lead: is_qualified_lead(c.direction == "inbound", c.talk_seconds),
            report: api_call_report(&StoredCallReport {
                inbound: c.direction == "inbound",
                caller_number: c.caller_number,
                source: c.source,
                medium: c.medium,
                campaign: c.campaign,
                landing_page: c.landing_page,
                keyword: c.keyword,
                outcome: c.outcome,
                first_time: c.first_time,
                ring_seconds: c.ring_seconds,
                talk_seconds: c.talk_seconds,
                destination: c.destination,
                category: c.category,
                report_group: c.report_group,
                callback_of: c.callback_of,
                score: c.score,
                lead_score: c.lead_score,
            }),
            custom_dimensions: named.remove(&c.id).unwrap_or_default(),
            id: c.id,
            account_id: c.account_id,
            account_name: c.account_name,
            tracked_number: c.tracked_number,
            direction: c.direction,
            started_at: api_time(c.started_at),
            duration_seconds: c.duration_seconds,
        })
        .collect();
    let shown = i64::from(window.page) * i64::from(window.per_page);
    let page = CallsPage {
        data,
        from: window.from_day.clone(),
        to: window.to_day.clone(),
        page: window.page,
        per_page: window.per_page,
        total,
        has_more: shown < total,
    };
    Ok((([(CACHE_CONTROL, "no-store")], Json(page)).into_response(), usage))
}
