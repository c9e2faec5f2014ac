//! managedynamicwhispers/playTextToSpeech: a whisper spoken by the speech engine, as base64 MP3.

use axum::Json;
use base64::Engine;
use domain::routing::whisper_text_problem;
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extras::TEXT_MAX;
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::text_to_speech::{LocalSpeech, SpeechEngine};
use crate::state::AppState;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(play))
}

#[allow(non_snake_case)]
#[derive(Deserialize, Validate, ToSchema)]
struct SpeechRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::dynamic_whisper::WHISPER_MAX }, TEXT_MAX>)]
    whisperText: String,
}

#[derive(Serialize, ToSchema)]
struct SpokenWhisper {
    success: bool,
    /// The MP3, base64.
    audio: String,
}

/// Speaking runs two processes: only editors, who are the ones writing whispers, may ask.
#[utoipa::path(post, path = "/managedynamicwhispers/playTextToSpeech", tag = "routing",
    request_body(content((SpeechRequest = "multipart/form-data"), (SpeechRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = SpokenWhisper)))]
async fn play(user: RoutingUser, form: Form<SpeechRequest>) -> Result<Json<SpokenWhisper>, AppError> {
    user.require_edit()?;
    let text = form.fields.whisperText.trim();
    if let Some(message) = whisper_text_problem(text) {
        let mut errors = FieldErrors::new();
        errors.add("whisperText", message);
        return Err(AppError::Validation(errors));
    }
    let mp3 = LocalSpeech.mp3(text).await.map_err(|e| AppError::Internal(e.0))?;
    Ok(Json(SpokenWhisper { success: true, audio: base64::engine::general_purpose::STANDARD.encode(mp3) }))
}
