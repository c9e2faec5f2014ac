//! Posted forms: `multipart/form-data` or `application/x-www-form-urlencoded`, read into one
//! list of fields so handlers do not care which the browser sent. Bad bodies are 400 JSON.

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;

use super::error::AppError;

/// A body rejection as our error: too large is 413, anything else malformed is 400.
fn rejected(status: axum::http::StatusCode, text: String) -> AppError {
    if status == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
        AppError::PayloadTooLarge
    } else {
        AppError::BadRequest(text)
    }
}

#[derive(Debug, Default)]
pub struct FormData {
    fields: Vec<(String, String)>,
}

impl FormData {
    /// The first value of a field.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.fields.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The first value of a field, or "" when absent.
    pub fn text(&self, name: &str) -> &str {
        self.get(name).unwrap_or("")
    }
}

impl<S: Send + Sync> FromRequest<S> for FormData {
    type Rejection = AppError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let content_type =
            req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).unwrap_or("").to_ascii_lowercase();
        if content_type.starts_with("multipart/form-data") {
            let mut multipart =
                Multipart::from_request(req, state).await.map_err(|e| rejected(e.status(), e.body_text()))?;
            let mut fields = vec![];
            while let Some(field) = multipart.next_field().await.map_err(|e| rejected(e.status(), e.body_text()))? {
                let name = field.name().unwrap_or_default().to_string();
                let value = field.text().await.map_err(|e| rejected(e.status(), e.body_text()))?;
                fields.push((name, value));
            }
            Ok(FormData { fields })
        } else if content_type.starts_with("application/x-www-form-urlencoded") || content_type.is_empty() {
            let bytes = Bytes::from_request(req, state).await.map_err(|e| rejected(e.status(), e.body_text()))?;
            let fields = url::form_urlencoded::parse(&bytes).into_owned().collect();
            Ok(FormData { fields })
        } else {
            Err(AppError::BadRequest(format!("unsupported content type {content_type:?}")))
        }
    }
}
