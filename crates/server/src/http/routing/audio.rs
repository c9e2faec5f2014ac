//! Audio: the selector list, the audio list page (list, where each is used, delete with a
//! password confirmation key), the upload and edit dialog (description check, add, update) and
//! the player and download.

use crate::http::kit::extract::Path;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::names::{is_taken, DESCRIPTION_NOT_UNIQUE};
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::{audio_content_problem, audio_extension, not_valid_audio, validate_audio, AudioForm};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::library::{refused, IdField, LibrarySaved, AUDIO_BODY_LIMIT, TEXT_MAX};
use super::RoutingUser;
use crate::files::audio_decode::{self, NotAudio};
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::form::UploadedFile;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::ChangeLog;
use crate::routing::draft::RecordedWrite;
use crate::security::random_token;
use crate::state::AppState;
use crate::store::audios::{self, Content, Deleted, NewFile};
use crate::store::routing_history::load;
use crate::store::{confirmations, ivrs, queues, voicemails};

/// How many of a file's first bytes the content check looks at.
const HEAD_BYTES: usize = 64;

/// The most audio ids one call may name (a customer has a few dozen audios).
const MAX_AUDIO_IDS: usize = 10_000;

pub(super) fn router() -> OpenApiRouter<AppState> {
    // Uploads carry a file: their body may be larger than any other call's.
    let uploads = OpenApiRouter::new()
        .routes(routes!(add_audio))
        .routes(routes!(add_audio_slash))
        .routes(routes!(update_audio))
        .routes(routes!(update_audio_slash))
        .layer(DefaultBodyLimit::max(AUDIO_BODY_LIMIT));
    OpenApiRouter::new()
        .routes(routes!(customer_audios))
        .routes(routes!(customer_audios_slash))
        .routes(routes!(audio_list))
        .routes(routes!(audio_list_slash))
        .routes(routes!(affected_locations))
        .routes(routes!(affected_locations_slash))
        .routes(routes!(bulk_soft_delete))
        .routes(routes!(bulk_soft_delete_slash))
        .routes(routes!(check_description))
        .routes(routes!(get_audio))
        .routes(routes!(download_audio))
        .merge(uploads)
}

/// One of the customer's audios, as the selectors show it.
#[derive(Serialize, ToSchema)]
struct CustomerAudio {
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
struct CustomerAudioList {
    audios: Vec<CustomerAudio>,
}

#[utoipa::path(get, path = "/manageconnections/getCustomerAudios", tag = "routing",
    responses((status = 200, body = CustomerAudioList)))]
async fn customer_audios(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<CustomerAudioList>, AppError> {
    let audios = audios::list(&mut *state.db.acquire().await?, user.customer())
        .await?
        .into_iter()
        .map(|a| CustomerAudio { id: a.id, description: a.description })
        .collect();
    Ok(Json(CustomerAudioList { audios }))
}

/// manageconnections/getCustomerAudios/, as the spec also writes it.
#[utoipa::path(get, path = "/manageconnections/getCustomerAudios/", tag = "routing",
    responses((status = 200, body = CustomerAudioList)))]
async fn customer_audios_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<CustomerAudioList>, AppError> {
    customer_audios(state, user).await
}

/// A row of the audio list page (the spec's column names).
#[derive(Serialize, ToSchema)]
struct AudioListRow {
    #[serde(rename = "AudiID")]
    id: i64,
    #[serde(rename = "AudiDescription")]
    description: String,
    /// The stored file's name (what getAudio and downloadAudio take); empty for text to speech.
    #[serde(rename = "AudiFilename")]
    file_name: String,
    /// The text to speech sentence; empty for a file.
    #[serde(rename = "AudiSentence")]
    sentence: String,
    /// dd/mm/yyyy
    #[serde(rename = "createdAt")]
    created_at: String,
}

