//! Speech analytics' settings (docs/speech-api.md): vocabularies (/vocabularies, the
//! `speech_vocabularies` scope) and voice tags (/voicetags, the `integration_speech_voice_tags`
//! scope), each behind its menu item and guard (domain `menu::menu_page_opens`: speech analytics
//! and the scope); changes need an administrator or owner. A vocabulary saved has its words'
//! pronunciations worked out once and kept with it (`pronunciations`), for the transcription job;
//! a word the recogniser cannot use is refused, named. A voice tag added, changed or deleted
//! re-tags every transcript of the account (in batches) before the answer. Another customer's
//! record is 404.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::menu_page_opens;
use domain::speech::sayable::{cannot_say_message, too_many_account_words, TOO_MANY_ACCOUNT_WORDS};
use domain::speech::vocabulary::{TOO_MANY_VOCABULARIES, VOCABULARIES_MAX};
use domain::speech::voice_tags::{TOO_MANY_VOICE_TAGS, VOICE_TAGS_MAX};
use domain::speech::{
    phrase_lines, validate_vocabulary, validate_voice_tag, vocabulary_entries, Side, VocabularyForm, VoiceTagForm,
};
use domain::{AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::tags::path_id;
use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::providers::pronunciations::{self, Pronunciation};
use crate::state::AppState;
use crate::store::voice_tags::{self as store, VocabularyRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_vocabularies))
        .routes(routes!(add_vocabulary))
        .routes(routes!(edit_vocabulary))
        .routes(routes!(delete_vocabulary))
        .routes(routes!(get_voice_tags))
        .routes(routes!(add_voice_tag))
        .routes(routes!(edit_voice_tag))
        .routes(routes!(delete_voice_tag))
}

/// The longest form field the server reads (a vocabulary's 100 entries of 4 words fit).
const TEXT_MAX: usize = 20_000;
const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;

/// Administrators and owners change speech settings.
fn speech_admin(account: &AccountState) -> bool {
    account.user_auth_code >= 20
}

/// /vocabularies: its menu item and guard.
pub struct VocabulariesRights;

impl PageRights for VocabulariesRights {
    fn opens(account: &AccountState) -> bool {
        menu_page_opens("/vocabularies", account)
    }

    fn can_edit(account: &AccountState) -> bool {
        Self::opens(account) && speech_admin(account)
    }
}

/// /voicetags: its menu item and guard.
pub struct VoiceTagsRights;

impl PageRights for VoiceTagsRights {
    fn opens(account: &AccountState) -> bool {
        menu_page_opens("/voicetags", account)
    }

    fn can_edit(account: &AccountState) -> bool {
        Self::opens(account) && speech_admin(account)
    }
}

type VocabulariesUser = PageUser<VocabulariesRights>;
type VoiceTagsUser = PageUser<VoiceTagsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VocabularyView {
    id: i64,
    description: String,
    /// Its words and phrases, one an entry.
    words: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VocabulariesPage {
    vocabularies: Vec<VocabularyView>,
    can_edit: bool,
    /// How many vocabularies an account may have.
    max_vocabularies: usize,
}

/// The account's vocabularies.
#[utoipa::path(get, path = "/speech/getVocabularies", tag = "speech",
    responses((status = 200, body = VocabulariesPage), (status = 403, description = "No Vocabularies menu item")))]
async fn get_vocabularies(
    State(state): State<AppState>,
    user: VocabulariesUser,
) -> Result<Json<VocabulariesPage>, AppError> {
    let rows = store::vocabularies(&state.db, user.customer()).await?;
    Ok(Json(VocabulariesPage {
        vocabularies: rows
            .into_iter()
            .map(|row| VocabularyView {
                id: row.id,
                words: vocabulary_entries(&row.words),
                description: row.description,
            })
            .collect(),
        can_edit: user.can_edit(),
        max_vocabularies: VOCABULARIES_MAX,
    }))
}

/// The vocabulary form.
#[derive(Deserialize, Validate, ToSchema)]
struct VocabularyFields {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(max_length = 20000)]
    form_description: String,
    /// One word or phrase a line.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(max_length = 20000)]
    form_words: String,
}

