//! One call: its journey (the visit, the call, the routing's own account of it, where it
//! ended), the calls that called it back, and its recording for users with the recordings flag.

use crate::http::kit::extract::{Path, Query};
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::reports::{journey, source_label, CallOutcome, JourneyFacts, JourneyStep, LiveAccount};
use domain::routing::ivr::CallPath;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::call_score::{call_scoring, CallScoring};
use super::call_tags::{call_tags, CallTags};
use super::{CallLogRow, ReportsUser};
use crate::http::kit::download::attachment;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::calls;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_call)).routes(routes!(get_recording))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LinkedCall {
    id: i64,
    time: String,
    outcome_label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallDetail {
    call: CallLogRow,
    journey: Vec<JourneyStep>,
    referrer: String,
    keyword: String,
    /// The click id the landing page carried ("gclid=…").
    click_id: String,
    category: String,
    report_group: String,
    queue: String,
    keys_pressed: String,
    /// The missed call this one calls back.
    first_call: Option<LinkedCall>,
    /// The source / medium the call is credited to: a call-back's is its missed call's.
    credited_to: String,
    /// The calls that called this one back.
    callbacks: Vec<LinkedCall>,
    /// The caller's other calls, newest first (the latest `CALLER_CALLS_MAX`).
    caller_calls: Vec<LinkedCall>,
    /// The recording's address, for users with the recordings flag.
    recording_url: Option<String>,
    /// The tags on the call with their colours, and those the user may add.
    tags: CallTags,
    /// The scores given to the call, its lead score, and the scorecards to score it with.
    scoring: CallScoring,
}

/// The caller's other calls the detail lists.
const CALLER_CALLS_MAX: i64 = 10;

/// An id from the path: a positive whole number, else no such call.
pub(super) fn call_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

fn linked(id: i64, started_at: i64, outcome: &str, zone: &str) -> LinkedCall {
    LinkedCall {
        id,
        time: domain::format_date_time(started_at, zone),
        outcome_label: CallOutcome::from_key(outcome).map_or_else(|| outcome.to_string(), |o| o.label().to_string()),
    }
}

/// One of the account's calls, with its journey.
#[utoipa::path(get, path = "/reports/getCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    responses((status = 200, body = CallDetail), (status = 403, description = "No reports permission"),
        (status = 404, description = "No such call in this account")))]
