//! accountsettings/*: the auth check, the account's scopes and the account switch.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::AccountState;
use serde_json::{json, Value};

use super::error::AppError;
use super::form::FormData;
use super::session::CurrentSession;
use crate::state::AppState;
use crate::store::{accounts, sessions, users};

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/accountsettings/getAccountDetails", get(account_details))
        .route("/accountsettings/getAccountScopes", get(account_scopes))
        .route("/accountsettings/switchAccount", post(switch_account))
}

/// The current state, loaded afresh: access removed since login ends the session's use.
pub(crate) async fn current_state(state: &AppState, session: &sessions::Session) -> Result<AccountState, AppError> {
    accounts::load_state(&state.db, session.user_id, session.customer_id, &state.settings.product_name)
        .await?
        .ok_or(AppError::Forbidden)
}

async fn account_details(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<AccountState>, AppError> {
    Ok(Json(current_state(&state, &session).await?))
}

async fn account_scopes(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Value>, AppError> {
    let acc = current_state(&state, &session).await?;
    Ok(Json(json!({
        "packageScopes": acc.package_scopes,
        "addonScopes": acc.addon_scopes,
        "nextPackageScopes": acc.next_package_scopes,
    })))
}

/// Moves the session to another customer, only one the user really has access to. The partner
/// portal's entry (`form_partner_login` 1 with no customer) goes back to the user's own partner
/// account. (The portal's own entry, `login/`, is in http/partner.)
async fn switch_account(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let wanted = form.text("form_customer_id").trim();
    let customer_id: i64 = if wanted.is_empty() && form.text("form_partner_login") == "1" {
        users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::NotFound)?
    } else {
        wanted.parse().map_err(|_| AppError::BadRequest("form_customer_id must be a customer id".into()))?
    };
    let name =
        accounts::accessible_customer(&state.db, session.user_id, customer_id).await?.ok_or(AppError::NotFound)?;
    sessions::switch_customer(&state.db, &session, customer_id).await?;
    tracing::info!(user = session.user_id, customer = customer_id, "account switched");
    Ok(Json(json!({ "success": true, "customerId": customer_id, "customerName": name })))
}