/// Checks the form against the account's other vocabularies (their count when adding, their
/// names, their words with these), then works out the words' pronunciations (a word espeak-ng
/// gives none for is refused, named): the entries to store, one a line, and their pronunciations.
async fn check_vocabulary(
    others: &[VocabularyRow],
    adding: bool,
    form: &VocabularyFields,
) -> Result<(String, Vec<Pronunciation>), AppError> {
    let taken: Vec<&str> = others.iter().map(|v| v.description.as_str()).collect();
    let vocabulary = VocabularyForm { description: form.form_description.clone(), words: form.form_words.clone() };
    let mut errors = validate_vocabulary(&vocabulary, &taken);
    if adding && taken.len() >= VOCABULARIES_MAX {
        errors.add("form_description", TOO_MANY_VOCABULARIES);
    }
    let other_words: Vec<&str> = others.iter().map(|v| v.words.as_str()).collect();
    if too_many_account_words(&other_words, &form.form_words) {
        errors.add("form_words", TOO_MANY_ACCOUNT_WORDS);
    }
    if errors.get("form_description") == Some(domain::names::DESCRIPTION_NOT_UNIQUE) {
        return Err(AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors));
    }
    errors.into_result().map_err(AppError::Validation)?;
    let entries = vocabulary_entries(&form.form_words).join("\n");
    match pronunciations::of_entries(&entries).await {
        Ok(said) => Ok((entries, said)),
        Err(Ok(unsaid)) => Err(AppError::field("form_words", cannot_say_message(&unsaid))),
        Err(Err(cause)) => Err(AppError::Internal(format!("the vocabulary's pronunciations: {cause}"))),
    }
}

/// Adds a vocabulary.
#[utoipa::path(post, path = "/speech/addVocabulary", tag = "speech",
    request_body(content((VocabularyFields = "multipart/form-data"), (VocabularyFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "form_description, form_words")))]
async fn add_vocabulary(
    State(state): State<AppState>,
    user: VocabulariesUser,
    Form { fields: form, .. }: Form<VocabularyFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let others = store::vocabularies(&state.db, customer).await?;
    let (words, said) = check_vocabulary(&others, true, &form).await?;
    let id =
        store::insert_vocabulary(&state.db, customer, &form.form_description, &words, Some(&said), state.clock.now())
            .await?;
    Ok(Json(Saved { success: true, id }))
}

/// Renames a vocabulary or replaces its words.
#[utoipa::path(post, path = "/speech/editVocabulary/{id}", tag = "speech",
    params(("id" = String, Path, description = "The vocabulary's id")),
    request_body(content((VocabularyFields = "multipart/form-data"), (VocabularyFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such vocabulary in this account")))]
async fn edit_vocabulary(
    State(state): State<AppState>,
    user: VocabulariesUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<VocabularyFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let (this, others): (Vec<_>, Vec<_>) =
        store::vocabularies(&state.db, customer).await?.into_iter().partition(|v| v.id == id);
    if this.is_empty() {
        return Err(AppError::NotFound);
    }
    let (words, said) = check_vocabulary(&others, false, &form).await?;
    if !store::update_vocabulary(&state.db, customer, id, &form.form_description, &words, &said).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

/// Deletes a vocabulary.
#[utoipa::path(post, path = "/speech/deleteVocabulary/{id}", tag = "speech",
    params(("id" = String, Path, description = "The vocabulary's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such vocabulary in this account")))]
async fn delete_vocabulary(
    State(state): State<AppState>,
    user: VocabulariesUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::delete_vocabulary(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

/// A choice of a select.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SideChoice {
    /// "either", "caller" or "agent".
    value: String,
    label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoiceTagView {
    id: i64,
    /// Shown as the tag in the call log.
    description: String,
    phrases: Vec<String>,
    /// "either", "caller" or "agent".
    side: String,
    side_label: String,
    /// Calls of the last 30 days it was found in.
    calls30_days: i64,
    calls: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoiceTagsPage {
    voice_tags: Vec<VoiceTagView>,
    can_edit: bool,
    sides: Vec<SideChoice>,
    max_voice_tags: usize,
}

/// The account's voice tags with the calls they were found in.
#[utoipa::path(get, path = "/speech/getVoiceTags", tag = "speech",
    responses((status = 200, body = VoiceTagsPage), (status = 403, description = "No Voice tags menu item")))]
async fn get_voice_tags(State(state): State<AppState>, user: VoiceTagsUser) -> Result<Json<VoiceTagsPage>, AppError> {
    let rows = store::voice_tags(&state.db, user.customer(), state.clock.now() - RECENT_DAYS * DAY).await?;
    Ok(Json(VoiceTagsPage {
        voice_tags: rows
            .into_iter()
            .map(|row| VoiceTagView {
                id: row.id,
                phrases: phrase_lines(&row.phrases),
                side: row.side().key().to_string(),
                side_label: row.side().label().to_string(),
                calls30_days: row.recent_calls,
                calls: row.calls,
                description: row.description,
            })
            .collect(),
        can_edit: user.can_edit(),
        sides: Side::ALL.iter().map(|s| SideChoice { value: s.key().into(), label: s.label().into() }).collect(),
        max_voice_tags: VOICE_TAGS_MAX,
    }))
}

/// The voice tag form.
#[derive(Deserialize, Validate, ToSchema)]
struct VoiceTagFields {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = voice_tag_name)]
    form_description: String,
    /// One phrase a line.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(max_length = 20000)]
    form_phrases: String,
    /// "either", "caller" or "agent".
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = voice_tag_side)]
    form_side: String,
}

