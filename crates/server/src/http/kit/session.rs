//! The session cookie and the extractor every `/api` handler takes: a handler without a
//! `CurrentSession` cannot reach the account.

use axum::extract::{FromRef, FromRequestParts};
use axum::http::header::{COOKIE, REFERER};
use axum::http::request::Parts;

use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::sessions::{self, Session};

pub const COOKIE_NAME: &str = "admin_session";
/// With SECURE_COOKIES=1: the browser keeps a `__Host-` cookie only when it came over HTTPS,
/// for this host and path `/`, so no subdomain or plain-HTTP page can plant or read it.
pub const SECURE_COOKIE_NAME: &str = "__Host-admin_session";

fn cookie_name(secure: bool) -> &'static str {
    if secure {
        SECURE_COOKIE_NAME
    } else {
        COOKIE_NAME
    }
}

/// The token from the request's session cookie, if any.
pub fn session_token(parts: &Parts, secure: bool) -> Option<String> {
    let wanted = cookie_name(secure);
    parts.headers.get_all(COOKIE).iter().filter_map(|v| v.to_str().ok()).flat_map(|v| v.split(';')).find_map(|pair| {
        let (name, value) = pair.trim().split_once('=')?;
        (name == wanted && !value.is_empty()).then(|| value.to_string())
    })
}

/// `Set-Cookie` for a new session; Secure (and the `__Host-` name) when the server is set to
/// be reached over HTTPS only (SECURE_COOKIES), never guessed from a request header.
pub fn session_cookie(token: &str, secure: bool) -> String {
    let flag = if secure { "; Secure" } else { "" };
    format!("{}={token}; Path=/; HttpOnly; SameSite=Lax{flag}", cookie_name(secure))
}

pub fn cleared_cookie(secure: bool) -> String {
    let flag = if secure { "; Secure" } else { "" };
    format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0{flag}", cookie_name(secure))
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
        let token = session_token(parts, state.settings.secure_cookies).ok_or_else(unauthorized)?;
        let session = sessions::find(&state.db, &token, state.clock.now()).await?.ok_or_else(unauthorized)?;
        Ok(CurrentSession(session))
    }
}

/// The logged-in session, its account state's versions and its customer's numbers version (one
/// statement), or 401.
pub(crate) async fn session_with_versions(
    parts: &Parts,
    state: &AppState,
) -> Result<(Session, sessions::StateVersions, i64), AppError> {
    let unauthorized = || AppError::Unauthorized { return_to: return_path(parts) };
    let token = session_token(parts, state.settings.secure_cookies).ok_or_else(unauthorized)?;
    sessions::find_with_versions(&state.db, &state.session_reads, &token, state.clock.now())
        .await?
        .ok_or_else(unauthorized)
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

/// The signed-in session of a page outside /api (a provider's return address), if any.
pub(crate) async fn page_session(
    state: &crate::state::AppState,
    parts: &Parts,
) -> Result<Option<crate::store::sessions::Session>, crate::http::kit::error::AppError> {
    match session_token(parts, state.settings.secure_cookies) {
        Some(token) => Ok(crate::store::sessions::find(&state.db, &token, state.clock.now()).await?),
        None => Ok(None),
    }
}
