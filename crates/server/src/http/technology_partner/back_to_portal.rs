//! GET /technologypartnerportal/backToPortal: the spec's way back to the technology-partner
//! portal from any account the user is in. It moves the session to the user's own technology
//! partner account and opens the portal; without a session it goes to the login page, which
//! lands on the user's own account.

use axum::extract::State;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use crate::http::error::{login_url, AppError};
use crate::http::session::page_session;
use crate::state::AppState;
use crate::store::{accounts, sessions, users};

pub const PATH: &str = "/technologypartnerportal/backToPortal";
const PORTAL: &str = "/manage/technologypartner";

pub(super) fn router() -> Router<AppState> {
    Router::new().route(PATH, get(back_to_portal))
}

async fn back_to_portal(State(state): State<AppState>, parts: Parts) -> Result<Response, AppError> {
    // Logging in lands on the user's own account, which is where this goes anyway.
    let Some(session) = page_session(&state, &parts).await? else {
        return Ok(Redirect::to(&login_url(PORTAL)).into_response());
    };
    let home = users::home_tech_partner_account(&state.db, session.user_id).await?;
    let Some(partner) = home else { return Ok(Redirect::to("/manage/").into_response()) };
    if accounts::accessible_customer(&state.db, session.user_id, partner).await?.is_none() {
        return Ok(Redirect::to("/manage/").into_response());
    }
    if session.customer_id != partner {
        sessions::switch_customer(&state.db, &session, partner).await?;
        tracing::info!(user = session.user_id, customer = partner, "back to the technology partner portal");
    }
    Ok(Redirect::to(PORTAL).into_response())
}
