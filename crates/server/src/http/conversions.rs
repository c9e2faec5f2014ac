//! Conversions (/conversions, /conversions/{id}, docs/conversions-api.md): the
//! conversion actions with their last 30 days, add / edit / delete, one action with its upload
//! log, and 'Retry now' of a failed upload. Every call needs the Conversions menu item (domain
//! `conversions::opens_conversions`: conversions access and the page guard); changes need the
//! edit right (`conversions::can_edit_conversions`). Another customer's action or upload is 404.

use crate::http::kit::extract::{Path, Query};
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::billing::invoice::pounds_text;
use domain::conversions::{
    can_edit_conversions, delete_question, not_connected, opens_conversions, parse_conversion, status_words,
    ConversionAction, ConversionForm, Platform, UploadStatus, MIN_DURATION_DEFAULT, MIN_DURATION_MAX, NAME_MAX,
    NAME_NOT_UNIQUE, TAG_CHOICE, VALUE_MAX_PENCE, VALUE_POUNDS_DIGITS,
};
use domain::reports::{format_uk, CallOutcome};
use domain::tags::SOURCE_CHOICE;
use domain::{format_date_time, AccountState, CharacterRule, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::contract::{bounds, bounds_text};
use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::conversions::{self as store, ActionRow, LOG_PAGE};
use crate::store::tags as tag_store;
use utoipa::openapi::schema::Object;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_conversions))
        .routes(routes!(get_conversion))
        .routes(routes!(add_conversion))
        .routes(routes!(edit_conversion))
        .routes(routes!(delete_conversion))
        .routes(routes!(retry_upload))
}

/// 'In the last 30 days'.
const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
const TEXT_MAX: usize = 1_000;
/// The log's last page a request may ask for.
const PAGE_MAX: i64 = 10_000;

/// /conversions: conversions access, the menu item and its guard; changes need the edit right.
pub struct ConversionsRights;

impl PageRights for ConversionsRights {
    fn opens(account: &AccountState) -> bool {
        opens_conversions(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_conversions(account)
    }
}

/// A user of the page.
pub type ConversionsUser = PageUser<ConversionsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversionChoice {
    /// An id ("12"), a platform ("google_ads") or an outcome's key ("answered").
    value: String,
    label: String,
}

/// The warning of an action whose platform is not connected, with where to connect it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NotConnected {
    /// "Google Ads is not connected"
    message: String,
    /// The integration's page, "/googleads".
    connect_path: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ActionView {
    id: i64,
    name: String,
    /// google_ads, microsoft_ads, meta_ads
    platform: String,
    platform_label: String,
    /// "£40.00", or '' when no value is sent.
    value: String,
    active: bool,
    /// Which calls count, in words, all of which must hold.
    conditions: Vec<String>,
    /// The form's values: form_name, form_platform, form_value, form_min_duration, form_outcome,
    /// form_source_medium, form_tag, form_active.
    #[schema(value_type = std::collections::HashMap<String, String>)]
    form: ConversionForm,
    /// Calls of the last 30 days that counted, were sent (or were already there), failed.
    counted30_days: i64,
    sent30_days: i64,
    failed30_days: i64,
    not_connected: Option<NotConnected>,
    /// The delete confirmation's question.
    delete_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConversionsPage {
    conversions: Vec<ActionView>,
    /// Whether the user may add, edit and delete conversions.
    can_edit: bool,
    /// The form's lists.
    platforms: Vec<ConversionChoice>,
    sources: Vec<ConversionChoice>,
    tags: Vec<ConversionChoice>,
    outcomes: Vec<ConversionChoice>,
    /// The minimum duration a new action starts with (60 seconds, as Google Ads counts).
    default_min_duration: i64,
}

fn label_of(list: &[(i64, String)], id: Option<i64>) -> String {
    id.and_then(|id| list.iter().find(|(i, _)| *i == id)).map(|(_, l)| l.clone()).unwrap_or_default()
}

struct Lists {
    sources: Vec<(i64, String)>,
    tags: Vec<(i64, String)>,
    connected: Vec<String>,
}

async fn lists(state: &AppState, customer: CustomerId) -> Result<Lists, AppError> {
    let (sources, _) = tag_store::choices(&state.db, customer).await?;
    Ok(Lists {
        sources,
        tags: store::tag_choices(&state.db, customer).await?,
        connected: store::connected(&state.db, customer).await?,
    })
}

impl Lists {
    fn connected(&self, platform: Platform) -> bool {
        self.connected.iter().any(|c| c == platform.key())
    }

    fn view(&self, row: ActionRow) -> ActionView {
        let action = &row.action;
        ActionView {
            id: row.id,
            conditions: action
                .in_words(&label_of(&self.sources, action.source_medium_id), &label_of(&self.tags, action.tag_id)),
            form: action.form(),
            platform: action.platform.key().to_string(),
            platform_label: action.platform.label().to_string(),
            value: action.value_pence.map(pounds_text).unwrap_or_default(),
            active: action.active,
            counted30_days: row.counted,
            sent30_days: row.sent,
            failed30_days: row.failed,
            not_connected: (!self.connected(action.platform)).then(|| NotConnected {
                message: not_connected(action.platform),
                connect_path: action.platform.page().to_string(),
            }),
            delete_question: delete_question(&action.name, row.uploads),
            name: row.action.name,
        }
    }
}

/// The account's conversion actions with their last 30 days, and the form's lists.
#[utoipa::path(get, path = "/conversions/getConversions", tag = "conversions",
    responses((status = 200, body = ConversionsPage), (status = 403, description = "No conversions access")))]
