//! Real calls: the telephony engine (Asterisk 22 over ARI) keeps one websocket open to
//! `/telephony/ari`; each call's steps are decided by the domain's live session
//! (`domain::routing::live`) from the customer's routing, and the call is written where every
//! call lives. The engine fetches customers' audio from `/telephony/audio/…` (signed
//! addresses) and the server fetches recordings from the engine. docs/telephony.md tells the
//! whole of it.

pub mod ari;
pub mod browser;
pub mod calls;
pub mod engine;
pub mod engine_http;
pub mod media;
pub mod metrics;
pub mod phones;
pub mod queues;
pub mod recordings;
pub mod unreached;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::State;
use axum::http::{header::AUTHORIZATION, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use base64::Engine as _;

use crate::state::AppState;

/// Where the engine connects.
pub const ARI_PATH: &str = "/telephony/ari";
/// The user the engine connects as.
pub const ENGINE_USER: &str = "calltrack";

/// Where the engine's dialplan asks whether the server is there before a call enters it.
pub const READY_PATH: &str = "/telephony/ready";

pub fn router() -> Router<AppState> {
    Router::new().route(ARI_PATH, get(connect)).route(READY_PATH, get(ready)).merge(media::router())
}

/// "ready" while real calls are on (TELEPHONY_SECRET set); it tells nothing else.
async fn ready(State(state): State<AppState>) -> Response {
    match state.settings.telephony.secret {
        Some(_) => "ready".into_response(),
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// Whether `headers` carry the engine's credentials (HTTP Basic, user `calltrack`).
fn is_engine(headers: &HeaderMap, secret: &str) -> bool {
    let Some(value) = headers.get(AUTHORIZATION).and_then(|v| v.to_str().ok()) else { return false };
    let Some(encoded) = value.strip_prefix("Basic ") else { return false };
    let Ok(decoded) = base64::engine::general_purpose::STANDARD.decode(encoded.trim()) else { return false };
    same_secret(&decoded, format!("{ENGINE_USER}:{secret}").as_bytes())
}

/// Compares two secrets in time that does not depend on where they differ.
pub(crate) fn same_secret(given: &[u8], expected: &[u8]) -> bool {
    let key = ring::hmac::Key::new(ring::hmac::HMAC_SHA256, b"calltrack telephony comparison");
    ring::hmac::verify(&key, given, ring::hmac::sign(&key, expected).as_ref()).is_ok()
}

/// The engine's websocket. Off (404) without TELEPHONY_SECRET; anyone without it gets 401.
async fn connect(
    State(state): State<AppState>,
    headers: HeaderMap,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    let Some(secret) = state.settings.telephony.secret.clone() else {
        return StatusCode::NOT_FOUND.into_response();
    };
    if !is_engine(&headers, &secret) {
        tracing::warn!("telephony: a connection without the engine's credentials was refused");
        return StatusCode::UNAUTHORIZED.into_response();
    }
    let Ok(upgrade) = upgrade else { return StatusCode::BAD_REQUEST.into_response() };
    upgrade
        .protocols(["ari"])
        .max_message_size(ari::MESSAGE_MAX_BYTES)
        .max_frame_size(ari::MESSAGE_MAX_BYTES)
        .on_upgrade(move |socket| engine::serve(state, socket))
        .into_response()
}
