//! The login page and form post, and logout. Sessions are rotated at login; failed attempts are
//! throttled per account and source address, and per source address.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::http::header::{HOST, LOCATION, ORIGIN, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use serde::Deserialize;

use super::pages::{escape, layout};
use crate::http::kit::client::ClientAddr;
use crate::http::kit::error::AppError;
use crate::http::kit::form::FormData;
use crate::http::kit::session::{cleared_cookie, safe_return, session_cookie, session_token};
use crate::security::{check_against_nothing, check_password};
use crate::state::AppState;
use crate::store::{accounts, sessions, throttle, users};

pub const BAD_CREDENTIALS: &str = "The email or password is incorrect.";
pub const TOO_MANY_ATTEMPTS: &str = "Too many failed attempts for this account. Please wait a minute and try again.";
pub const DETAILS_REQUIRED: &str = "Please enter your email and password.";

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/login", get(login_page).post(login)).route("/logout", post(logout))
}

#[derive(Deserialize)]
struct LoginQuery {
    #[serde(rename = "return")]
    return_to: Option<String>,
}

fn return_or_home(candidate: Option<&str>) -> String {
    candidate.filter(|p| safe_return(p)).unwrap_or("/manage/").to_string()
}

fn form_page(state: &AppState, status: StatusCode, error: Option<&str>, email: &str, return_to: &str) -> Response {
    let error = error.map(|e| format!(r#"<div class="error" role="alert">{}</div>"#, escape(e))).unwrap_or_default();
    let body = format!(
        r#"{error}<form method="post" action="/login">
<input type="hidden" name="return" value="{return_to}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" value="{email}" required autofocus>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Log in</button></form>"#,
        return_to = escape(return_to),
        email = escape(email),
    );
    (status, layout(&state.settings.product_name, "Log in", &body)).into_response()
}

async fn login_page(State(state): State<AppState>, Query(query): Query<LoginQuery>) -> Response {
    form_page(&state, StatusCode::OK, None, "", &return_or_home(query.return_to.as_deref()))
}

/// A login form posted from another site (login CSRF: being signed in as someone else) is
/// refused. Browsers send Origin on cross-site form posts; a missing Origin is a same-site or
/// non-browser client. A browser that says the request comes from another site
/// (`Sec-Fetch-Site: cross-site`) is believed too.
pub(crate) fn cross_site(parts: &Parts) -> bool {
    if parts.headers.get("sec-fetch-site").is_some_and(|v| v.as_bytes() == b"cross-site") {
        return true;
    }
    let origin = parts.headers.get(ORIGIN).and_then(|v| v.to_str().ok());
    let host = parts.headers.get(HOST).and_then(|v| v.to_str().ok());
    match (origin, host) {
        (Some(origin), Some(host)) => {
            url::Url::parse(origin).ok().and_then(|u| {
                let authority = match u.port() {
                    Some(port) => format!("{}:{port}", u.host_str()?),
                    None => u.host_str()?.to_string(),
                };
                Some(authority)
            }) != Some(host.to_string())
        }
        (Some(_), None) => true,
        (None, _) => false,
    }
}

async fn login(
    State(state): State<AppState>,
    client: ClientAddr,
    parts: Parts,
    form: FormData,
) -> Result<Response, AppError> {
    if cross_site(&parts) {
        return Err(AppError::Forbidden);
    }
    let email = form.text("email").trim().to_string();
    let password = form.text("password");
    let return_to = return_or_home(form.get("return"));
    if email.is_empty() || password.is_empty() {
        return Ok(form_page(&state, StatusCode::UNPROCESSABLE_ENTITY, Some(DETAILS_REQUIRED), &email, &return_to));
    }
    let now = state.clock.now();
    let source = client.key();
    if throttle::is_locked(&state.db, &email, &source, now).await? {
        tracing::warn!(%email, source, "login throttled");
        return Ok(form_page(&state, StatusCode::TOO_MANY_REQUESTS, Some(TOO_MANY_ATTEMPTS), &email, &return_to));
    }
    let user = users::find_by_email(&state.db, &email).await?;
    let verified = match &user {
        Some(user) => check_password(password, &user.password_hash).await,
        None => {
            check_against_nothing(password).await;
            false
        }
    };
    let Some(user) = user.filter(|_| verified) else {
        throttle::record_failure(&state.db, &email, &source, now).await?;
        // Who tried and from where, never what they typed.
        tracing::warn!(%email, source, "login failed");
        return Ok(form_page(&state, StatusCode::UNAUTHORIZED, Some(BAD_CREDENTIALS), &email, &return_to));
    };
    throttle::clear(&state.db, &email, &source).await?;
    // Rotation: whatever session this browser had is ended, and a new token is issued.
    let secure = state.settings.secure_cookies;
    if let Some(old) = session_token(&parts, secure) {
        sessions::delete(&state.db, &old).await?;
    }
    let token = sessions::create(&state.db, user.id, user.home_customer_id, now).await?;
    users::record_access(&state.db, user.id, now).await?;
    tracing::info!(user = user.id, "logged in");
    // Without a page to return to, each user lands where their work is (the domain decides).
    let return_to = if return_to == "/manage/" {
        let landing = accounts::load_state(
            &state.db,
            user.id,
            user.home_customer_id,
            &state.settings.product_name,
            state.clock.now(),
        )
        .await?
        .map_or("/", |acc| domain::landing_page(&acc));
        if landing == "/" {
            return_to
        } else {
            format!("/manage{landing}")
        }
    } else {
        return_to
    };
    Ok((StatusCode::SEE_OTHER, [(SET_COOKIE, session_cookie(&token, secure)), (LOCATION, return_to)]).into_response())
}

/// Logging out is a POST from this site only: a link or image elsewhere cannot end a session.
async fn logout(State(state): State<AppState>, parts: Parts) -> Result<Response, AppError> {
    if cross_site(&parts) {
        return Err(AppError::Forbidden);
    }
    let secure = state.settings.secure_cookies;
    if let Some(token) = session_token(&parts, secure) {
        // The session's browser phone stops working with it.
        crate::http::phone::close_session_phones(&state, &crate::security::token_hash(&token)).await?;
        sessions::delete(&state.db, &token).await?;
    }
    Ok((StatusCode::SEE_OTHER, [(SET_COOKIE, cleared_cookie(secure)), (LOCATION, "/login".to_string())])
        .into_response())
}
