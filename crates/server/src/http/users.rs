//! users/*: for now the reports-version switch; the users area comes with its own issue.

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

use super::error::AppError;
use super::session::CurrentSession;
use crate::state::AppState;
use crate::store::users;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/users/swapReportVersionFromAdminArea", get(swap_report_version))
}

/// Toggles the new-reports mode; system managers only.
async fn swap_report_version(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Value>, AppError> {
    if !users::is_system_manager(&state.db, session.user_id).await? {
        return Err(AppError::Forbidden);
    }
    let value = users::toggle_new_reports(&state.db, session.user_id).await?;
    Ok(Json(json!({ "value": value })))
}
