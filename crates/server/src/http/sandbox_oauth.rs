//! Browser pages of the connect flow: the sandbox provider's consent page (standing in for the
//! ad platform's own; the signed-in user stands for the customer's login there), and our
//! callback that the provider sends the browser back to.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::http::header::LOCATION;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde::Deserialize;

use super::accountsettings::current_state;
use super::integrations::{finish_connect_flow, FlowEnd, TAG_MANAGER};
use super::login::cross_site;
use super::pages::{escape, layout};
use crate::http::integrations::CALLBACK_PATH;
use crate::http::kit::error::AppError;
use crate::http::kit::form::FormData;
use crate::providers::ad_platforms::{sandbox_consent, SANDBOX_AUTHORIZE_PATH};
use crate::state::AppState;
use crate::store::sessions::Session;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(SANDBOX_AUTHORIZE_PATH, get(consent_page).post(consent)).route(CALLBACK_PATH, get(callback))
}

fn see_other(to: &str) -> Response {
    (StatusCode::SEE_OTHER, [(LOCATION, to.to_string())]).into_response()
}

/// The signed-in session, or the login page coming back to this address.
async fn page_session(state: &AppState, parts: &Parts) -> Result<Result<Session, Response>, AppError> {
    let session = crate::http::kit::session::page_session(state, parts).await?;
    Ok(session.ok_or_else(|| {
        // The login page only returns to /manage paths; the consent is asked again from there.
        see_other("/login?return=%2Fmanage%2F")
    }))
}

/// The provider's name for an integration it can connect.
fn provider_title(scope: &str) -> Option<&'static str> {
    if scope == TAG_MANAGER {
        return Some("Google Tag Manager");
    }
    domain::integrations::integration(scope).filter(|d| d.oauth).map(|d| d.title)
}

#[derive(Deserialize)]
struct AuthorizeQuery {
    client_id: Option<String>,
    scope: Option<String>,
    state: Option<String>,
    redirect_uri: Option<String>,
}

/// A request the provider accepts: our client, a known integration, the registered return.
fn checked(client_id: &str, scope: &str, flow_state: &str, redirect_uri: &str) -> Option<&'static str> {
    let ok =
        client_id == "calltrack" && redirect_uri == CALLBACK_PATH && !flow_state.is_empty() && flow_state.len() <= 200;
    ok.then(|| provider_title(scope)).flatten()
}

fn bad_request(state: &AppState) -> Response {
    let body = r#"<div class="error" role="alert">This connection request is not valid.</div><p><a href="/manage/">Back to Integrate</a></p>"#;
    (StatusCode::BAD_REQUEST, layout(&state.settings.product_name, "Connection failed", body)).into_response()
}

async fn consent_page(
    State(state): State<AppState>,
    parts: Parts,
    Query(q): Query<AuthorizeQuery>,
) -> Result<Response, AppError> {
    let (client_id, scope, flow_state, redirect_uri) = (
        q.client_id.unwrap_or_default(),
        q.scope.unwrap_or_default(),
        q.state.unwrap_or_default(),
        q.redirect_uri.unwrap_or_default(),
    );
    let Some(title) = checked(&client_id, &scope, &flow_state, &redirect_uri) else {
        return Ok(bad_request(&state));
    };
    let session = match page_session(&state, &parts).await? {
        Ok(session) => session,
        Err(login) => return Ok(login),
    };
    let account = current_state(&state, &session).await?;
    let body = format!(
        r#"<p>This is the sandbox {title} provider. {product} would like to connect to your {title} account
<strong>{customer}</strong> to send it your calls and read your campaigns.</p>
<form method="post" action="{SANDBOX_AUTHORIZE_PATH}">
<input type="hidden" name="client_id" value="calltrack">
<input type="hidden" name="scope" value="{scope}">
<input type="hidden" name="state" value="{flow_state}">
<input type="hidden" name="redirect_uri" value="{redirect_uri}">
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny" style="background:#fff;color:#00695c;border:1px solid #00695c">Deny</button>
</form>"#,
        product = escape(&state.settings.product_name),
        customer = escape(&account.customer_name),
        scope = escape(&scope),
        flow_state = escape(&flow_state),
        redirect_uri = escape(&redirect_uri),
    );
    Ok(layout(&state.settings.product_name, &format!("Connect to {title}"), &body).into_response())
}

fn query_escape(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

async fn consent(State(state): State<AppState>, parts: Parts, form: FormData) -> Result<Response, AppError> {
    if cross_site(&parts) {
        return Err(AppError::Forbidden);
    }
    let (scope, flow_state, redirect_uri) = (form.text("scope"), form.text("state"), form.text("redirect_uri"));
    if checked(form.text("client_id"), scope, flow_state, redirect_uri).is_none() {
        return Ok(bad_request(&state));
    }
    let session = match page_session(&state, &parts).await? {
        Ok(session) => session,
        Err(login) => return Ok(login),
    };
    let back = format!("{redirect_uri}?state={}", query_escape(flow_state));
    if form.text("decision") != "allow" {
        return Ok(see_other(&format!("{back}&error=access_denied")));
    }
    let account = current_state(&state, &session).await?;
    let title = provider_title(scope).unwrap_or("");
    let label = format!("{} ({title})", account.customer_name);
    let code =
        sandbox_consent(&state.db, session.customer_id, &account.customer_name, scope, &label, state.clock.now())
            .await?;
    Ok(see_other(&format!("{back}&code={}", query_escape(&code))))
}

#[derive(Deserialize)]
struct CallbackQuery {
    state: Option<String>,
    code: Option<String>,
}

async fn callback(
    State(state): State<AppState>,
    parts: Parts,
    Query(q): Query<CallbackQuery>,
) -> Result<Response, AppError> {
    let session = match page_session(&state, &parts).await? {
        Ok(session) => session,
        Err(login) => return Ok(login),
    };
    let flow_state = q.state.unwrap_or_default();
    if flow_state.is_empty() || flow_state.len() > 200 {
        return Ok(bad_request(&state));
    }
    match finish_connect_flow(&state, &session, &flow_state, q.code.as_deref()).await? {
        FlowEnd::Connected(to) | FlowEnd::Declined(to) => Ok(see_other(&to)),
        FlowEnd::Unknown => {
            let body = r#"<div class="error" role="alert">This connection has expired or was already used. Please connect again.</div><p><a href="/manage/">Back to Integrate</a></p>"#;
            Ok((StatusCode::BAD_REQUEST, layout(&state.settings.product_name, "Connection failed", body))
                .into_response())
        }
    }
}