#[derive(Serialize, ToSchema)]
struct AudioList {
    #[serde(rename = "audioList")]
    audio_list: Vec<AudioListRow>,
}

#[utoipa::path(get, path = "/manageaudios/getAudioList", tag = "routing", responses((status = 200, body = AudioList)))]
async fn audio_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<AudioList>, AppError> {
    user.require_advanced()?;
    let audio_list = audios::list(&mut *state.db.acquire().await?, user.customer())
        .await?
        .into_iter()
        .map(|a| AudioListRow {
            id: a.id,
            description: a.description,
            file_name: a.file_name,
            sentence: a.sentence,
            created_at: crate::http::users::list::date(a.created_at),
        })
        .collect();
    Ok(Json(AudioList { audio_list }))
}

/// manageaudios/getAudioList/, as the spec also writes it.
#[utoipa::path(get, path = "/manageaudios/getAudioList/", tag = "routing", responses((status = 200, body = AudioList)))]
async fn audio_list_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<AudioList>, AppError> {
    audio_list(state, user).await
}

/// The audios a call is about, each one of the customer's (posted as `form_audio_id[]`).
#[derive(Deserialize, Validate, ToSchema)]
struct AudioIdsRequest {
    #[serde(default, rename = "form_audio_id[]")]
    #[garde(length(max = MAX_AUDIO_IDS))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::ids::<MAX_AUDIO_IDS>)]
    form_audio_id: Vec<i64>,
}

/// The posted audio ids, each of which must be one of the customer's audios.
async fn posted_audio_ids(state: &AppState, user: &RoutingUser, ids: &[i64]) -> Result<Vec<i64>, AppError> {
    if ids.is_empty() {
        return Err(AppError::BadRequest("form_audio_id[] is required".into()));
    }
    // Each audio once, however often it is posted: the callers read each one's uses.
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if !audios::owns_all(&mut *state.db.acquire().await?, user.customer(), &ids).await? {
        return Err(AppError::NotFound);
    }
    Ok(ids)
}

/// One place an audio is played.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AudioLocation {
    audio_description: String,
    /// "Service number 0161...", "Pool ...", "Queue ...", "Voicemail ...", "IVR ...".
    location: String,
    /// The slot: "intro", "whisper", "Welcome", "Greeting", "Intro"...
    #[serde(rename = "type")]
    kind: String,
    /// The number's, pool's, queue's, voicemail's or IVR's description.
    description: String,
}

#[derive(Serialize, ToSchema)]
struct AudioLocationList {
    list: Vec<AudioLocation>,
}

/// Where each audio is played: numbers' and pools' intro and whisper, queues' six slots and
/// voicemail greetings.
#[utoipa::path(post, path = "/manageaudios/getAffectedLocations", tag = "routing",
    request_body(content((AudioIdsRequest = "multipart/form-data"), (AudioIdsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = AudioLocationList)))]
async fn affected_locations(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<AudioIdsRequest>,
) -> Result<Json<AudioLocationList>, AppError> {
    // Asked only before a delete, which is the editors'.
    user.require_edit()?;
    let customer = user.customer();
    let ids = posted_audio_ids(&state, &user, &form.form_audio_id).await?;
    let all_queues = queues::list(&mut *state.db.acquire().await?, customer).await?;
    let mut list = vec![];
    for id in ids {
        let Some(audio) = audios::find(&state.db, customer, id).await? else { continue };
        let item = |location: String, kind: &str, description: &str| AudioLocation {
            audio_description: audio.description.clone(),
            location,
            kind: kind.to_string(),
            description: description.to_string(),
        };
        for used in audios::entry_uses(&mut *state.db.acquire().await?, customer, id).await? {
            let location = if used.kind == "static" {
                format!("Service number {}", domain::reports::format_uk(&used.number))
            } else {
                format!("Pool {}", used.pool_name)
            };
            list.push(item(location, &used.slot, &used.description));
        }
        for queue in &all_queues {
            for (slot, audio_id) in queue.audio_slots() {
                if audio_id == id {
                    list.push(item(format!("Queue {}", queue.description), slot, &queue.description));
                }
            }
        }
        for voicemail in voicemails::using_audio(&mut *state.db.acquire().await?, customer, id).await? {
            list.push(item(format!("Voicemail {}", voicemail.description), "Greeting", &voicemail.description));
        }
        for (_, ivr) in ivrs::using_audio(&mut *state.db.acquire().await?, customer, id).await? {
            list.push(item(format!("IVR {ivr}"), "Intro", &ivr));
        }
    }
    Ok(Json(AudioLocationList { list }))
}

