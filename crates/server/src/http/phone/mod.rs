//! phone/*: a phone in the browser (docs/webrtc.md). Opening it pushes a SIP-over-websocket
//! endpoint into the engine for this login session and hands its credentials to the browser
//! once (never logged, never stored here); opening it again replaces them; closing it, logging
//! out or the session's end removes them (`close_orphaned`). For a user who may test the
//! account's numbers or call out (domain `phone::phone_access`); off (404) without the engine.

use axum::extract::State;
use axum::Json;
use domain::caller_ids::caller_id_choices;
use domain::phone::access::{PHONE_NOT_OPEN, PHONE_UNAVAILABLE};
use domain::phone::limits::PHONE_LIMITS;
use domain::phone::{call_start_problem, outbound_caller_id, phone_access, CallCounts};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::{agents, browser_calls, browser_phones, caller_ids};
use crate::telephony::phones;

mod call_out;
mod progress;
mod test_call;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(open_phone))
        .routes(routes!(close_phone))
        .routes(routes!(test_call::test_call))
        .routes(routes!(call_out::call_out))
        .routes(routes!(progress::progress))
}

/// A phone's credentials and where it connects.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PhoneCredentials {
    /// The engine's SIP-over-websocket address.
    websocket_url: String,
    /// "sip:web-…@engine": the phone's own address.
    sip_uri: String,
    username: String,
    /// Good until the phone is closed or the login session ends; shown once.
    password: String,
    /// STUN/TURN servers for the browser (none on a network that needs none).
    ice_servers: Vec<String>,
    /// Test calls to the account's own numbers.
    test_calls: bool,
    /// Calls out from the account's verified numbers.
    calls_out: bool,
    /// The caller ids a call out may present (the account's tracked numbers and verified
    /// outside numbers), and the one it presents unless another is chosen; none without calls out.
    caller_ids: Vec<String>,
    caller_id: String,
}

fn telephony_on(state: &AppState) -> Result<(), AppError> {
    state.settings.telephony.secret.as_ref().map(|_| ()).ok_or(AppError::NotFound)
}

/// Removes a phone from the engine, then from the list (kept listed if the engine is away, so
/// that `close_orphaned` tries again).
async fn remove(state: &AppState, id: &str) -> Result<(), String> {
    phones::remove(state, id).await?;
    browser_phones::delete(&state.db, id).await.map_err(|e| e.to_string())
}

/// Opens this session's phone: new credentials, any earlier ones of the session removed.
#[utoipa::path(post, path = "/phone/open", tag = "phone",
    responses((status = 200, body = PhoneCredentials), (status = 403, description = "Neither test calls nor calls out"),
        (status = 404, description = "Real calls are off"), (status = 422, description = "The engine cannot be reached")))]
async fn open_phone(
    State(state): State<AppState>,
    AccountUser { session, account, .. }: AccountUser,
) -> Result<Json<PhoneCredentials>, AppError> {
    telephony_on(&state)?;
    let access = phone_access(&account);
    if !access.any() {
        return Err(AppError::Forbidden);
    }
    close_session_phones(&state, &session.token_hash).await?;
    if !browser_phones::of_session(&state.db, &session.token_hash).await?.is_empty() {
        // The engine still holds an earlier phone of the session: one at a time.
        return Err(AppError::field("phone", PHONE_UNAVAILABLE));
    }
    let phone = phones::new_phone();
    // Listed first: a phone the engine has is always one the server will remove.
    browser_phones::insert(
        &state.db,
        &phone.id,
        &session.token_hash,
        session.customer_id,
        session.user_id,
        state.clock.now(),
    )
    .await?;
    if let Err(error) = phones::push(&state, &phone).await {
        tracing::warn!(phone = %phone.id, %error, "telephony: a browser phone could not be opened");
        let _ = remove(&state, &phone.id).await;
        return Err(AppError::field("phone", PHONE_UNAVAILABLE));
    }
    let (caller_ids, caller_id) = if access.calls_out {
        let choices = caller_id_choices(&caller_ids::allowed(&state.db, session.customer_id).await?);
        let own = agents::agent(&state.db, session.customer_id, session.user_id, state.clock.now())
            .await?
            .map(|agent| agent.outbound_number)
            .unwrap_or_default();
        let default = outbound_caller_id("", &own, &choices).unwrap_or_default();
        (choices, default)
    } else {
        (Vec::new(), String::new())
    };
    let websocket_url = state.settings.telephony.phone_websocket_url();
    let host = websocket_url.split("://").nth(1).and_then(|rest| rest.split(['/', ':']).next()).unwrap_or("localhost");
    Ok(Json(PhoneCredentials {
        sip_uri: format!("sip:{}@{host}", phone.id),
        username: phone.id,
        password: phone.password,
        websocket_url,
        ice_servers: Vec::new(),
        test_calls: access.test_calls,
        calls_out: access.calls_out,
        caller_ids,
        caller_id,
    }))
}

