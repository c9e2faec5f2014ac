//! One error type for every handler, with the status mapping in one place. Internal causes are
//! logged and never sent to the browser.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::FieldErrors;
use serde_json::{json, Value};

#[derive(Debug)]
pub enum AppError {
    /// No session: the browser goes to the login page, coming back to `return_to`.
    Unauthorized {
        return_to: String,
    },
    Forbidden,
    NotFound,
    BadRequest(String),
    PayloadTooLarge,
    Validation(FieldErrors),
    /// A validation failure with a server-side code from the spec's catalogue
    /// (`DESCRIPTION_NOT_UNIQUE`, `DESTINATION_NUMBER_NOT_UNIQUE`) instead of VALIDATION_FAILED.
    Coded(&'static str, FieldErrors),
    /// A validation failure with extra fields the spec's answer carries (e.g. `status`, `data`).
    ValidationWith(FieldErrors, Value),
    /// Throttled; the message, and extra fields for the spec's answer shape.
    TooManyRequests(String, Value),
    Internal(String),
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        AppError::Internal(error.to_string())
    }
}

pub fn login_url(return_to: &str) -> String {
    format!("/login?return={}", url::form_urlencoded::byte_serialize(return_to.as_bytes()).collect::<String>())
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let (status, body) = match self {
            AppError::Unauthorized { return_to } => {
                (StatusCode::UNAUTHORIZED, json!({ "login": login_url(&return_to) }))
            }
            AppError::Forbidden => (StatusCode::FORBIDDEN, json!({ "success": false, "code": "FORBIDDEN" })),
            AppError::NotFound => (StatusCode::NOT_FOUND, json!({ "success": false, "code": "NOT_FOUND" })),
            AppError::BadRequest(message) => {
                (StatusCode::BAD_REQUEST, json!({ "success": false, "code": "BAD_REQUEST", "message": message }))
            }
            AppError::PayloadTooLarge => {
                (StatusCode::PAYLOAD_TOO_LARGE, json!({ "success": false, "code": "PAYLOAD_TOO_LARGE" }))
            }
            AppError::Validation(errors) => (StatusCode::UNPROCESSABLE_ENTITY, validation_body(&errors)),
            AppError::Coded(code, errors) => {
                (StatusCode::UNPROCESSABLE_ENTITY, json!({ "success": false, "code": code, "errors": errors }))
            }
            AppError::ValidationWith(errors, extra) => {
                let mut body = validation_body(&errors);
                if let (Some(body), Value::Object(extra)) = (body.as_object_mut(), extra) {
                    body.extend(extra);
                }
                (StatusCode::UNPROCESSABLE_ENTITY, body)
            }
            AppError::TooManyRequests(message, extra) => {
                let mut body = json!({ "success": false, "code": "TOO_MANY_REQUESTS", "message": message });
                if let (Some(body), Value::Object(extra)) = (body.as_object_mut(), extra) {
                    body.extend(extra);
                }
                (StatusCode::TOO_MANY_REQUESTS, body)
            }
            AppError::Internal(cause) => {
                tracing::error!(%cause, "internal error");
                (StatusCode::INTERNAL_SERVER_ERROR, json!({ "success": false, "code": "INTERNAL" }))
            }
        };
        (status, Json(body)).into_response()
    }
}

fn validation_body(errors: &FieldErrors) -> Value {
    json!({ "success": false, "code": "VALIDATION_FAILED", "errors": errors })
}