/// manageaudios/getAffectedLocations/, as the spec also writes it.
#[utoipa::path(post, path = "/manageaudios/getAffectedLocations/", tag = "routing",
    request_body(content((AudioIdsRequest = "multipart/form-data"), (AudioIdsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = AudioLocationList)))]
async fn affected_locations_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<AudioIdsRequest>,
) -> Result<Json<AudioLocationList>, AppError> {
    affected_locations(state, user, form).await
}

/// The audios to delete and the key from handleajax/confirmPassword.
#[derive(Deserialize, Validate, ToSchema)]
struct DeleteAudioRequest {
    #[serde(default, rename = "form_audio_id[]")]
    #[garde(length(max = MAX_AUDIO_IDS))]
    form_audio_id: Vec<i64>,
    /// The password confirmation key (used up by this call).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    key: String,
}

/// Soft-deletes the chosen audio. The key from handleajax/confirmPassword is used up first,
/// so it cannot be replayed whatever happens next; an audio still played somewhere is 422.
#[utoipa::path(post, path = "/manageaudios/bulkSoftDelete", tag = "routing",
    request_body(content((DeleteAudioRequest = "multipart/form-data"), (DeleteAudioRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn bulk_soft_delete(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<DeleteAudioRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let now = state.clock.now();
    let key = form.key.as_str();
    if key.is_empty() || !confirmations::consume(&state.db, &user.session, key, now).await? {
        return Err(AppError::Forbidden);
    }
    let ids = posted_audio_ids(&state, &user, &form.form_audio_id).await?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    let mut before = vec![];
    for &id in &ids {
        before.push(load(&mut tx, user.customer(), RecordKey { kind: RecordKind::Audio, id }).await?);
    }
    match audios::soft_delete(&mut tx, user.customer(), &ids, now).await? {
        Deleted::Done => {
            let mut changes = ChangeLog::new(&state, &user);
            for (&id, before) in ids.iter().zip(before) {
                changes.record(&mut tx, RecordKey { kind: RecordKind::Audio, id }, before, None).await?;
            }
            tx.commit().await?;
            Ok(Json(Done { success: true }))
        }
        Deleted::NotFound => Err(AppError::NotFound),
        Deleted::InUse => {
            let mut errors = FieldErrors::new();
            errors.add("form_audio_id", domain::routing::AUDIO_IN_USE);
            Err(AppError::Validation(errors))
        }
    }
}

/// manageaudios/bulkSoftDelete/, as the spec also writes it.
#[utoipa::path(post, path = "/manageaudios/bulkSoftDelete/", tag = "routing",
    request_body(content((DeleteAudioRequest = "multipart/form-data"), (DeleteAudioRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn bulk_soft_delete_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<DeleteAudioRequest>,
) -> Result<Json<Done>, AppError> {
    bulk_soft_delete(state, user, form).await
}

#[derive(Deserialize, Validate, ToSchema)]
struct AudioDescriptionRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_description: String,
}

/// manageaudios/checkAudioDescription/{id}: whether the description is free (`id` is the
/// audio being edited, 0 for a new one); a taken one is 422 on form_description.
#[utoipa::path(post, path = "/manageaudios/checkAudioDescription/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 0, description = "The audio being edited, 0 for a new one")),
    request_body(content((AudioDescriptionRequest = "multipart/form-data"), (AudioDescriptionRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn check_description(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    Form { fields: form, .. }: Form<AudioDescriptionRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && audios::find(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let taken = audios::descriptions(&mut *state.db.acquire().await?, customer, id).await?;
    if is_taken(&form.form_description, &taken) {
        let mut errors = FieldErrors::new();
        errors.add("form_description", DESCRIPTION_NOT_UNIQUE);
        return Err(AppError::Validation(errors));
    }
    Ok(Json(Done { success: true }))
}

/// The upload's checks: the domain's rules for the form, then the file's first bytes.
fn check_upload(
    description: &str,
    sentence: &str,
    file: Option<&UploadedFile>,
    has_stored_file: bool,
    taken: &[String],
) -> Result<(), AppError> {
    let form = AudioForm {
        description: description.to_string(),
        sentence: sentence.to_string(),
        file_name: file.map(|f| f.file_name.clone()),
        file_size: file.map_or(0, |f| f.bytes.len()),
        has_stored_file,
    };
    let mut errors = validate_audio(&form, taken).err().unwrap_or_default();
    if let Some(f) = file.filter(|f| !f.bytes.is_empty()) {
        if errors.get("form_file").is_none() {
            if let Some(problem) = audio_content_problem(&f.file_name, &f.bytes[..f.bytes.len().min(HEAD_BYTES)]) {
                errors.add("form_file", problem);
            }
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(refused(errors, "form_description", DESCRIPTION_NOT_UNIQUE))
    }
}

/// The upload decoded whole (after the checks of its form and first bytes): 422 on form_file
/// when it is not audio that plays.
async fn decodes_whole(file: Option<&UploadedFile>) -> Result<(), AppError> {
    let Some(file) = file.filter(|f| !f.bytes.is_empty()) else { return Ok(()) };
    let extension = audio_extension(&file.file_name).unwrap_or_default();
    match audio_decode::decode(&extension, &file.bytes).await {
        Ok(_) => Ok(()),
        Err(NotAudio::Undecodable) => Err(AppError::field("form_file", not_valid_audio(&file.file_name))),
        Err(NotAudio::NoDecoder(cause)) => Err(AppError::Internal(format!("no audio decoder: {cause}"))),
    }
}

/// A checked upload as stored: a random name with the file's extension.
fn stored_file(file: &UploadedFile) -> Content {
    let extension = audio_extension(&file.file_name).unwrap_or_default();
    let original = file.file_name.rsplit(['/', '\\']).next().unwrap_or_default();
    Content::File(NewFile {
        file_name: format!("{}.{extension}", random_token()),
        original_name: original.chars().take(255).collect(),
        content: file.bytes.clone(),
    })
}

/// A new audio (multipart): a file (WAV, MP3, WMA, M4A or AAC, at most 5 MB) or a sentence
/// for text to speech. The domain's rules (`validate_audio`) decide; the file's first bytes
/// must be audio of its extension.
#[derive(Deserialize, Validate, ToSchema)]
struct AddAudioRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_description: String,
    /// Text to speech, when no file is sent.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_audio_sentence: String,
    /// The audio file (multipart only).
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_file: (),
}

#[utoipa::path(post, path = "/manageaudios/addAudio", tag = "routing",
    request_body(content = AddAudioRequest, content_type = "multipart/form-data"),
    responses((status = 200, body = LibrarySaved)))]
async fn add_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<AddAudioRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let description = form.fields.form_description.trim();
    let sentence = form.fields.form_audio_sentence.trim();
    let file = form.file("form_file");
    let taken = audios::descriptions(&mut *state.db.acquire().await?, customer, 0).await?;
    check_upload(description, sentence, file, false, &taken)?;
    decodes_whole(file).await?;
    // Speaking a sentence is the text-to-speech engine's part: only the text is kept.
    let content = match file {
        Some(f) => stored_file(f),
        None => Content::Sentence(sentence.to_string()),
    };
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::Audio, 0).await?;
    let id = audios::insert(&mut *write.write.tx, customer, description, &content, state.clock.now()).await?;
    write.commit(&state, id).await?;
    crate::telephony::media::prepare(&state, customer, id).await;
    Ok(Json(LibrarySaved::id(id)))
}

/// manageaudios/addAudio/, as the browser calls it.
#[utoipa::path(post, path = "/manageaudios/addAudio/", tag = "routing",
    request_body(content = AddAudioRequest, content_type = "multipart/form-data"),
    responses((status = 200, body = LibrarySaved)))]
async fn add_audio_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<AddAudioRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    add_audio(state, user, form).await
}

/// An audio's new description and, optionally, a new file or sentence (multipart).
#[derive(Deserialize, Validate, ToSchema)]
struct UpdateAudioRequest {
    /// The audio being updated.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    form_record_id: IdField,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::AUDIO_DESCRIPTION_MAX }, TEXT_MAX>)]
    form_description: String,
    /// Text to speech: replaces the stored file or sentence.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::optional_keyboard::<{ domain::routing::AUDIO_SENTENCE_MAX }, TEXT_MAX>)]
    form_audio_sentence: String,
    /// A new audio file (multipart only): replaces the stored one.
    #[serde(skip)]
    #[schema(value_type = Option<String>, format = Binary)]
    #[garde(skip)]
    #[allow(dead_code)]
    form_file: (),
}

/// manageaudios/updateAudio: a new file replaces the stored one, a sentence replaces either,
/// and with neither the stored file is kept.
#[utoipa::path(post, path = "/manageaudios/updateAudio", tag = "routing",
    request_body(content = UpdateAudioRequest, content_type = "multipart/form-data"),
    responses((status = 200, body = LibrarySaved)))]
