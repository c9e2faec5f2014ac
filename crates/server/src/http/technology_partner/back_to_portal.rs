//! /technologypartnerportal/backToPortal: the spec's way back to the technology-partner portal
//! from any account the user is in. Moving the session is a POST from this site only (a link or
//! image on another site cannot move it; SameSite=Lax would send the cookie with a cross-site
//! link). Opening the address (GET) changes nothing: it shows a page whose button posts, or goes
//! straight to the portal when the session is already there; without a session it goes to the
//! login page, which lands on the user's own account.

use crate::store::CustomerId;
use axum::extract::State;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use crate::http::kit::error::{login_url, AppError};
use crate::http::kit::session::page_session;
use crate::http::login::cross_site;
use crate::http::pages::{escape, layout};
use crate::state::AppState;
use crate::store::sessions::Session;
use crate::store::{accounts, sessions, users};

pub const PATH: &str = "/technologypartnerportal/backToPortal";
const PORTAL: &str = "/manage/technologypartner";

pub(super) fn router() -> Router<AppState> {
    Router::new().route(PATH, get(back_to_portal_page).post(back_to_portal))
}

/// Where the way back leads for this browser.
enum Way {
    /// No session: log in (which lands on the user's own account).
    LogIn,
    /// The user has no technology-partner account of their own (or no access to it any more).
    Home,
    /// The session is on the partner's account already.
    There,
    /// The session is on another account; the partner's is `id`, called `name`.
    Back { session: Session, id: CustomerId, name: String },
}

async fn way(state: &AppState, parts: &Parts) -> Result<Way, AppError> {
    let Some(session) = page_session(state, parts).await? else { return Ok(Way::LogIn) };
    let Some(partner) = users::home_tech_partner_account(&state.db, session.user_id).await? else {
        return Ok(Way::Home);
    };
    let Some(name) = accounts::accessible_customer(&state.db, session.user_id, partner).await? else {
        return Ok(Way::Home);
    };
    if session.customer_id == partner {
        return Ok(Way::There);
    }
    Ok(Way::Back { session, id: partner, name })
}

/// GET: never moves the session; asks with a button that posts.
async fn back_to_portal_page(State(state): State<AppState>, parts: Parts) -> Result<Response, AppError> {
    let (session, name) = match way(&state, &parts).await? {
        Way::LogIn => return Ok(Redirect::to(&login_url(PORTAL)).into_response()),
        Way::Home => return Ok(Redirect::to("/manage/").into_response()),
        Way::There => return Ok(Redirect::to(PORTAL).into_response()),
        Way::Back { session, name, .. } => (session, name),
    };
    let current = accounts::accessible_customer(&state.db, session.user_id, session.customer_id).await?;
    let body = format!(
        r#"<p>You are in the account <strong>{current}</strong>. Go back to the portal of <strong>{partner}</strong>?</p>
<form method="post" action="{PATH}"><button type="submit">Back to the portal</button></form>
<p><a href="/manage/">Stay in this account</a></p>"#,
        current = escape(current.as_deref().unwrap_or("")),
        partner = escape(&name),
    );
    Ok(layout(&state.settings.product_name, "Technology partner portal", &body).into_response())
}

/// POST, from this site: moves the session to the user's own technology-partner account and
/// opens the portal.
async fn back_to_portal(State(state): State<AppState>, parts: Parts) -> Result<Response, AppError> {
    if cross_site(&parts) {
        return Err(AppError::Forbidden);
    }
    match way(&state, &parts).await? {
        Way::LogIn => Ok(Redirect::to(&login_url(PORTAL)).into_response()),
        Way::Home => Ok(Redirect::to("/manage/").into_response()),
        Way::There => Ok(Redirect::to(PORTAL).into_response()),
        Way::Back { session, id, .. } => {
            sessions::switch_customer(&state.db, &session, id).await?;
            tracing::info!(user = session.user_id, customer = id.get(), "back to the technology partner portal");
            Ok(Redirect::to(PORTAL).into_response())
        }
    }
}
