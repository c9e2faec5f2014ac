//! A call's transcript, under its recording in the call log's detail. Like the
//! recording, it needs the reports permission and the user's recordings flag; another
//! customer's call is not found. The transcript is made in the background by
//! `transcription.rs`, on this machine: the answer says where it stands until then.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::speech::transcribes_calls;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::call_detail::call_id;
use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::jobs::transcription::MAX_ATTEMPTS;
use crate::state::AppState;
use crate::store::{calls, transcripts};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_transcript))
}

/// Where a call's transcript stands.
#[derive(Serialize, ToSchema, PartialEq, Eq, Debug)]
#[serde(rename_all = "camelCase")]
enum TranscriptState {
    /// Transcribed: the text and words are there.
    Ready,
    /// Waiting for the transcription job.
    Pending,
    /// The recogniser failed on it every time it tried.
    Failed,
    /// The call has no recording.
    NoRecording,
    /// The account has no speech analytics.
    NotIncluded,
    /// On the speech analytics trial, a call beyond its day's allowance (or outside the trial):
    /// passed over for good.
    OutsideTrialAllowance,
}

/// A word heard, with where it is in the recording.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TranscriptWord {
    word: String,
    start_ms: i64,
    end_ms: i64,
}

/// A call's transcript.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallTranscript {
    state: TranscriptState,
    /// What was heard, one line an utterance ('' until ready).
    text: String,
    words: Vec<TranscriptWord>,
    /// The recogniser that heard it, in words ("our basic offline speech recogniser").
    recogniser: String,
    /// When it was transcribed, in the account's zone ('' until ready).
    transcribed_at: String,
}

/// The transcript of one of the account's calls, for users with the recordings flag.
#[utoipa::path(get, path = "/reports/getTranscript/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    responses((status = 200, body = CallTranscript),
        (status = 403, description = "No reports permission or no recordings flag"),
        (status = 404, description = "No such call in this account")))]
async fn get_transcript(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
) -> Result<Json<CallTranscript>, AppError> {
    let (id, customer) = (call_id(&id)?, user.customer());
    if !user.hears_recordings(&state).await? {
        return Err(AppError::Forbidden);
    }
    let row = calls::row(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let (stored, claim) = transcripts::for_call(&state.db, customer, id).await?;
    let waiting = |state| CallTranscript {
        state,
        text: String::new(),
        words: Vec::new(),
        recogniser: String::new(),
        transcribed_at: String::new(),
    };
    let Some(stored) = stored else {
        return Ok(Json(waiting(if row.has_recording == 0 {
            TranscriptState::NoRecording
        } else if !transcribes_calls(user.account.has_speech, &user.account.package_scopes) {
            TranscriptState::NotIncluded
        } else if claim.passed_over
            || crate::trial_allowance::outside_trial(&state.db, customer, row.started_at).await?
        {
            TranscriptState::OutsideTrialAllowance
        } else if claim.attempts >= MAX_ATTEMPTS {
            TranscriptState::Failed
        } else {
            TranscriptState::Pending
        })));
    };
    let words: Vec<(String, i64, i64)> = serde_json::from_str(&stored.words).unwrap_or_default();
    Ok(Json(CallTranscript {
        state: TranscriptState::Ready,
        text: stored.text,
        words: words.into_iter().map(|(word, start_ms, end_ms)| TranscriptWord { word, start_ms, end_ms }).collect(),
        recogniser: domain::speech::recogniser_label(&stored.recogniser).to_string(),
        transcribed_at: domain::format_date_time(stored.created_at, &user.account.customer_time_zone),
    }))
}
