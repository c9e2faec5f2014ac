//! Speech Insights (/call-insights): for a period, the voice tags found most with their
//! calls, the calls with voice tags, and one call's transcript with its phrases marked (beside its
//! recording). Needs the page's menu item and guard (speech analytics, the `report_voice_tags`
//! scope, the new reports) and the reports permission; a call's transcript also needs the
//! recordings flag (as the transcript in the call log). Another customer's call is 404.

use crate::http::kit::extract::{Path, Query};
use axum::extract::State;
use axum::Json;
use domain::reports::period::preset_from_query;
use domain::reports::{format_uk, report_period, DatePreset};
use domain::speech::{mark_phrases, tags_found, Speaker};
use domain::{menu_page_opens, FieldErrors};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::call_detail::call_id;
use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::{calls, transcripts, voice_tags as store};

/// Calls listed for a period (newest first).
const CALLS_MAX: i64 = 100;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_insights)).routes(routes!(get_call_insight))
}

/// 403 unless the account opens Speech Insights.
fn require_page(user: &ReportsUser) -> Result<(), AppError> {
    if menu_page_opens("/call-insights", &user.account) {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The period, as the dashboard names it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct InsightsQuery {
    /// today, yesterday, last7Days, last30Days (the default), thisMonth, lastMonth or custom.
    #[param(max_length = 20)]
    preset: Option<String>,
    /// The first day of a custom range, YYYY-MM-DD.
    #[param(max_length = 10)]
    from: Option<String>,
    /// The last day of a custom range, YYYY-MM-DD.
    #[param(max_length = 10)]
    to: Option<String>,
}

/// A voice tag's calls in the period.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoiceTagFigure {
    id: i64,
    description: String,
    /// Calls it was found in.
    calls: i64,
    /// Times its phrases were said.
    hits: i64,
}

/// A call with voice tags.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InsightCall {
    id: i64,
    /// In the account's zone.
    time: String,
    caller: String,
    /// Its voice tags' names.
    voice_tags: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SpeechInsights {
    /// "01/11/2026 – 30/11/2026"-style days of the period.
    first_day: String,
    last_day: String,
    /// Most calls first.
    voice_tags: Vec<VoiceTagFigure>,
    /// The period's calls with voice tags, newest first (at most 100).
    calls: Vec<InsightCall>,
    /// The period's transcribed calls, newest first (at most 100), each with its voice tags.
    transcribed: Vec<InsightCall>,
    /// Whether the user may add voice tags (the words spotted): the Voice tags page opens.
    can_add_voice_tags: bool,
}

fn one_error(field: &str, message: String) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    AppError::Validation(errors)
}

/// The voice tags found most in a period, and its calls with voice tags.
#[utoipa::path(get, path = "/speech/getInsights", tag = "speech", params(InsightsQuery),
    responses((status = 200, body = SpeechInsights),
        (status = 403, description = "No Speech Insights menu item, or no right to the recordings its transcripts quote"),
        (status = 422, description = "A period that is not one")))]
async fn get_insights(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<InsightsQuery>,
) -> Result<Json<SpeechInsights>, AppError> {
    require_page(&user)?;
    // The list quotes the transcripts: the same right as reading them.
    if !user.hears_recordings(&state).await? {
        return Err(AppError::Forbidden);
    }
    let long = |value: &Option<String>, max: usize| value.as_ref().is_some_and(|v| v.chars().count() > max);
    if long(&query.preset, 20) || long(&query.from, 10) || long(&query.to, 10) {
        return Err(one_error("preset", "The period is not one.".into()));
    }
    let zone = &user.account.customer_time_zone;
    let preset = preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|message| one_error("preset", message))?;
    let period = report_period(&preset, state.clock.now(), zone).map_err(|message| {
        one_error(if matches!(preset, DatePreset::Custom { .. }) { "from" } else { "preset" }, message)
    })?;
    let customer = user.customer();
    let figures = store::figures(&state.db, customer, period.start, period.end).await?;
    let rows = store::tagged_calls(&state.db, customer, period.start, period.end, CALLS_MAX).await?;
    let mut calls: Vec<InsightCall> = Vec::new();
    for row in rows {
        match calls.last_mut() {
            Some(last) if last.id == row.call_id => last.voice_tags.push(row.description),
            _ => calls.push(InsightCall {
                id: row.call_id,
                time: domain::format_date_time(row.started_at, zone),
                caller: format_uk(&row.caller),
                voice_tags: vec![row.description],
            }),
        }
    }
    let transcribed = transcripts::transcribed_calls(&state.db, customer, period.start, period.end, CALLS_MAX)
        .await?
        .into_iter()
        .map(|row| InsightCall {
            id: row.call_id,
            time: domain::format_date_time(row.started_at, zone),
            caller: format_uk(&row.caller),
            voice_tags: calls.iter().find(|c| c.id == row.call_id).map(|c| c.voice_tags.clone()).unwrap_or_default(),
        })
        .collect();
    Ok(Json(SpeechInsights {
        transcribed,
        can_add_voice_tags: menu_page_opens("/voicetags", &user.account),
        first_day: period.first_day,
        last_day: period.last_day,
        voice_tags: figures
            .into_iter()
            .map(|f| VoiceTagFigure { id: f.id, description: f.description, calls: f.calls, hits: f.hits })
            .collect(),
        calls,
    }))
}

