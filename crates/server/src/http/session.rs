//! The session cookie and the extractor every `/api` handler takes: a handler without a
//! `CurrentSession` cannot reach the account.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::{COOKIE, REFERER};
use axum::http::request::Parts;

use super::error::AppError;
use crate::state::AppState;
use crate::store::sessions::{self, Session};

pub const COOKIE_NAME: &str = "admin_session";

/// The token from the request's session cookie, if any.
pub fn session_token(parts: &Parts) -> Option<String> {
    parts.headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == COOKIE_NAME && !value.is_empty()).then(|| value.to_string())
    })
}

/// `Set-Cookie` for a new session; Secure is added when served over TLS behind a proxy.
pub fn session_cookie(token: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax{secure}")
}

pub fn cleared_cookie() -> String {
    format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

pub fn is_https(parts: &Parts) -> bool {
    parts.headers.get("x-forwarded-proto").is_some_and(|v| v.as_bytes() == b"https")
}

/// A logged-in session (checked for expiry).
pub struct CurrentSession(pub Session);

impl<S> FromRequestParts<S> for CurrentSession
where
    AppState: FromRef<S>,
    S: Send + Sync,
{
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let state = AppState::from_ref(state);
        let unauthorized = || AppError::Unauthorized { return_to: return_path(parts) };
        let token = session_token(parts).ok_or_else(unauthorized)?;
        let session = sessions::find(&state.db, &token, state.clock.now()).await?.ok_or_else(unauthorized)?;
        Ok(CurrentSession(session))
    }
}

/// Where the browser should come back to after logging in: the admin page it was on (from
/// the Referer), or the admin home.
fn return_path(parts: &Parts) -> String {
    parts
        .headers
        .get(REFERER)
        .and_then(|v| v.to_str().ok())
        .and_then(|r| url::Url::parse(r).ok())
        .map(|u| match u.query() {
            Some(q) => format!("{}?{q}", u.path()),
            None => u.path().to_string(),
        })
        .filter(|p| safe_return(p))
        .unwrap_or_else(|| "/manage/".to_string())
}

/// Only paths inside the admin area may be returned to (no open redirects).
pub fn safe_return(path: &str) -> bool {
    (path == "/manage" || path.starts_with("/manage/")) && !path.starts_with("//") && !path.contains('\\')
}
