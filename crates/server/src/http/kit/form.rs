//! Posted forms: `multipart/form-data` or `application/x-www-form-urlencoded`, read into one
//! list of fields so handlers do not care which the browser sent. Bad bodies are 400 JSON.

use axum::body::Bytes;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::header::CONTENT_TYPE;

use domain::routing::RowLimit;
use domain::FieldErrors;

use crate::http::kit::error::AppError;

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

    /// The values of a list field (`name[]` or `name[i]`), in the order posted: for lists of
    /// ids, where the index means nothing.
    pub fn list(&self, name: &str) -> Vec<&str> {
        self.fields
            .iter()
            .filter(|(field, _)| row_field(field).is_some_and(|(n, _)| n == name))
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The rows of a row form, read in one pass: `name[3]` is row 3, and each `name[]` takes
    /// the next index after the last one of that name (so both spellings work). An index at or
    /// past the form's limit is refused with the limit's message before anything is allocated
    /// for it: the index is a number the client chose.
    pub fn rows<'a>(&'a self, names: &[&'a str], limit: RowLimit) -> Result<Rows<'a>, AppError> {
        let mut next = vec![0usize; names.len()];
        let mut cells: Vec<(usize, usize, &str)> = vec![];
        let mut count = 0;
        for (field, value) in &self.fields {
            let Some((name, index)) = row_field(field) else { continue };
            let Some(column) = names.iter().position(|n| *n == name) else { continue };
            let index = match index {
                RowIndex::Next => next[column],
                RowIndex::At(i) => i,
                RowIndex::Unreadable => continue,
            };
            if index >= limit.max {
                let mut errors = FieldErrors::new();
                errors.add(limit.field, limit.message);
                return Err(AppError::Validation(errors));
            }
            next[column] = index + 1;
            count = count.max(index + 1);
            cells.push((index, column, value.as_str()));
        }
        // Rows are numbered from 0 with no gaps, so there are never more rows than values
        // posted: what is allocated is bounded by the body, not by an index.
        if count > cells.len() {
            return Err(AppError::BadRequest("row fields must be numbered from 0 without gaps".into()));
        }
        let mut rows = vec![vec![""; names.len()]; count];
        // The first value posted for a cell wins.
        for (index, column, value) in cells.into_iter().rev() {
            rows[index][column] = value;
        }
        Ok(Rows { names: names.to_vec(), rows })
    }

    /// The uploaded file of a field, if one was sent with a file name.
    pub fn file(&self, name: &str) -> Option<&UploadedFile> {
        self.files.iter().find(|f| f.field == name)
    }

    /// The uploaded file of a field, taken out of the form (no copy of its bytes).
    pub fn take_file(&mut self, name: &str) -> Option<UploadedFile> {
        let index = self.files.iter().position(|f| f.field == name)?;
        Some(self.files.swap_remove(index))
    }

    /// The uploaded files.
    pub fn into_files(self) -> Vec<UploadedFile> {
        self.files
    }

    /// Every text field as posted, in order.
    pub fn pairs(&self) -> impl Iterator<Item = (&str, &str)> {
        self.fields.iter().map(|(n, v)| (n.as_str(), v.as_str()))
    }
}

/// Where a row field's value goes.
enum RowIndex {
    Next,
    At(usize),
    /// Not a number (or one too large to be any row): the field is ignored.
    Unreadable,
}

/// `name[i]` or `name[]` split into the name and the index.
fn row_field(field: &str) -> Option<(&str, RowIndex)> {
    let (name, rest) = field.split_once('[')?;
    let inside = rest.strip_suffix(']')?;
    let index = if inside.is_empty() {
        RowIndex::Next
    } else {
        match inside.parse() {
            Ok(i) => RowIndex::At(i),
            // Digits too many for any row: past every limit.
            Err(_) if inside.bytes().all(|b| b.is_ascii_digit()) => RowIndex::At(usize::MAX),
            Err(_) => RowIndex::Unreadable,
        }
    };
    Some((name, index))
}

/// A row form's values, row by row (see `FormData::rows`).
pub struct Rows<'a> {
    names: Vec<&'a str>,
    rows: Vec<Vec<&'a str>>,
}

impl<'a> Rows<'a> {
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// Row `index`'s value of a field named when the rows were read, or "".
    pub fn get(&self, index: usize, name: &str) -> &'a str {
        let column = self.names.iter().position(|n| *n == name);
        column.and_then(|c| self.rows.get(index).map(|row| row[c])).unwrap_or("")
    }

    /// The row indices, for mapping each row.
    pub fn indices(&self) -> std::ops::Range<usize> {
        0..self.rows.len()
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
                        // Without a copy when the body's buffer is the field's alone.
                        files.push(UploadedFile { field: name, file_name, bytes: Vec::from(bytes) });
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
