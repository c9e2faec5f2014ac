//! One error type for every handler, with the status mapping in one place. Internal causes are
//! logged and never sent to the browser.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::{DESTINATION_NUMBER_NOT_UNIQUE, QUEUE_NOT_UNIQUE};
use domain::users::EMAIL_IN_USE;
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

impl AppError {
    /// A refusal's messages as one text (a server error's says only that).
    pub fn in_words(&self) -> String {
        match self {
            AppError::Validation(errors) | AppError::Coded(_, errors) | AppError::ValidationWith(errors, _) => {
                errors.iter().map(|(_, message)| message).collect::<Vec<_>>().join(" ")
            }
            AppError::NotFound => "Not found.".to_string(),
            _ => "The server could not do it.".to_string(),
        }
    }

    /// A 422 with one field's message.
    pub fn field(field: &str, message: impl Into<String>) -> AppError {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::Validation(errors)
    }
}

impl From<sqlx::Error> for AppError {
    fn from(error: sqlx::Error) -> Self {
        match crate::db::violated_unique_index(&error).and_then(|index| lost_race(&index)) {
            Some(answer) => answer,
            None => AppError::Internal(error.to_string()),
        }
    }
}

/// A save that passed its uniqueness check and then lost a race to a concurrent save (another
/// request, perhaps on another server process): the database's unique index refused it, and
/// the browser gets the answer the check gives (the names are PostgreSQL's: migrations 0003,
/// 0010 and 0011; db::violated_unique_index names SQLite's the same).
fn lost_race(index: &str) -> Option<AppError> {
    let one = |field: &str, message: &str| {
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        errors
    };
    let not_unique = |field: &str| AppError::Coded("DESCRIPTION_NOT_UNIQUE", one(field, DESCRIPTION_NOT_UNIQUE));
    Some(match index {
        "users_by_lower_email" => AppError::Validation(one("form_email", EMAIL_IN_USE)),
        "queues_description_unique" => AppError::ValidationWith(
            one("form_description", QUEUE_NOT_UNIQUE),
            json!({ "code": "DESCRIPTION_NOT_UNIQUE", "error": QUEUE_NOT_UNIQUE }),
        ),
        "ivrs_description_unique" => AppError::ValidationWith(
            one("description", DESCRIPTION_NOT_UNIQUE),
            json!({ "code": "DESCRIPTION_NOT_UNIQUE", "descriptionError": DESCRIPTION_NOT_UNIQUE }),
        ),
        "service_plans_description_unique" => not_unique("form_plan_description"),
        "destination_numbers_description_unique" => not_unique("form_number_description"),
        "destination_numbers_customer_id_international_code_id_numbe_key" => AppError::Coded(
            "DESTINATION_NUMBER_NOT_UNIQUE",
            one("form_destination_number", DESTINATION_NUMBER_NOT_UNIQUE),
        ),
        "dynamic_whispers_description_unique" => not_unique("description"),
        "call_to_actions_name_unique" => {
            AppError::Coded("NAME_NOT_UNIQUE", one("form_name", domain::cta::NAME_NOT_UNIQUE))
        }
        "custom_dimensions_name_unique" => {
            AppError::Coded("NAME_NOT_UNIQUE", one("form_name", domain::dimensions::NAME_NOT_UNIQUE))
        }
        "conversion_actions_name_unique" => {
            AppError::Coded("NAME_NOT_UNIQUE", one("form_name", domain::conversions::NAME_NOT_UNIQUE))
        }
        "destination_plans_description_unique"
        | "audios_description_unique"
        | "call_categories_description_unique"
        | "report_groups_description_unique"
        | "secondary_report_groups_description_unique"
        | "in_call_attributions_description_unique"
        | "call_tag_names_description_unique"
        | "vocabularies_description_unique"
        | "voice_tags_description_unique" => not_unique("form_description"),
        _ => return None,
    })
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
