//! Voicemail boxes: managevoicemails/getList (the selector), get/{id}, store/ and update/{id}.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::routing::history::RecordKind;
use domain::routing::{validate_voicemail, VoicemailForm};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::library::{IdField, LibrarySaved, TEXT_MAX};
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::draft::RecordedWrite;
use crate::routing::draft::RoutingRead;
use crate::state::AppState;
use crate::store::voicemails::Voicemail;
use crate::store::{audios, voicemails};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list))
        .routes(routes!(list_slash))
        .routes(routes!(get))
        .routes(routes!(store))
        .routes(routes!(store_slash))
        .routes(routes!(update))
}

/// A voicemail box: its description and greeting audio.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoicemailView {
    id: i64,
    description: String,
    audio_id: i64,
}

impl From<Voicemail> for VoicemailView {
    fn from(v: Voicemail) -> Self {
        VoicemailView { id: v.id, description: v.description, audio_id: v.audio_id }
    }
}

#[derive(Serialize, ToSchema)]
struct VoicemailList {
    voicemails: Vec<VoicemailView>,
}

#[utoipa::path(get, path = "/managevoicemails/getList", tag = "routing", responses((status = 200, body = VoicemailList)))]
async fn list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<VoicemailList>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let voicemails = voicemails::list(&mut view, user.customer()).await?.into_iter().map(VoicemailView::from).collect();
    Ok(Json(VoicemailList { voicemails }))
}

/// managevoicemails/getList/, as the spec also writes it.
#[utoipa::path(get, path = "/managevoicemails/getList/", tag = "routing", responses((status = 200, body = VoicemailList)))]
async fn list_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<VoicemailList>, AppError> {
    list(state, user).await
}

#[utoipa::path(get, path = "/managevoicemails/get/{id}", tag = "routing", params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = VoicemailView)))]
async fn get(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<VoicemailView>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let v = voicemails::find(&mut *view, user.customer(), id).await?.ok_or(AppError::NotFound)?;
    Ok(Json(v.into()))
}

/// A voicemail box. The domain's rules (`validate_voicemail`) decide; the bound only stops
/// absurd input first. The browser also posts `voicemailId` and `form_record_id`, which repeat
/// the path's id and are not read.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct VoicemailRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::VOICEMAIL_DESCRIPTION_MAX }, TEXT_MAX>)]
    description: String,
    /// The greeting: one of the customer's audios.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    audioId: IdField,
}

/// The posted voicemail, checked: the greeting must be the customer's audio (404 otherwise).
async fn checked(state: &AppState, user: &RoutingUser, form: &VoicemailRequest) -> Result<VoicemailForm, AppError> {
    let voicemail =
        VoicemailForm { description: form.description.trim().to_string(), audio_id: form.audioId.unwrap_or(0) };
    if voicemail.audio_id != 0 && audios::find(&state.db, user.customer(), voicemail.audio_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    validate_voicemail(&voicemail).map_err(AppError::Validation)?;
    Ok(voicemail)
}

#[utoipa::path(post, path = "/managevoicemails/store", tag = "routing",
    request_body(content((VoicemailRequest = "multipart/form-data"), (VoicemailRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn store(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<VoicemailRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let v = checked(&state, &user, &form).await?;
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::Voicemail, 0).await?;
    let id = voicemails::insert(&mut *write.write.tx, user.customer(), &v.description, v.audio_id).await?;
    write.commit(&state, id).await?;
    Ok(Json(LibrarySaved::id(id)))
}

/// managevoicemails/store/, as the browser calls it.
#[utoipa::path(post, path = "/managevoicemails/store/", tag = "routing",
    request_body(content((VoicemailRequest = "multipart/form-data"), (VoicemailRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn store_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<VoicemailRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    store(state, user, form).await
}

/// managevoicemails/update/{id}: the path's id is the voicemail (voicemailId and
/// form_record_id repeat it).
#[utoipa::path(post, path = "/managevoicemails/update/{id}", tag = "routing", params(("id" = i64, Path, minimum = 1)),
    request_body(content((VoicemailRequest = "multipart/form-data"), (VoicemailRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn update(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<VoicemailRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::Voicemail, id).await?;
    if voicemails::find(&mut *write.write.tx, user.customer(), id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let v = checked(&state, &user, &form).await?;
    voicemails::update(&mut *write.write.tx, user.customer(), id, &v.description, v.audio_id).await?;
    write.commit(&state, id).await?;
    Ok(Json(LibrarySaved::id(id)))
}
