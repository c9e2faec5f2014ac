//! /dev/clock: moves the server's clock on, for the browser flows that watch a moment come
//! (a scheduled routing change going live). It answers only when DEV_CLOCK=1, to a request from
//! this machine (loopback); anyone else gets a plain 404. The clock only ever moves forward.

use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;

use crate::http::kit::client::ClientAddr;
use crate::state::AppState;

/// The most one call moves the clock: a year.
const MOST_SECONDS: i64 = 366 * 24 * 60 * 60;

pub(crate) fn router() -> Router<AppState> {
    Router::new().route("/dev/clock/advance", post(advance))
}

#[derive(Deserialize)]
struct Advance {
    /// Seconds to move on (1 to a year).
    seconds: i64,
}

async fn advance(State(state): State<AppState>, client: ClientAddr, Query(ask): Query<Advance>) -> Response {
    if !state.settings.dev_clock || !client.is_loopback() {
        return StatusCode::NOT_FOUND.into_response();
    }
    if !(1..=MOST_SECONDS).contains(&ask.seconds) {
        return StatusCode::UNPROCESSABLE_ENTITY.into_response();
    }
    state.clock.advance(ask.seconds);
    Json(serde_json::json!({ "now": state.clock.now() })).into_response()
}