/// Closes this session's phone: its credentials stop working at once.
#[utoipa::path(post, path = "/phone/close", tag = "phone",
    responses((status = 200, body = Done), (status = 404, description = "Real calls are off")))]
async fn close_phone(
    State(state): State<AppState>,
    AccountUser { session, .. }: AccountUser,
) -> Result<Json<Done>, AppError> {
    telephony_on(&state)?;
    close_session_phones(&state, &session.token_hash).await?;
    Ok(Json(Done { success: true }))
}

/// Removes a session's phones (closing the phone, logging out); one the engine does not answer
/// for stays listed for `close_orphaned`.
pub async fn close_session_phones(state: &AppState, session_hash: &str) -> Result<(), AppError> {
    if state.settings.telephony.secret.is_none() {
        return Ok(());
    }
    for id in browser_phones::of_session(&state.db, session_hash).await? {
        if let Err(error) = remove(state, &id).await {
            tracing::warn!(phone = %id, %error, "telephony: a browser phone could not be removed");
        }
    }
    Ok(())
}

/// Removes the phones whose login session has ended (logged out, expired): the housekeeping's.
pub async fn close_orphaned(state: &AppState) -> Result<usize, String> {
    if state.settings.telephony.secret.is_none() {
        return Ok(0);
    }
    let ids = browser_phones::orphaned(&state.db, 100).await.map_err(|e| e.to_string())?;
    let mut closed = 0;
    for id in ids {
        remove(state, &id).await?;
        closed += 1;
    }
    Ok(closed)
}

/// What every browser call needs before it is readied: this session's open phone, and the
/// user's and the account's calls within the limits (domain `phone::limits`).
async fn phone_to_call_from(state: &AppState, session: &crate::store::sessions::Session) -> Result<String, AppError> {
    let Some(phone) = browser_phones::of_session(&state.db, &session.token_hash).await?.pop() else {
        return Err(AppError::field("phone", PHONE_NOT_OPEN));
    };
    let customer = session.customer_id;
    let now = state.clock.now();
    let (user_asked, account_asked) =
        browser_calls::asked_since(&state.db, customer, session.user_id, now - 60).await?;
    let (user_live, account_live) = browser_calls::in_progress(&state.db, customer, session.user_id).await?;
    let count = |n: i64| u32::try_from(n).unwrap_or(u32::MAX);
    let counts = CallCounts {
        user_last_minute: count(user_asked),
        account_last_minute: count(account_asked),
        user_in_progress: count(user_live),
        account_in_progress: count(account_live),
    };
    if let Some(message) = call_start_problem(counts, PHONE_LIMITS) {
        return Err(AppError::TooManyRequests(message.to_string(), serde_json::json!({})));
    }
    Ok(phone)
}

/// A browser call's one-time token: 20 lower-case letters and digits.
fn new_token() -> String {
    crate::security::random_token()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .take(20)
        .collect::<String>()
        .to_lowercase()
}

/// What the phone dials for a browser call.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct CallReady {
    /// The extension the phone calls (good once, for a minute).
    dial: String,
    /// "Test call, as if it were Thursday 24/12/2026 18:05"; "Calling 07700 900123 from 0161 496 0000".
    label: String,
}