async fn update_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<UpdateAudioRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.fields.form_record_id.unwrap_or(0);
    let stored = audios::find(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let description = form.fields.form_description.trim();
    let sentence = form.fields.form_audio_sentence.trim();
    let file = form.file("form_file");
    let taken = audios::descriptions(&mut *state.db.acquire().await?, customer, id).await?;
    check_upload(description, sentence, file, !stored.file_name.is_empty(), &taken)?;
    decodes_whole(file).await?;
    let content = match file {
        Some(f) => stored_file(f),
        None if !sentence.is_empty() => Content::Sentence(sentence.to_string()),
        None => Content::Keep,
    };
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::Audio, id).await?;
    audios::update(&mut write.write.tx, customer, id, description, &content, state.clock.now()).await?;
    write.commit(&state, id).await?;
    if !matches!(content, Content::Keep) {
        crate::telephony::media::prepare(&state, customer, id).await;
    }
    Ok(Json(LibrarySaved::id(id)))
}

/// manageaudios/updateAudio/, as the browser calls it.
#[utoipa::path(post, path = "/manageaudios/updateAudio/", tag = "routing",
    request_body(content = UpdateAudioRequest, content_type = "multipart/form-data"),
    responses((status = 200, body = LibrarySaved)))]
async fn update_audio_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<UpdateAudioRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    update_audio(state, user, form).await
}