async fn get_conversions(
    State(state): State<AppState>,
    user: ConversionsUser,
) -> Result<Json<ConversionsPage>, AppError> {
    let customer = user.customer();
    let rows = store::list(&state.db, customer, state.clock.now() - RECENT_DAYS * DAY).await?;
    let lists = lists(&state, customer).await?;
    let conversions = rows.into_iter().map(|row| lists.view(row)).collect();
    let choice = |(id, label): &(i64, String)| ConversionChoice { value: id.to_string(), label: label.clone() };
    Ok(Json(ConversionsPage {
        conversions,
        can_edit: can_edit_conversions(&user.account),
        platforms: Platform::ALL
            .iter()
            .map(|p| ConversionChoice { value: p.key().to_string(), label: p.label().to_string() })
            .collect(),
        sources: lists.sources.iter().map(choice).collect(),
        tags: lists.tags.iter().map(choice).collect(),
        outcomes: CallOutcome::ALL
            .iter()
            .map(|o| ConversionChoice { value: o.key().to_string(), label: o.label().to_string() })
            .collect(),
        default_min_duration: MIN_DURATION_DEFAULT,
    }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct LogQuery {
    /// The log's page, from 1 (25 rows a page).
    #[serde(default)]
    page: Option<String>,
}

/// An upload of the log.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct UploadView {
    id: i64,
    call_id: i64,
    /// The call's time in the account's zone, "23/11/2026 10:00 GMT".
    call_time: String,
    /// The call's start as sent, "2026-11-23 10:00:00+00:00" ('' when not sent).
    sent_call_time: String,
    /// The caller as the call log shows it ("07700 900123", "Withheld").
    caller: String,
    /// As sent, "+447700900123" ('' when withheld).
    caller_e164: String,
    click_id: String,
    /// GRANTED, DENIED or UNSPECIFIED.
    consent: String,
    /// "£40.00" or ''.
    value: String,
    /// pending, sent, duplicate, failed, gaveUp, skipped
    status: String,
    /// The status in words.
    status_text: String,
    /// The platform's answer, or why the call was skipped.
    answer: String,
    attempts: i64,
    /// When a failed upload is tried again, in the account's zone.
    next_attempt: String,
    sent_at: String,
    /// Whether 'Retry now' is offered.
    can_retry: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ConversionDetail {
    conversion: ActionView,
    can_edit: bool,
    uploads: Vec<UploadView>,
    /// Uploads in the log in all, the page shown and the rows a page.
    total: i64,
    page: i64,
    page_size: i64,
}

/// A path's id: a positive whole number, else nothing of the customer's.
fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// A conversion action with a page of its upload log, newest call first.
#[utoipa::path(get, path = "/conversions/getConversion/{id}", tag = "conversions",
    params(("id" = String, Path, description = "The action's id"), LogQuery),
    responses((status = 200, body = ConversionDetail), (status = 404, description = "No such conversion in this account")))]
async fn get_conversion(
    State(state): State<AppState>,
    user: ConversionsUser,
    Path(id): Path<String>,
    Query(query): Query<LogQuery>,
) -> Result<Json<ConversionDetail>, AppError> {
    let (customer, id) = (user.customer(), path_id(&id)?);
    let now = state.clock.now();
    let row = store::one(&state.db, customer, id, now - RECENT_DAYS * DAY).await?.ok_or(AppError::NotFound)?;
    let page = query.page.as_deref().and_then(|p| p.trim().parse::<i64>().ok()).unwrap_or(1).clamp(1, PAGE_MAX);
    let lists = lists(&state, customer).await?;
    let platform = row.action.platform;
    let connected = lists.connected(platform);
    let (rows, total) = store::log(&state.db, customer, id, page).await?;
    let zone = user.zone();
    let when = |at: Option<i64>| at.map(|at| format_date_time(at, zone)).unwrap_or_default();
    let can_edit = can_edit_conversions(&user.account);
    let uploads = rows
        .into_iter()
        .map(|u| {
            let status = UploadStatus::from_key(&u.status).unwrap_or(UploadStatus::Pending);
            UploadView {
                id: u.id,
                call_id: u.call_id,
                call_time: format_date_time(u.started_at, zone),
                sent_call_time: u.call_time,
                caller: format_uk(&u.caller_number),
                caller_e164: u.caller,
                click_id: u.click_id,
                consent: u.consent,
                value: u.value_pence.map(pounds_text).unwrap_or_default(),
                status: status.key().to_string(),
                status_text: status_words(status, platform, connected),
                answer: u.answer,
                attempts: u.attempts,
                next_attempt: if status.is_due_kind() { when(u.next_attempt_at) } else { String::new() },
                sent_at: when(u.sent_at),
                can_retry: can_edit && matches!(status, UploadStatus::Failed | UploadStatus::GaveUp),
            }
        })
        .collect();
    Ok(Json(ConversionDetail { conversion: lists.view(row), can_edit, uploads, total, page, page_size: LOG_PAGE }))
}

/// The conversion form; '' is 'any' for a condition.
#[derive(Deserialize, Validate, ToSchema)]
struct ConversionFields {
    /// At most 100 characters, unique in the account.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = name)]
    form_name: String,
    /// google_ads, microsoft_ads or meta_ads.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = platform)]
    form_platform: String,
    /// Pounds and pence, "25.00"; '' sends no value.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = value)]
    form_value: String,
    /// Seconds, 0 to 3600; '' is 60.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = min_duration)]
    form_min_duration: String,
    /// An outcome's key ('answered', 'missed', ...); '' any.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = outcome)]
    form_outcome: String,
    /// A source / medium's id; '' any.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = id_or_any)]
    form_source_medium: String,
    /// A tag's id; '' any.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = id_or_any)]
    form_tag: String,
    /// "1": uploads are sent (the default); "0": paused.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_active: String,
}

fn name() -> Object {
    bounds::required_by_rule(CharacterRule::NoForeignCharacters, NAME_MAX, TEXT_MAX)
}

fn platform() -> Object {
    bounds::trimmed_key(&Platform::ALL.map(Platform::key), TEXT_MAX)
}

fn value() -> Object {
    bounds_text::trimmed(&bounds_text::pounds(VALUE_MAX_PENCE, VALUE_POUNDS_DIGITS), true, TEXT_MAX)
}

fn min_duration() -> Object {
    bounds_text::whole(0, MIN_DURATION_MAX as u64, true, TEXT_MAX)
}

/// An outcome's key, "any" or nothing.
fn outcome() -> Object {
    let keys: Vec<&str> = std::iter::once("any").chain(CallOutcome::ALL.map(CallOutcome::key)).collect();
    bounds_text::key_choice(&keys, true, TEXT_MAX)
}

fn id_or_any() -> Object {
    bounds_text::id(true, TEXT_MAX)
}

/// The action the form describes, its name unique and its source / medium and tag the customer's.
async fn action_of(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    fields: &ConversionFields,
) -> Result<ConversionAction, AppError> {
    let form = ConversionForm {
        name: fields.form_name.clone(),
        platform: fields.form_platform.clone(),
        value: fields.form_value.clone(),
        min_duration: fields.form_min_duration.clone(),
        outcome: fields.form_outcome.clone(),
        source_medium: fields.form_source_medium.clone(),
        tag: fields.form_tag.clone(),
        active: fields.form_active.clone(),
    };
    let taken = store::other_names(&state.db, customer, id).await?;
    let action = parse_conversion(&form, &taken).map_err(|errors| {
        if errors.get("form_name") == Some(NAME_NOT_UNIQUE) {
            AppError::Coded("NAME_NOT_UNIQUE", errors)
        } else {
            AppError::Validation(errors)
        }
    })?;
    let mut errors = FieldErrors::new();
    if let Some(source) = action.source_medium_id {
        if !tag_store::owns_source(&state.db, customer, source).await? {
            errors.add("form_source_medium", SOURCE_CHOICE);
        }
    }
    if let Some(tag) = action.tag_id {
        if !store::owns_tag(&state.db, customer, tag).await? {
            errors.add("form_tag", TAG_CHOICE);
        }
    }
    errors.into_result().map_err(AppError::Validation)?;
    Ok(action)
}

/// Adds a conversion action: calls that count from now on are uploaded.
#[utoipa::path(post, path = "/conversions/addConversion", tag = "conversions",
    request_body(content((ConversionFields = "multipart/form-data"), (ConversionFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "The form's field messages")))]
