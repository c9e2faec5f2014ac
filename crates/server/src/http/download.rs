//! Files the browser saves: the attachment headers and a header-safe file name.

use axum::http::header;
use axum::response::{IntoResponse, Response};

/// The product's name as a header-safe file name part.
pub(crate) fn file_name_part(name: &str) -> String {
    let safe: String = name.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, ' ' | '-' | '_')).collect();
    if safe.trim().is_empty() {
        "export".to_string()
    } else {
        safe
    }
}

/// A response the browser saves as `file` (a name made of file_name_part and our own text).
pub(crate) fn attachment(content_type: &str, file: &str, body: impl IntoResponse) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type.to_string()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{file}\"")),
        ],
        body,
    )
        .into_response()
}
