//! partnerportal/getPartnerDetails/ and `login/`: the partner a user belongs to, and the
//! portal's way into one of its client accounts and back.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Serialize;

use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::http::session::CurrentSession;
use crate::state::AppState;
use crate::store::{accounts, partners, sessions, users};

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/partnerportal/getPartnerDetails/", get(partner_details)).route("/login/", post(enter_account))
}

#[derive(Serialize)]
struct PartnerDetails {
    id: i64,
    name: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Entered {
    success: bool,
    customer_id: i64,
    customer_name: String,
}

/// The user's partner account, as a list whose first entry has id and name (the spec's shape).
async fn partner_details(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
) -> Result<Json<Vec<PartnerDetails>>, AppError> {
    let partner = users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::Forbidden)?;
    let name = accounts::accessible_customer(&state.db, session.user_id, partner).await?.ok_or(AppError::Forbidden)?;
    Ok(Json(vec![PartnerDetails { id: partner, name }]))
}

/// The portal's entry: `form_partner_login` 1 with no customer goes back to the user's own
/// partner account; otherwise `form_customer_id` must be one of that partner's clients that the
/// user reaches. Anything else is 404, whatever else the user can reach.
async fn enter_account(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    form: FormData,
) -> Result<Json<Entered>, AppError> {
    let partner = users::home_partner_account(&state.db, session.user_id).await?.ok_or(AppError::NotFound)?;
    let wanted = form.text("form_customer_id").trim();
    let customer_id = if wanted.is_empty() && form.text("form_partner_login") == "1" {
        partner
    } else {
        let id: i64 =
            wanted.parse().map_err(|_| AppError::BadRequest("form_customer_id must be a customer id".into()))?;
        partners::client_name(&state.db, partner, id).await?.ok_or(AppError::NotFound)?;
        id
    };
    let customer_name =
        accounts::accessible_customer(&state.db, session.user_id, customer_id).await?.ok_or(AppError::NotFound)?;
    sessions::switch_customer(&state.db, &session, customer_id).await?;
    tracing::info!(user = session.user_id, customer = customer_id, "entered from the partner portal");
    Ok(Json(Entered { success: true, customer_id, customer_name }))
}
