//! users/* and outboundcampaigns/*: the users area (spec/shell-users-integrations.md) and the
//! reports-version switch.

pub(crate) mod actions;
mod details;
mod editor;
pub(super) mod list;
mod outbound;
mod save;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::{json, Value};

use super::error::AppError;
use super::session::CurrentSession;
use crate::state::AppState;
use crate::store::users;

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/users/swapReportVersionFromAdminArea", get(swap_report_version))
        .route("/users/getUsers/{view}", get(list::get_users))
        .route("/users/getUserDetails/{id}", get(details::user_details))
        .route("/users/getUserPermissions/{id}/{auth_code}/{update}", get(details::user_permissions))
        .route("/users/getPartnerUserPermissions/{id}/{update}", get(details::partner_user_permissions))
        .route("/users/checkUniqueEmail/", post(save::check_unique_email))
        .route("/users/checkUniqueEmail", post(save::check_unique_email))
        .route("/users/save/{id}", post(save::save_user))
        .route("/users/sendPasswordReset/{id}", post(actions::send_password_reset))
        .route("/users/deleteUser/{id}", post(actions::delete_user))
        .route("/users/removeFromAccount/{id}", post(actions::remove_from_account))
        .route("/users/getOutboundService", get(outbound::outbound_service))
        .route("/users/setOutboundService", post(outbound::set_outbound_service))
        .route("/outboundcampaigns/getAll/", get(outbound::campaigns))
        .route("/outboundcampaigns/getAll", get(outbound::campaigns))
        .route("/outboundcampaigns/addCampaign", post(outbound::add_campaign))
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