async fn get_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
) -> Result<Json<CallDetail>, AppError> {
    let (id, customer) = (call_id(&id)?, user.customer());
    let row = calls::row(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let extras = calls::extras(&state.db, customer, id).await?;
    let hears = user.hears_recordings(&state).await?;
    let zone = &user.account.customer_time_zone;
    let call = CallLogRow::from_row(&row, zone, hears);
    let path: Option<CallPath> = serde_json::from_str(&extras.route_path).ok();
    let live = extras.engine_channel.is_some().then(|| LiveAccount {
        tried: serde_json::from_str(&extras.destinations_tried).unwrap_or_default(),
        reference_sent: extras.reference_sent.clone(),
        agent_reference: extras.agent_reference.clone(),
        agent_category: extras.agent_category.clone(),
        ended_where: extras.ended_where.clone(),
        end_reason: extras.end_reason.clone(),
    });
    let facts = JourneyFacts {
        landing_page: call.landing_page.clone(),
        source_medium: source_label(&extras.own_source, &extras.own_medium),
        number: call.tracked_number.clone(),
        number_name: call.number_name.clone(),
        called_at: call.time.clone(),
        path,
        queue: extras.queue_name.clone(),
        destination: call.destination.clone(),
        outcome_label: call.outcome_label.clone(),
        ring_seconds: call.ring_seconds,
        talk_seconds: call.talk_seconds,
        live,
    };
    let first_row = match row.callback_of {
        Some(first) => calls::row(&state.db, customer, first).await?,
        None => None,
    };
    // As every figure counts it (`store::call_credit`): a call-back under its missed call's.
    let credited_to = call.source_medium();
    let first_call = first_row.map(|r| linked(r.id, r.started_at, &r.outcome, zone));
    let callbacks = calls::callbacks(&state.db, customer, id)
        .await?
        .into_iter()
        .map(|(id, at, outcome)| linked(id, at, &outcome, zone))
        .collect();
    let caller_calls = calls::of_caller(&state.db, customer, &row.caller_number, id, CALLER_CALLS_MAX)
        .await?
        .into_iter()
        .map(|(id, at, outcome)| linked(id, at, &outcome, zone))
        .collect();
    let tags = call_tags(&state, &user, id).await?;
    let scoring = call_scoring(&state, &user, id).await?;
    Ok(Json(CallDetail {
        tags,
        scoring,
        journey: journey(&facts),
        referrer: extras.referrer,
        keyword: extras.keyword,
        click_id: extras.click_id,
        category: extras.category,
        report_group: extras.report_group,
        queue: extras.queue_name,
        keys_pressed: extras.keys_pressed,
        first_call,
        credited_to,
        callbacks,
        caller_calls,
        recording_url: call.has_recording.then(|| format!("/api/reports/getRecording/{id}")),
        call,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct RecordingQuery {
    /// "1": as an attachment, to save.
    download: Option<String>,
}

/// The recording's MP3 bytes.
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
struct RecordingBytes(#[allow(dead_code)] Vec<u8>);

/// The recording of one of the account's calls, for users with the recordings flag: played in
/// place (a single byte range is honoured, so the player can seek) or saved with `download=1`.
#[utoipa::path(get, path = "/reports/getRecording/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id"), RecordingQuery),
    responses((status = 200, description = "The recording", content((RecordingBytes = "audio/mpeg"))),
        (status = 206, description = "A byte range of the recording", content((RecordingBytes = "audio/mpeg"))),
        (status = 403, description = "No reports permission or no recordings flag"),
        (status = 404, description = "No such recording in this account")))]
async fn get_recording(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    Query(query): Query<RecordingQuery>,
    headers: HeaderMap,
) -> Result<Response, AppError> {
    let id = call_id(&id)?;
    if !user.hears_recordings(&state).await? {
        return Err(AppError::Forbidden);
    }
    let (_, bytes) = calls::recording(&state.db, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    if query.download.as_deref() == Some("1") {
        return Ok(attachment("audio/mpeg", &format!("call-{id}.mp3"), bytes));
    }
    let private = [(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=3600"))];
    let accepts = [(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"))];
    let range = headers.get(header::RANGE).and_then(|v| v.to_str().ok());
    match range.map(|r| byte_range(r, bytes.len())) {
        None => Ok((private, accepts, [(header::CONTENT_TYPE, "audio/mpeg")], bytes).into_response()),
        Some(Some((first, last))) => {
            let content_range = format!("bytes {first}-{last}/{}", bytes.len());
            Ok((
                StatusCode::PARTIAL_CONTENT,
                private,
                accepts,
                [(header::CONTENT_TYPE, "audio/mpeg".to_string()), (header::CONTENT_RANGE, content_range)],
                bytes[first..=last].to_vec(),
            )
                .into_response())
        }
        Some(None) => {
            Ok((StatusCode::RANGE_NOT_SATISFIABLE, [(header::CONTENT_RANGE, format!("bytes */{}", bytes.len()))])
                .into_response())
        }
    }
}

/// A single range "bytes=first-last", "bytes=first-" or "bytes=-suffix" within `len` bytes, as
/// inclusive bounds; None when it cannot be served.
fn byte_range(header: &str, len: usize) -> Option<(usize, usize)> {
    let spec = header.trim().strip_prefix("bytes=")?;
    let (first, last) = spec.split_once('-')?;
    if len == 0 || spec.contains(',') {
        return None;
    }
    let (first, last) = match (first.trim(), last.trim()) {
        ("", suffix) => {
            let suffix: usize = suffix.parse().ok().filter(|s| *s > 0)?;
            (len.saturating_sub(suffix), len - 1)
        }
        (first, "") => (first.parse().ok()?, len - 1),
        (first, last) => (first.parse().ok()?, last.parse::<usize>().ok()?.min(len - 1)),
    };
    (first <= last && first < len).then_some((first, last))
}

#[cfg(test)]
mod tests {
    use super::byte_range;

    #[test]
    fn single_byte_ranges_are_read_within_the_file() {
        assert_eq!(byte_range("bytes=0-99", 1000), Some((0, 99)));
        assert_eq!(byte_range("bytes=900-", 1000), Some((900, 999)));
        assert_eq!(byte_range("bytes=-100", 1000), Some((900, 999)));
        assert_eq!(byte_range("bytes=500-5000", 1000), Some((500, 999)));
        assert_eq!(byte_range("bytes=1000-", 1000), None);
        assert_eq!(byte_range("bytes=5-1", 1000), None);
        assert_eq!(byte_range("bytes=0-1,5-6", 1000), None);
        assert_eq!(byte_range("items=0-1", 1000), None);
        assert_eq!(byte_range("bytes=-0", 1000), None);
        assert_eq!(byte_range("bytes=99999999999999999999999-", 1000), None);
    }
}
