//! phone/progress: where a browser call is now, in the simulator's words, for the phone's page
//! (the engine notes each new place as the live session moves; domain `phone::progress`).

use axum::extract::{Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::telephony_on;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::browser_calls;

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(super) struct ProgressQuery {
    /// What phone/testCall or phone/callOut said to dial.
    #[param(max_length = 40)]
    dial: String,
}

/// Where the call is.
#[derive(Serialize, ToSchema, PartialEq, Eq, Debug)]
#[serde(rename_all = "camelCase")]
pub(super) enum CallState {
    /// The phone has not dialled yet.
    Waiting,
    Live,
    Ended,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CallProgress {
    state: CallState,
    /// Each place the call has been, in order; the last is where it is now (or how it ended).
    steps: Vec<String>,
    /// The call's id in the call log, once it has one.
    call_id: Option<i64>,
}

/// Where one of the user's browser calls is now.
#[utoipa::path(get, path = "/phone/progress", tag = "phone", params(ProgressQuery),
    responses((status = 200, body = CallProgress), (status = 404, description = "Not a call of this user")))]
pub(super) async fn progress(
    State(state): State<AppState>,
    AccountUser { session, .. }: AccountUser,
    Query(query): Query<ProgressQuery>,
) -> Result<Json<CallProgress>, AppError> {
    telephony_on(&state)?;
    let token = query.dial.get(1..).filter(|t| t.len() <= 40).ok_or(AppError::NotFound)?;
    let row = browser_calls::progress(&state.db, session.customer_id, session.user_id, token)
        .await?
        .ok_or(AppError::NotFound)?;
    let steps: Vec<String> = serde_json::from_str(&row.steps).unwrap_or_default();
    let state = match (row.used_at, row.ended) {
        (_, true) => CallState::Ended,
        (Some(_), false) => CallState::Live,
        (None, false) => CallState::Waiting,
    };
    Ok(Json(CallProgress { state, steps, call_id: row.call_id }))
}
