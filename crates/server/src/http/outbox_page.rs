//! /outbox: the mail the server has sent, newest first, for developers and the demo. Reset
//! links are as good as passwords, so it answers only when DEV_OUTBOX=1, to a request from
//! this machine (loopback), from a logged-in system manager; anyone else gets a plain 404.

use axum::extract::State;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use axum::Router;

use super::pages::{escape, layout};
use crate::http::kit::client::ClientAddr;
use crate::http::kit::error::AppError;
use crate::http::kit::session::session_token;
use crate::state::AppState;
use crate::store::{outbox, sessions, users};

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/outbox", get(outbox_page))
}

async fn outbox_page(State(state): State<AppState>, client: ClientAddr, parts: Parts) -> Result<Response, AppError> {
    if !state.settings.dev_outbox || !client.is_loopback() {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    let session = match session_token(&parts, state.settings.secure_cookies) {
        Some(token) => sessions::find(&state.db, &token, state.clock.now()).await?,
        None => None,
    };
    let Some(session) = session else {
        return Ok(Redirect::to("/login").into_response());
    };
    if !users::is_system_manager(&state.db, session.user_id).await? {
        return Ok(StatusCode::NOT_FOUND.into_response());
    }
    let mails = outbox::latest(&state.db, 50).await?;
    let mut body = String::from("<p>Mail sent by this server (there is no mail relay here).</p>");
    if mails.is_empty() {
        body.push_str("<p>No mail yet.</p>");
    }
    for mail in mails {
        let link = mail
            .link
            .as_deref()
            .map(|l| {
                let words = if l.contains("welcome=1") { "Set your password" } else { "Reset your password" };
                format!(r#"<p><a href="{}">{words}</a></p>"#, escape(l))
            })
            .unwrap_or_default();
        body.push_str(&format!(
            r#"<article class="mail"><p><strong>To:</strong> {}<br><strong>Subject:</strong> {}</p>{link}</article><hr>"#,
            escape(&mail.to_email),
            escape(&mail.subject)
        ));
    }
    Ok(layout(&state.settings.product_name, "Outbox", &body).into_response())
}
