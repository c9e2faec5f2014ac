//! phone/*: a phone in the browser (docs/webrtc.md). Opening it pushes a SIP-over-websocket
//! endpoint into the engine for this login session and hands its credentials to the browser
//! once (never logged, never stored here); opening it again replaces them; closing it, logging
//! out or the session's end removes them (`close_orphaned`). For a user who may test the
//! account's numbers or call out (domain `phone::phone_access`); off (404) without the engine.

use axum::extract::State;
use axum::Json;
use domain::phone::access::PHONE_UNAVAILABLE;
use domain::phone::phone_access;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::browser_phones;
use crate::telephony::phones;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(open_phone)).routes(routes!(close_phone))
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