async fn add_conversion(
    State(state): State<AppState>,
    user: ConversionsUser,
    Form { fields, .. }: Form<ConversionFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let action = action_of(&state, customer, 0, &fields).await?;
    let mut conn = state.db.acquire().await?;
    let id = store::insert(&mut conn, customer, &action, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Changes a conversion action (uploads already queued keep what they carry).
#[utoipa::path(post, path = "/conversions/editConversion/{id}", tag = "conversions",
    params(("id" = String, Path, description = "The action's id")),
    request_body(content((ConversionFields = "multipart/form-data"), (ConversionFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such conversion in this account")))]
async fn edit_conversion(
    State(state): State<AppState>,
    user: ConversionsUser,
    Path(id): Path<String>,
    Form { fields, .. }: Form<ConversionFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    store::one(&state.db, customer, id, 0).await?.ok_or(AppError::NotFound)?;
    let action = action_of(&state, customer, id, &fields).await?;
    if !store::update(&state.db, customer, id, &action).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

/// Deletes a conversion action and its log (what was sent stays at the platform).
#[utoipa::path(post, path = "/conversions/deleteConversion/{id}", tag = "conversions",
    params(("id" = String, Path, description = "The action's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such conversion in this account")))]
async fn delete_conversion(
    State(state): State<AppState>,
    user: ConversionsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::delete(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

/// Makes a failed (or given-up) upload due now: the next run of the job sends it.
#[utoipa::path(post, path = "/conversions/retryUpload/{id}", tag = "conversions",
    params(("id" = String, Path, description = "The upload's id")),
    responses((status = 200, body = Done), (status = 404, description = "No failed upload of that id in this account")))]
async fn retry_upload(
    State(state): State<AppState>,
    user: ConversionsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::retry_now(&state.db, user.customer(), path_id(&id)?, state.clock.now()).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}
