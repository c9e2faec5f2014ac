//! /sandbox/phone: the phone the sandbox verification provider "sends" caller id codes to
//! (`caller_id_verification.rs`). It shows the account's latest messages, newest first, to a
//! signed-in user of Manage CLI on that account (its owner), as the numbers' phones would;
//! anyone else gets a 404. Nothing here is logged.

use axum::extract::State;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use super::accountsettings::current_state;
use super::pages::{escape, layout};
use crate::http::kit::error::AppError;
use crate::http::kit::session::page_session;
use crate::state::AppState;
use crate::store::caller_ids;

/// Where the sandbox phone's page is.
pub const SANDBOX_PHONE_PATH: &str = "/sandbox/phone";

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(SANDBOX_PHONE_PATH, get(phone_page))
}

async fn phone_page(State(state): State<AppState>, parts: Parts) -> Result<Response, AppError> {
    let Some(session) = page_session(&state, &parts).await? else {
        return Ok(Redirect::to("/login").into_response());
    };
    let account = current_state(&state, &session).await?;
    if !domain::caller_ids::opens_manage_cli(&account) {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    let messages = caller_ids::sandbox_messages(&state.db, session.customer_id, 20).await?;
    let mut body = String::from(
        "<p>The sandbox verification provider's phone: the codes sent to this account's outside caller ids.</p>",
    );
    if messages.is_empty() {
        body.push_str("<p>No messages yet.</p>");
    }
    for m in messages {
        body.push_str(&format!(
            r#"<article class="sms"><p><strong>To:</strong> <span class="number">{}</span></p><p class="message">{}</p></article><hr>"#,
            escape(&m.number),
            escape(&m.message)
        ));
    }
    Ok(layout(&state.settings.product_name, "Sandbox phone", &body).into_response())
}
