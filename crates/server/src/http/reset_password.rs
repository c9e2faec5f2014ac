//! The page a password reset link opens: choose a new password, once, while the link lives. A new
//! user's welcome link (`welcome=1`, wording only) says welcome and ends on it, not on a change.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use domain::users::validate_new_password;
use serde::Deserialize;

use super::pages::{escape, layout};
use crate::http::kit::error::AppError;
use crate::http::kit::form::FormData;
use crate::security::new_password_hash;
use crate::state::AppState;
use crate::store::password_resets;

pub const LINK_NOT_VALID: &str = "This link has expired or has already been used. Ask for a new password reset email.";
pub const PASSWORD_CHANGED: &str = "Your password has been changed.";
pub const PASSWORD_SET: &str = "Your password is set: log in with your email address and it.";
pub const WELCOME_TITLE: &str = "Welcome, set your password";

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/resetpassword", get(reset_page).post(reset))
}

#[derive(Deserialize)]
struct ResetQuery {
    token: Option<String>,
    welcome: Option<String>,
}

fn page(state: &AppState, status: StatusCode, token: &str, welcome: bool, error: Option<&str>) -> Response {
    let error = error.map(|e| format!(r#"<div class="error" role="alert">{}</div>"#, escape(e))).unwrap_or_default();
    let body = format!(
        r#"{error}<form method="post" action="/resetpassword">
<input type="hidden" name="token" value="{token}">{welcome_field}
<label for="password">New password</label><input id="password" name="password" type="password" autocomplete="new-password" required autofocus>
<label for="confirm">Confirm password</label><input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">Set password</button></form>"#,
        token = escape(token),
        welcome_field = if welcome { r#"<input type="hidden" name="welcome" value="1">"# } else { "" },
    );
    let title = if welcome { WELCOME_TITLE } else { "Choose a new password" };
    (status, layout(&state.settings.product_name, title, &body)).into_response()
}

fn invalid_link(state: &AppState) -> Response {
    let body = format!(r#"<p role="alert" class="error">{LINK_NOT_VALID}</p><p><a href="/login">Log in</a></p>"#);
    (StatusCode::NOT_FOUND, layout(&state.settings.product_name, "Choose a new password", &body)).into_response()
}

async fn reset_page(State(state): State<AppState>, Query(query): Query<ResetQuery>) -> Result<Response, AppError> {
    let token = query.token.unwrap_or_default();
    if password_resets::peek(&state.db, &token, state.clock.now()).await?.is_none() {
        return Ok(invalid_link(&state));
    }
    Ok(page(&state, StatusCode::OK, &token, query.welcome.as_deref() == Some("1"), None))
}

async fn reset(State(state): State<AppState>, form: FormData) -> Result<Response, AppError> {
    let token = form.text("token");
    let welcome = form.text("welcome") == "1";
    let now = state.clock.now();
    if password_resets::peek(&state.db, token, now).await?.is_none() {
        return Ok(invalid_link(&state));
    }
    if let Err(errors) = validate_new_password(form.text("password"), form.text("confirm")) {
        let message = errors.iter().next().map(|(_, m)| m.to_string()).unwrap_or_default();
        return Ok(page(&state, StatusCode::UNPROCESSABLE_ENTITY, token, welcome, Some(&message)));
    }
    if !password_resets::redeem(&state.db, token, &new_password_hash(form.text("password")).await, now).await? {
        return Ok(invalid_link(&state));
    }
    let product = &state.settings.product_name;
    let (title, said) = if welcome {
        (format!("Welcome to {product}"), PASSWORD_SET)
    } else {
        ("Password changed".to_string(), PASSWORD_CHANGED)
    };
    let body = format!(r#"<p role="status">{said}</p><p><a href="/login">Log in</a></p>"#);
    Ok(layout(product, &title, &body).into_response())
}