/// An audio file's bytes (documentation only: the player and the download answer the bytes
/// themselves, with the content type of the file's extension).
#[derive(ToSchema)]
#[schema(value_type = String, format = Binary)]
#[allow(dead_code)]
struct AudioFileBytes(Vec<u8>);

fn content_type(file_name: &str) -> &'static str {
    match audio_extension(file_name).as_deref() {
        Some("wav") => "audio/wav",
        Some("mp3") => "audio/mpeg",
        Some("wma") => "audio/x-ms-wma",
        Some("m4a") => "audio/mp4",
        Some("aac") => "audio/aac",
        _ => "application/octet-stream",
    }
}

/// The bytes of one of the customer's files, never cached by a shared cache.
async fn audio_file(
    state: &AppState,
    user: &RoutingUser,
    file: &str,
) -> Result<(audios::AudioFile, Response), AppError> {
    let found =
        audios::file(&mut *state.db.acquire().await?, user.customer(), file).await?.ok_or(AppError::NotFound)?;
    let mut response = found.content.clone().into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(&found.file_name)));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, max-age=0"));
    Ok((found, response))
}

/// The player's source: one of the customer's files, by its stored name (the audio list's
/// AudiFilename).
#[utoipa::path(get, path = "/manageconnections/getAudio/{file}", tag = "routing",
    params(("file" = String, Path, description = "The stored file name (AudiFilename)")),
    responses((status = 200, description = "The audio file",
        content(
            (AudioFileBytes = "audio/wav"),
            (AudioFileBytes = "audio/mpeg"),
            (AudioFileBytes = "audio/x-ms-wma"),
            (AudioFileBytes = "audio/mp4"),
            (AudioFileBytes = "audio/aac"),
            (AudioFileBytes = "application/octet-stream"),
        ))))]