/// A piece of a line: plain words, or words of voice tags' phrases.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InsightPart {
    text: String,
    /// The names of the voice tags whose phrases the words are part of (empty: plain words).
    voice_tags: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InsightLine {
    /// "agent" or "caller" (the turn order: docs/speech-api.md).
    speaker: String,
    speaker_label: String,
    parts: Vec<InsightPart>,
}

/// A call's transcript with the phrases found.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallInsight {
    id: i64,
    time: String,
    caller: String,
    /// The recording to play beside the transcript ('' without one).
    recording_url: String,
    /// Whether the call has a transcript yet.
    transcribed: bool,
    lines: Vec<InsightLine>,
    /// The voice tags found in it.
    voice_tags: Vec<String>,
}

/// One call's transcript with its voice tags' phrases marked, for users with the recordings flag.
#[utoipa::path(get, path = "/speech/getCallInsight/{id}", tag = "speech",
    params(("id" = String, Path, description = "The call's id")),
    responses((status = 200, body = CallInsight),
        (status = 403, description = "No Speech Insights menu item or no recordings flag"),
        (status = 404, description = "No such call in this account")))]
async fn get_call_insight(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
) -> Result<Json<CallInsight>, AppError> {
    require_page(&user)?;
    let (id, customer) = (call_id(&id)?, user.customer());
    if !user.hears_recordings(&state).await? {
        return Err(AppError::Forbidden);
    }
    let row = calls::row(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let (stored, _) = transcripts::for_call(&state.db, customer, id).await?;
    let tags = store::for_matching(&state.db, customer).await?;
    let names = store::voice_tags(&state.db, customer, 0).await?;
    let name_of = |tag: i64| names.iter().find(|n| n.id == tag).map(|n| n.description.clone()).unwrap_or_default();
    let text = stored.as_ref().map(|s| s.text.clone()).unwrap_or_default();
    let lines = mark_phrases(&text, &tags);
    // Every tag found, also one whose words are marked for another tag's phrase.
    let mut found: Vec<String> = tags_found(&text, &tags).into_iter().map(name_of).collect();
    found.sort_by_key(|name| name.to_lowercase());
    Ok(Json(CallInsight {
        id,
        time: domain::format_date_time(row.started_at, &user.account.customer_time_zone),
        caller: format_uk(&row.caller_number),
        recording_url: if row.has_recording != 0 { format!("/api/reports/getRecording/{id}") } else { String::new() },
        transcribed: stored.is_some(),
        lines: lines
            .into_iter()
            .map(|line| InsightLine {
                speaker: line.speaker.key().into(),
                speaker_label: if line.speaker == Speaker::Agent { "Agent" } else { "Caller" }.into(),
                parts: line
                    .parts
                    .into_iter()
                    .map(|p| {
                        let mut names: Vec<String> = p.voice_tags.into_iter().map(name_of).collect();
                        names.sort_by_key(|name| name.to_lowercase());
                        InsightPart { text: p.text, voice_tags: names }
                    })
                    .collect(),
            })
            .collect(),
        voice_tags: found,
    }))
}
