//! Voicemail boxes: managevoicemails/getList (the selector), get/{id}, store/ and update/{id}.

use axum::extract::{Path, State};
use axum::Json;
use domain::routing::{validate_voicemail, VoicemailForm};
use serde_json::{json, Value};

use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::{audios, voicemails};

pub(super) async fn list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let voicemails: Vec<Value> = voicemails::list(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|v| json!({ "id": v.id, "description": v.description, "audioId": v.audio_id }))
        .collect();
    Ok(Json(json!({ "voicemails": voicemails })))
}

pub(super) async fn get(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let v = voicemails::find(&state.db, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(json!({ "id": v.id, "description": v.description, "audioId": v.audio_id })))
}

/// The posted voicemail, checked: the greeting must be the customer's audio (404 otherwise).
async fn checked(state: &AppState, user: &RoutingUser, form: &FormData) -> Result<VoicemailForm, AppError> {
    let voicemail =
        VoicemailForm { description: form.text("description").trim().to_string(), audio_id: form.id("audioId") };
    if voicemail.audio_id != 0 && audios::find(&state.db, user.customer(), voicemail.audio_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    validate_voicemail(&voicemail).map_err(AppError::Validation)?;
    Ok(voicemail)
}

pub(super) async fn store(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let v = checked(&state, &user, &form).await?;
    let id = voicemails::insert(&state.db, user.customer(), &v.description, v.audio_id).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

/// managevoicemails/update/{id}: the path's id is the voicemail (voicemailId and
/// form_record_id repeat it).
pub(super) async fn update(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    if voicemails::find(&state.db, user.customer(), id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let v = checked(&state, &user, &form).await?;
    voicemails::update(&state.db, user.customer(), id, &v.description, v.audio_id).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}
