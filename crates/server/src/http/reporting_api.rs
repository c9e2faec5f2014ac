//! The technology partners' reporting API: `GET /v1/calls?from=&to=&page=&per_page=`, the calls
//! of the accounts the partner supplies leads to, paged, as JSON. It authenticates with an API
//! key (`Authorization: Bearer ctk_…`) instead of a session: no cookie, no admin header. An
//! unknown, revoked or malformed key is 401; a bad query is the usual 422 body. The key never
//! reaches a log (the request log has the method and path only).

use axum::extract::{RawQuery, State};
use axum::http::header::{AUTHORIZATION, CACHE_CONTROL, WWW_AUTHENTICATE};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use domain::partners::api_keys::bearer_key;
use domain::partners::lead_reports::{api_time, calls_window, is_qualified_lead, CallsQuery};
use serde::Serialize;

use crate::http::error::AppError;
use crate::security::token_hash;
use crate::state::AppState;
use crate::store::tech_partners;

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
#[serde(rename_all = "camelCase")]
struct Call {
    id: i64,
    account_id: i64,
    account_name: String,
    /// The static tracked number called; null for a dynamic pool's number or an outbound call.
    tracked_number: Option<String>,
    direction: String,
    /// RFC 3339, UTC.
    started_at: String,
    duration_seconds: i64,
    qualified_lead: bool,
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

async fn calls(State(state): State<AppState>, headers: HeaderMap, RawQuery(raw): RawQuery) -> Response {
    let Some(header) = headers.get(AUTHORIZATION) else { return unauthorized(false) };
    let Some(key) = header.to_str().ok().and_then(bearer_key) else { return unauthorized(true) };
    let now = state.clock.now();
    let (partner, zone) = match tech_partners::authenticate(&state.db, &token_hash(key), now).await {
        Ok(Some(found)) => found,
        Ok(None) => return unauthorized(true),
        Err(error) => return AppError::from(error).into_response(),
    };
    let window = match calls_window(&parse_query(raw.as_deref()), now, &zone) {
        Ok(window) => window,
        Err(errors) => return AppError::Validation(errors).into_response(),
    };
    let (rows, total) = match tech_partners::api_calls(&state.db, partner, &window).await {
        Ok(found) => found,
        Err(error) => return AppError::from(error).into_response(),
    };
    let data = rows
        .into_iter()
        .map(|c| Call {
            qualified_lead: is_qualified_lead(c.direction == "inbound", c.duration_seconds),
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
    ([(CACHE_CONTROL, "no-store")], Json(page)).into_response()
}
