//! `Path` and `Query` as axum's, refused in the API's words: a path parameter or a query that
//! does not parse is 400 with the usual JSON body (`{ success, code: "BAD_REQUEST", message }`),
//! the message naming the parameter and what it must be, never the framework's own text
//! ("Invalid URL: Cannot parse value at index 1 ... to a `u8`").

use axum::extract::path::ErrorKind;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use crate::http::kit::error::AppError;

/// The path's parameters, as `axum::extract::Path`.
pub struct Path<T>(pub T);

/// The query string, as `axum::extract::Query`.
pub struct Query<T>(pub T);

impl<S, T> FromRequestParts<S> for Path<T>
where
    S: Send + Sync,
    T: DeserializeOwned + Send,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(path_refusal(&rejection)),
        }
    }
}

impl<S, T> FromRequestParts<S> for Query<T>
where
    S: Send + Sync,
    T: DeserializeOwned,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match axum::extract::Query::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Query(value)) => Ok(Query(value)),
            Err(rejection) => Err(query_refusal(&rejection)),
        }
    }
}

/// What a value of a path's Rust type must be, in words.
fn kind_of(expected_type: &str) -> String {
    let range = |min: i128, max: i128| format!("a whole number from {min} to {max}");
    match expected_type.rsplit("::").next().unwrap_or(expected_type) {
        "u8" => range(0, u8::MAX.into()),
        "u16" => range(0, u16::MAX.into()),
        "u32" => range(0, u32::MAX.into()),
        "u64" | "usize" => range(0, u64::MAX.into()),
        "i8" => range(i8::MIN.into(), i8::MAX.into()),
        "i16" => range(i16::MIN.into(), i16::MAX.into()),
        "i32" => range(i32::MIN.into(), i32::MAX.into()),
        "i64" | "isize" => range(i64::MIN.into(), i64::MAX.into()),
        "bool" => "true or false".into(),
        "f32" | "f64" => "a number".into(),
        _ => "one of the values the contract lists".into(),
    }
}

/// A path that did not parse, in the API's words.
pub(crate) fn path_refusal(rejection: &PathRejection) -> AppError {
    let PathRejection::FailedToDeserializePathParams(failed) = rejection else {
        // The route has no parameters to read: the handler and the router disagree.
        return AppError::Internal(format!("path parameters: {rejection}"));
    };
    let message = match failed.kind() {
        ErrorKind::ParseErrorAtKey { key, value, expected_type } => {
            format!("{key} in the address must be {}, not {value:?}.", kind_of(expected_type))
        }
        ErrorKind::ParseErrorAtIndex { index, value, expected_type } => {
            format!("Part {} of the address's parameters must be {}, not {value:?}.", index + 1, kind_of(expected_type))
        }
        ErrorKind::ParseError { value, expected_type } => {
            format!("The address's parameter must be {}, not {value:?}.", kind_of(expected_type))
        }
        ErrorKind::InvalidUtf8InPathParam { key } => format!("{key} in the address is not UTF-8 text."),
        ErrorKind::DeserializeError { key, value, .. } => {
            format!("{key} in the address is not one of the values the contract lists: {value:?}.")
        }
        _ => "The address's parameters do not fit this call.".into(),
    };
    AppError::BadRequest(message)
}

/// A query string that did not parse, in the API's words.
fn query_refusal(rejection: &QueryRejection) -> AppError {
    // serde's own account of the field (`invalid digit found in string`), without axum's
    // "Failed to deserialize query string" around it.
    let cause = std::error::Error::source(rejection)
        .and_then(std::error::Error::source)
        .map(ToString::to_string)
        .unwrap_or_else(|| "it does not fit this call".into());
    AppError::BadRequest(format!("The query string does not fit this call: {cause}."))
}
