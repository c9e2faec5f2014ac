//! Audio: the selector list, the audio list page (list, where each is used, delete with a
//! password confirmation key), the upload and edit dialog (description check, add, update) and
//! the player and download.

use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use axum::http::HeaderValue;
use axum::response::{IntoResponse, Response};
use axum::Json;
use domain::routing::{
    audio_content_problem, audio_extension, is_taken, validate_audio, AudioForm, DESCRIPTION_NOT_UNIQUE,
};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::library::refused;
use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::{FormData, UploadedFile};
use crate::security::random_token;
use crate::state::AppState;
use crate::store::audios::{self, Content, Deleted, NewFile};
use crate::store::{confirmations, ivrs, queues, voicemails};

/// The refusal of a delete that would leave a number, queue or voicemail without its audio.
pub const AUDIO_IN_USE: &str = "This audio is in use and cannot be deleted.";

/// How many of a file's first bytes the content check looks at.
const HEAD_BYTES: usize = 64;

pub(super) async fn customer_audios(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let audios: Vec<Value> = audios::list(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|a| json!({ "id": a.id, "description": a.description }))
        .collect();
    Ok(Json(json!({ "audios": audios })))
}

pub(super) async fn audio_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let list: Vec<Value> = audios::list(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|a| {
            json!({
                "AudiID": a.id,
                "AudiDescription": a.description,
                "AudiFilename": a.file_name,
                "AudiSentence": a.sentence,
                "createdAt": crate::http::users::list::date(a.created_at),
            })
        })
        .collect();
    Ok(Json(json!({ "audioList": list })))
}

/// The posted `form_audio_id[]`, each of which must be one of the customer's audios.
async fn posted_audio_ids(state: &AppState, user: &RoutingUser, form: &FormData) -> Result<Vec<i64>, AppError> {
    let ids: Vec<i64> = form.list("form_audio_id").into_iter().map(|v| v.trim().parse().unwrap_or(0)).collect();
    if ids.is_empty() {
        return Err(AppError::BadRequest("form_audio_id[] is required".into()));
    }
    if !audios::owns_all(&state.db, user.customer(), &ids).await? {
        return Err(AppError::NotFound);
    }
    Ok(ids)
}

/// Where each audio is played: numbers' and pools' intro and whisper, queues' six slots and
/// voicemail greetings.
pub(super) async fn affected_locations(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    // Asked only before a delete, which is the editors'.
    user.require_edit()?;
    let customer = user.customer();
    let ids = posted_audio_ids(&state, &user, &form).await?;
    let all_queues = queues::list(&state.db, customer).await?;
    let mut list = vec![];
    for id in ids {
        let Some(audio) = audios::find(&state.db, customer, id).await? else { continue };
        let item = |location: String, kind: &str, description: &str| json!({ "audioDescription": audio.description, "location": location, "type": kind, "description": description });
        for used in audios::entry_uses(&state.db, customer, id).await? {
            let location = if used.kind == "static" {
                format!("Service number {}", used.number)
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
        for voicemail in voicemails::using_audio(&state.db, customer, id).await? {
            list.push(item(format!("Voicemail {}", voicemail.description), "Greeting", &voicemail.description));
        }
        for (_, ivr) in ivrs::using_audio(&state.db, customer, id).await? {
            list.push(item(format!("IVR {ivr}"), "Intro", &ivr));
        }
    }
    Ok(Json(json!({ "list": list })))
}

/// Soft-deletes the chosen audio. The key from handleajax/confirmPassword is used up first,
/// so it cannot be replayed whatever happens next.
pub(super) async fn bulk_soft_delete(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let now = state.clock.now();
    let key = form.text("key");
    if key.is_empty() || !confirmations::consume(&state.db, &user.session, key, now).await? {
        return Err(AppError::Forbidden);
    }
    let ids = posted_audio_ids(&state, &user, &form).await?;
    match audios::soft_delete(&state.db, user.customer(), &ids, now).await? {
        Deleted::Done => Ok(Json(json!({ "success": true }))),
        Deleted::NotFound => Err(AppError::NotFound),
        Deleted::InUse => {
            let mut errors = FieldErrors::new();
            errors.add("form_audio_id", AUDIO_IN_USE);
            Err(AppError::Validation(errors))
        }
    }
}

/// manageaudios/checkAudioDescription/{id}: whether the description is free (`id` is the
/// audio being edited, 0 for a new one).
pub(super) async fn check_description(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && audios::find(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let taken = audios::descriptions(&state.db, customer, id).await?;
    if is_taken(form.text("form_description"), &taken) {
        let mut errors = FieldErrors::new();
        errors.add("form_description", DESCRIPTION_NOT_UNIQUE);
        return Err(AppError::Validation(errors));
    }
    Ok(Json(json!({ "success": true })))
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

pub(super) async fn add_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let description = form.text("form_description").trim();
    let sentence = form.text("form_audio_sentence").trim();
    let file = form.file("form_file");
    let taken = audios::descriptions(&state.db, customer, 0).await?;
    check_upload(description, sentence, file, false, &taken)?;
    // Speaking a sentence is the text-to-speech engine's part (issue 4): only the text is kept.
    let content = match file {
        Some(f) => stored_file(f),
        None => Content::Sentence(sentence.to_string()),
    };
    let id = audios::insert(&state.db, customer, description, &content, state.clock.now()).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

/// manageaudios/updateAudio: a new file replaces the stored one, a sentence replaces either,
/// and with neither the stored file is kept.
pub(super) async fn update_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.id("form_record_id");
    let stored = audios::find(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let description = form.text("form_description").trim();
    let sentence = form.text("form_audio_sentence").trim();
    let file = form.file("form_file");
    let taken = audios::descriptions(&state.db, customer, id).await?;
    check_upload(description, sentence, file, !stored.file_name.is_empty(), &taken)?;
    let content = match file {
        Some(f) => stored_file(f),
        None if !sentence.is_empty() => Content::Sentence(sentence.to_string()),
        None => Content::Keep,
    };
    audios::update(&state.db, customer, id, description, &content).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

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
    let found = audios::file(&state.db, user.customer(), file).await?.ok_or(AppError::NotFound)?;
    let mut response = found.content.clone().into_response();
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(&found.file_name)));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("private, max-age=0"));
    Ok((found, response))
}

pub(super) async fn get_audio(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(file): Path<String>,
) -> Result<Response, AppError> {
    Ok(audio_file(&state, &user, &file).await?.1)
}

/// manageconnections/downloadAudio/{file}/{name}.wav: the file as an attachment named after
/// the audio's description (the name in the path is the browser's and is not trusted).
pub(super) async fn download_audio(
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