/// A voice tag's name: required, at most VOICE_TAG_NAME_MAX characters once trimmed.
fn voice_tag_name() -> utoipa::openapi::schema::Object {
    let mut schema = crate::http::contract::bounds::required_text(
        crate::http::contract::bounds::Chars::Any,
        domain::speech::voice_tags::VOICE_TAG_NAME_MAX,
    );
    schema.max_length = Some(20_000);
    schema
}

/// Who says the phrase: one of the sides.
fn voice_tag_side() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(Side::ALL.iter().map(|s| s.key()))
}

async fn check_voice_tag(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    form: &VoiceTagFields,
) -> Result<Side, AppError> {
    let taken = store::other_voice_tag_names(&state.db, customer, id).await?;
    let tag = VoiceTagForm {
        description: form.form_description.clone(),
        phrases: form.form_phrases.clone(),
        side: form.form_side.clone(),
    };
    let mut errors: FieldErrors = validate_voice_tag(&tag, &taken);
    if id == 0 && taken.len() >= VOICE_TAGS_MAX {
        errors.add("form_description", TOO_MANY_VOICE_TAGS);
    }
    if errors.get("form_description") == Some(domain::names::DESCRIPTION_NOT_UNIQUE) {
        return Err(AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors));
    }
    errors.into_result().map_err(AppError::Validation)?;
    Ok(Side::from_key(&form.form_side).unwrap_or(Side::Either))
}

/// A voice tag saved, and the transcripts searched again.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct VoiceTagSaved {
    success: bool,
    id: i64,
    /// The account's transcripts searched.
    transcripts: i64,
    /// Calls with a voice tag after the search.
    tagged_calls: i64,
}

/// Adds a voice tag and searches the account's transcripts for it.
#[utoipa::path(post, path = "/speech/addVoiceTag", tag = "speech",
    request_body(content((VoiceTagFields = "multipart/form-data"), (VoiceTagFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = VoiceTagSaved), (status = 422, description = "form_description, form_phrases, form_side")))]
async fn add_voice_tag(
    State(state): State<AppState>,
    user: VoiceTagsUser,
    Form { fields: form, .. }: Form<VoiceTagFields>,
) -> Result<Json<VoiceTagSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let side = check_voice_tag(&state, customer, 0, &form).await?;
    let id = store::insert_voice_tag(
        &state.db,
        customer,
        &form.form_description,
        &form.form_phrases,
        side,
        state.clock.now(),
    )
    .await?;
    let done = store::retag_all(&state.db, customer).await?;
    Ok(Json(VoiceTagSaved { success: true, id, transcripts: done.transcripts, tagged_calls: done.tagged }))
}

/// Changes a voice tag and searches the account's transcripts again.
#[utoipa::path(post, path = "/speech/editVoiceTag/{id}", tag = "speech",
    params(("id" = String, Path, description = "The voice tag's id")),
    request_body(content((VoiceTagFields = "multipart/form-data"), (VoiceTagFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = VoiceTagSaved), (status = 404, description = "No such voice tag in this account")))]
async fn edit_voice_tag(
    State(state): State<AppState>,
    user: VoiceTagsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<VoiceTagFields>,
) -> Result<Json<VoiceTagSaved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    if !store::voice_tags(&state.db, customer, 0).await?.iter().any(|v| v.id == id) {
        return Err(AppError::NotFound);
    }
    let side = check_voice_tag(&state, customer, id, &form).await?;
    if !store::update_voice_tag(&state.db, customer, id, &form.form_description, &form.form_phrases, side).await? {
        return Err(AppError::NotFound);
    }
    let done = store::retag_all(&state.db, customer).await?;
    Ok(Json(VoiceTagSaved { success: true, id, transcripts: done.transcripts, tagged_calls: done.tagged }))
}

/// Deletes a voice tag and takes it off its calls.
#[utoipa::path(post, path = "/speech/deleteVoiceTag/{id}", tag = "speech",
    params(("id" = String, Path, description = "The voice tag's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such voice tag in this account")))]
async fn delete_voice_tag(
    State(state): State<AppState>,
    user: VoiceTagsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::delete_voice_tag(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}
