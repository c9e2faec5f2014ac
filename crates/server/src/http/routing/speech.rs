//! managedynamicwhispers/playTextToSpeech: a whisper spoken by the speech engine, as base64 MP3.

use axum::routing::post;
use axum::{Json, Router};
use base64::Engine;
use domain::routing::whisper_text_problem;
use domain::FieldErrors;
use serde_json::{json, Value};

use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::speech::{LocalSpeech, SpeechEngine};
use crate::state::AppState;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/managedynamicwhispers/playTextToSpeech", post(play))
}

/// Speaking runs two processes: only editors, who are the ones writing whispers, may ask.
async fn play(user: RoutingUser, form: FormData) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let text = form.text("whisperText").trim();
    if let Some(message) = whisper_text_problem(text) {
        let mut errors = FieldErrors::new();
        errors.add("whisperText", message);
        return Err(AppError::Validation(errors));
    }
    let mp3 = LocalSpeech.mp3(text).await.map_err(|e| AppError::Internal(e.0))?;
    Ok(Json(json!({ "success": true, "audio": base64::engine::general_purpose::STANDARD.encode(mp3) })))
}
