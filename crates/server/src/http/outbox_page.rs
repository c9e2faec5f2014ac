//! /outbox: the mail the server has sent, newest first, for developers and the demo. Only
//! served when DEV_OUTBOX=1, since reset links are as good as passwords.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::error::AppError;
use super::pages::{escape, layout};
use crate::state::AppState;
use crate::store::outbox;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/outbox", get(outbox_page))
}

async fn outbox_page(State(state): State<AppState>) -> Result<Response, AppError> {
    if !state.settings.dev_outbox {
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
            .map(|l| format!(r#"<p><a href="{}">Reset your password</a></p>"#, escape(l)))
            .unwrap_or_default();
        body.push_str(&format!(
            r#"<article class="mail"><p><strong>To:</strong> {}<br><strong>Subject:</strong> {}</p>{link}</article><hr>"#,
            escape(&mail.to_email),
            escape(&mail.subject)
        ));
    }
    Ok(layout(&state.settings.product_name, "Outbox", &body).into_response())
}
