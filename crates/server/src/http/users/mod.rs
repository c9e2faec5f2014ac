//! users/* and outboundcampaigns/*: the users area (spec/shell-users-integrations.md) and the
//! reports-version switch.

pub(crate) mod actions;
mod details;
mod editor;
pub(super) mod list;
mod outbound;
mod save;
pub(super) mod save_bounds;

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::error::AppError;
use crate::http::kit::session::CurrentSession;
use crate::state::AppState;
use crate::store::users;

/// No text field of the area's forms may be longer than this (their rules allow far less).
const TEXT_MAX: usize = 1_000;

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(swap_report_version))
        .merge(list::router())
        .merge(details::router())
        .merge(save::router())
        .merge(actions::router())
        .merge(outbound::router())
}

#[derive(Serialize, ToSchema)]
struct ReportVersion {
    /// The new-reports mode, as now set.
    value: bool,
}

/// Toggles the new-reports mode; system managers only.
#[utoipa::path(get, path = "/users/swapReportVersionFromAdminArea", tag = "users",
    responses((status = 200, body = ReportVersion)))]
async fn swap_report_version(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<ReportVersion>, AppError> {
    if !users::is_system_manager(&state.db, session.user_id).await? {
        return Err(AppError::Forbidden);
    }
    let value = users::toggle_new_reports(&state.db, session.user_id).await?;
    Ok(Json(ReportVersion { value }))
}
