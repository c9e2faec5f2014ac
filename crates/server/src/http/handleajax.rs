//! handleajax/confirmPassword: re-enter the password before a destructive action and get a
//! short-lived, single-use key for it (spec/call-routing.md sections 4, 5 and 7); and
//! handleajax/acknowledgesplashscreen/.

use crate::http::contract::bounds;
use axum::extract::State;
use axum::Json;
use domain::{validate_password_confirmation, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::client::ClientAddr;
use crate::http::kit::error::AppError;
use crate::http::kit::session::CurrentSession;
use crate::http::kit::typed_form::Form;
use crate::security::check_password;
use crate::state::AppState;
use crate::store::{confirmations, splash_screens, throttle, users};

pub const WRONG_PASSWORD: &str = "The password you entered is incorrect.";
pub const TOO_MANY_ATTEMPTS: &str = "Too many failed attempts. Please wait a minute and try again.";

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(confirm_password)).routes(routes!(acknowledge_splash_screen))
}

/// The splash screen the user has seen.
#[derive(Deserialize, Validate, ToSchema)]
struct AcknowledgeRequest {
    /// The splash screen's id (accountsettings/getAccountDetails' splashScreen); none is 404.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = bounds::ID_MIN)))]
    #[schema(schema_with = bounds::id)]
    id: Option<i64>,
}

/// The user has seen the splash screen: it is not shown to them again. Another customer's
/// splash screen (or none) is 404.
#[utoipa::path(post, path = "/handleajax/acknowledgesplashscreen/", tag = "handleajax",
    request_body(content((AcknowledgeRequest = "multipart/form-data"), (AcknowledgeRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn acknowledge_splash_screen(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    Form { fields: form, .. }: Form<AcknowledgeRequest>,
) -> Result<Json<Done>, AppError> {
    let id = form.id.ok_or(AppError::NotFound)?;
    let now = state.clock.now();
    if !splash_screens::acknowledge(&state.db, session.customer_id, session.user_id, id, now).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

/// The spec's answer for a refused password: status 0 and the field message, inside our 422.
fn refused(message: &str) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_password", message);
    AppError::ValidationWith(errors, json!({ "status": 0, "data": { "form_password": message } }))
}

#[derive(Deserialize, Validate, ToSchema)]
struct ConfirmPasswordRequest {
    /// The user's password. Its rules are the domain's; this only bounds it first.
    #[serde(default)]
    #[garde(length(chars, max = PASSWORD_MAX))]
    #[schema(required = true, schema_with = password)]
    form_password: String,
}

/// No password is longer than this (new ones allow 128 characters).
const PASSWORD_MAX: usize = 1_000;

/// A password: not empty (spaces are a password: `validate_password_confirmation`), at most
/// `PASSWORD_MAX` characters, no NUL.
fn password() -> utoipa::openapi::schema::Object {
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .min_length(Some(1))
        .max_length(Some(PASSWORD_MAX))
        .pattern(Some(crate::http::contract::FORM_TEXT_PATTERN))
        .build()
}

/// status 1 and the key for the destructive call.
#[derive(Serialize, ToSchema)]
struct PasswordConfirmed {
    status: u8,
    /// Single use, for this session, for five minutes.
    key: String,
}

/// A refused password is 422 with `status` 0 and `data.form_password` beside the usual
/// errors; too many failures are 429 with the same shape.
#[utoipa::path(post, path = "/handleajax/confirmPassword", tag = "handleajax",
    request_body(content((ConfirmPasswordRequest = "multipart/form-data"), (ConfirmPasswordRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PasswordConfirmed), (status = 429, description = "Too many failed attempts.")))]
async fn confirm_password(
    State(state): State<AppState>,
    CurrentSession(session): CurrentSession,
    client: ClientAddr,
    Form { fields: form, .. }: Form<ConfirmPasswordRequest>,
) -> Result<Json<PasswordConfirmed>, AppError> {
    let password = form.form_password.as_str();
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
    Ok(Json(PasswordConfirmed { status: 1, key }))
}