async fn get_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(file): Path<String>,
) -> Result<Response, AppError> {
    Ok(audio_file(&state, &user, &file).await?.1)
}

/// manageconnections/downloadAudio/{file}/{name}.wav: the file as an attachment named after
/// the audio's description (the name in the path is the browser's and is not trusted).
#[utoipa::path(get, path = "/manageconnections/downloadAudio/{file}/{name}", tag = "routing",
    params(
        ("file" = String, Path, description = "The stored file name (AudiFilename)"),
        ("name" = String, Path, description = "The browser's name for the download (not used)"),
    ),
    responses((status = 200, description = "The audio file, as an attachment named after the audio's description",
        content(
            (AudioFileBytes = "audio/wav"),
            (AudioFileBytes = "audio/mpeg"),
            (AudioFileBytes = "audio/x-ms-wma"),
            (AudioFileBytes = "audio/mp4"),
            (AudioFileBytes = "audio/aac"),
            (AudioFileBytes = "application/octet-stream"),
        ))))]
async fn download_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    Path((file, _name)): Path<(String, String)>,
) -> Result<Response, AppError> {
    let (found, mut response) = audio_file(&state, &user, &file).await?;
    let extension = audio_extension(&found.file_name).unwrap_or_default();
    let disposition = attachment(&format!("{}.{extension}", found.description));
    response.headers_mut().insert(CONTENT_DISPOSITION, disposition);
    Ok(response)
}

/// `attachment` with a plain-ASCII file name and its exact UTF-8 form (RFC 6266 / 5987).
fn attachment(name: &str) -> HeaderValue {
    let plain: String = name
        .chars()
        .map(|c| if c.is_ascii_graphic() && !matches!(c, '"' | '\\' | '/') || c == ' ' { c } else { '_' })
        .collect();
    let exact: String = name
        .replace(['/', '\\'], "_")
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!("attachment; filename=\"{plain}\"; filename*=UTF-8''{exact}"))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attachment_names_are_quoted_safely_with_an_exact_utf8_form() {
        let value = attachment("Welcome \"new\" £5 / promo.wav");
        assert_eq!(
            value.to_str().unwrap(),
            "attachment; filename=\"Welcome _new_ _5 _ promo.wav\"; \
             filename*=UTF-8''Welcome%20%22new%22%20%C2%A35%20_%20promo.wav"
        );
    }

    #[test]
    fn each_audio_extension_has_its_content_type() {
        assert_eq!(content_type("abc.wav"), "audio/wav");
        assert_eq!(content_type("abc.MP3"), "audio/mpeg");
        assert_eq!(content_type("abc.m4a"), "audio/mp4");
        assert_eq!(content_type("abc"), "application/octet-stream");
    }
}
