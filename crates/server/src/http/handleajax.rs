//! handleajax/confirmPassword: re-enter the password before a destructive action and get a
//! short-lived, single-use key for it (spec/call-routing.md sections 4, 5 and 7).

use axum::extract::State;
use axum::routing::post;
use axum::{Json, Router};
use domain::{validate_password_confirmation, FieldErrors};
use serde_json::{json, Value};

use super::client::ClientAddr;
use super::error::AppError;
use super::form::FormData;
use super::session::CurrentSession;
use crate::security::check_password;
use crate::state::AppState;
use crate::store::{confirmations, splash_screens, throttle, users};

pub const WRONG_PASSWORD: &str = "The password you entered is incorrect.";
pub const TOO_MANY_ATTEMPTS: &str = "Too many failed attempts. Please wait a minute and try again.";

pub(crate) fn router() -> Router<AppState> {
    Router::new()
        .route("/handleajax/confirmPassword", post(confirm_password))
        .route("/handleajax/acknowledgesplashscreen/", post(acknowledge_splash_screen))
}

#[derive(serde::Serialize)]
struct Acknowledged {
    success: bool,
}

/// The user has seen the splash screen: it is not shown to them again. Another customer's
/// splash screen (or none) is 404.
async fn acknowledge_splash_screen(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    form: FormData,
) -> Result<Json<Acknowledged>, AppError> {
    let id = form.id("id");
    if id <= 0 {
        return Err(AppError::NotFound);
    }
    let now = state.clock.now();
    if !splash_screens::acknowledge(&state.db, session.customer_id, session.user_id, id, now).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Acknowledged { success: true }))
}

/// The spec's answer for a refused password: status 0 and the field message, inside our 422.
fn refused(message: &str) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_password", message);
    AppError::ValidationWith(errors, json!({ "status": 0, "data": { "form_password": message } }))
}

async fn confirm_password(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    client: ClientAddr,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let password = form.text("form_password");
    if let Err(errors) = validate_password_confirmation(password) {
        let message = errors.get("form_password").unwrap_or_default().to_string();
        return Err(refused(&message));
    }
    let user = users::find_by_id(&state.db, session.user_id).await?.ok_or(AppError::Forbidden)?;
    let now = state.clock.now();
    let source = client.key();
    if throttle::is_locked(&state.db, &user.email, &source, now).await? {
        let extra = json!({ "status": 0, "data": { "form_password": TOO_MANY_ATTEMPTS } });
        return Err(AppError::TooManyRequests(TOO_MANY_ATTEMPTS.into(), extra));
    }
    if !check_password(password, &user.password_hash).await {
        throttle::record_failure(&state.db, &user.email, &source, now).await?;
        tracing::warn!(user = user.id, source, "password confirmation failed");
        return Err(refused(WRONG_PASSWORD));
    }
    throttle::clear(&state.db, &user.email, &source).await?;
    let key = confirmations::issue(&state.db, &session, now).await?;
    Ok(Json(json!({ "status": 1, "key": key })))
}
