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
    files: Vec<UploadedFile>,
}

/// A file field of a multipart post (`form_file`), held in memory: the body limit bounds it.
#[derive(Debug, Clone)]
pub struct UploadedFile {
    pub field: String,
    pub file_name: String,
    pub bytes: Vec<u8>,
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

    /// A field as an id: 0 when absent, empty or not a number.
    pub fn id(&self, name: &str) -> i64 {
        self.text(name).trim().parse().unwrap_or(0)
    }

    /// The values of a row field, by row index: `name[3]` is row 3, and each `name[]` takes
    /// the next index after the ones seen (so both spellings work). Sorted by index.
    pub fn indexed(&self, name: &str) -> Vec<(usize, &str)> {
        let mut rows: Vec<(usize, &str)> = vec![];
        let mut next = 0;
        for (field, value) in &self.fields {
            let Some(rest) =
                field.strip_prefix(name).and_then(|r| r.strip_prefix('[')).and_then(|r| r.strip_suffix(']'))
            else {
                continue;
            };
            let index = if rest.is_empty() {
                next
            } else if let Ok(i) = rest.parse() {
                i
            } else {
                continue;
            };
            next = index + 1;
            rows.push((index, value.as_str()));
        }
        rows.sort_by_key(|(i, _)| *i);
        rows
    }

    /// The value of row `index` of a row field (see `indexed`), or "".
    pub fn row(&self, name: &str, index: usize) -> &str {
        self.indexed(name).into_iter().find(|(i, _)| *i == index).map_or("", |(_, v)| v)
    }

    /// The number of rows: one more than the highest index of any of these row fields.
    pub fn row_count(&self, names: &[&str]) -> usize {
        names.iter().filter_map(|n| self.indexed(n).last().map(|(i, _)| i + 1)).max().unwrap_or(0)
    }

    /// The uploaded file of a field, if one was sent with a file name.
    pub fn file(&self, name: &str) -> Option<&UploadedFile> {
        self.files.iter().find(|f| f.field == name)
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
            let mut files = vec![];
            while let Some(field) = multipart.next_field().await.map_err(|e| rejected(e.status(), e.body_text()))? {
                let name = field.name().unwrap_or_default().to_string();
                match field.file_name().map(str::to_string) {
                    // A file input left empty arrives with an empty file name: no file.
                    Some(file_name) if !file_name.is_empty() => {
                        let bytes = field.bytes().await.map_err(|e| rejected(e.status(), e.body_text()))?;
                        files.push(UploadedFile { field: name, file_name, bytes: bytes.to_vec() });
                    }
                    Some(_) => {}
                    None => {
                        let value = field.text().await.map_err(|e| rejected(e.status(), e.body_text()))?;
                        fields.push((name, value));
                    }
                }
            }
            Ok(FormData { fields, files })
        } else if content_type.starts_with("application/x-www-form-urlencoded") || content_type.is_empty() {
            let bytes = Bytes::from_request(req, state).await.map_err(|e| rejected(e.status(), e.body_text()))?;
            let fields = url::form_urlencoded::parse(&bytes).into_owned().collect();
            Ok(FormData { fields, files: vec![] })
        } else {
            Err(AppError::BadRequest(format!("unsupported content type {content_type:?}")))
        }
    }
}
