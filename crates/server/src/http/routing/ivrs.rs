//! IVR menus (docs/ivr-api.md, "manageivrrouting"): one IVR with the numbers and pools it
//! affects, the lists (top-level only or with children), the library the browser draws flows
//! and simulates calls with, and create / update with the domain's rules, the ownership of
//! every referenced id and the multi-level IVR terms once the IVR credits are used up. The
//! multi-level calls are in `multilevel`, whose routes are merged beside these in `routing::router`.
//!
//! Access: reads need an advanced routing scope, writes an administrator with one.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::ivr::{
    set_hang_up_after_audio, set_key_type, set_repeat_key, validate_ivr, IvrForm, IvrKey, KeyType, Library, StoredIvr,
    IVR_DESCRIPTION_MAX, NO_REPEAT, REPEAT_AUDIO_MAX, TERMS_REQUIRED,
};
use domain::routing::{RowLimit, IVR_KEY_ROWS};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::connect::id_of;
use super::library::{IdField, NUMBER_MAX, TEXT_MAX};
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{Form, FormRow};
use crate::routing::draft::{RoutingRead, RoutingWrite, IVR_BOUGHT_LIVE};
use crate::routing::ivrs::{charge, credits_for, library, plans_reaching, Credits};
use crate::state::AppState;
use crate::store::ivrs;
use crate::store::service_plans::{self};
use crate::store::{routing_entries, routing_history};

/// Every IVR route, the multi-level ones included; the spec writes some with a trailing slash
/// and some without, and those are served (and documented) both ways.
pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(details))
        .routes(routes!(top_level_list))
        .routes(routes!(top_level_list_slash))
        .routes(routes!(list))
        .routes(routes!(library_answer))
        .routes(routes!(library_answer_slash))
        .routes(routes!(create))
        .routes(routes!(update))
        .routes(routes!(update_slash))
}

/// The row of a row form, documented beside the request that names it (utoipa does not
/// collect it from the path on its own).
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(IvrKeyRow)))]
struct RowSchemas;

/// Whether a posted flag is on.
pub(super) fn flag(value: &str) -> bool {
    matches!(value.trim(), "1" | "true" | "on")
}

/// An IVR as the editor reads it: the flags as numbers and isChild as "0"/"1" (the spec's shape).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IvrView {
    id: i64,
    description: String,
    /// "1": a child IVR, "0": a top-level one.
    is_child: String,
    intro_audio: i64,
    /// 1: the keys pressed are logged.
    log_keys: u8,
    report_group_id: i64,
    secondary_report_group_id: i64,
    /// 1: the call hangs up after the intro audio.
    has_dead_end: u8,
    /// The key that repeats the menu, or "none".
    repeat_key: String,
    default_key: String,
    repeat_audio: String,
    options: Vec<IvrKey>,
}

fn zero_one(on: bool) -> String {
    if on { "1" } else { "0" }.to_string()
}

fn ivr_answer(stored: &StoredIvr) -> IvrView {
    let ivr = &stored.ivr;
    IvrView {
        id: stored.id,
        description: ivr.description.clone(),
        is_child: zero_one(ivr.is_child),
        intro_audio: ivr.intro_audio,
        log_keys: u8::from(ivr.log_keys),
        report_group_id: ivr.report_group_id,
        secondary_report_group_id: ivr.secondary_report_group_id,
        has_dead_end: u8::from(ivr.has_dead_end),
        repeat_key: ivr.repeat_key.clone(),
        default_key: ivr.default_key.clone(),
        repeat_audio: ivr.repeat_audio.clone(),
        options: ivr.options.clone(),
    }
}

/// A number or pool whose service plan reaches the IVR: `NumbNGNumber` for a number,
/// `VlnsDescription` for a pool (the spec's names).
#[derive(Serialize, ToSchema)]
struct IvrAffectedEntry {
    #[serde(rename = "NumbNGNumber", skip_serializing_if = "Option::is_none")]
    number: Option<String>,
    #[serde(rename = "VlnsDescription", skip_serializing_if = "Option::is_none")]
    pool: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IvrDetails {
    ivr: IvrView,
    affected_numbers: Vec<IvrAffectedEntry>,
}

/// One IVR and the numbers and pools whose service plan reaches it.
#[utoipa::path(get, path = "/manageivrrouting/getIvrDetails/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = IvrDetails)))]
async fn details(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<IvrDetails>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, customer).await?;
    let library = library(&mut view, customer).await?;
    let stored = library.ivr(id).ok_or(AppError::NotFound)?;
    let mut affected = vec![];
    for plan in plans_reaching(&mut view, customer, id, &library).await? {
        for (_, kind, number, pool) in routing_entries::using_plan(&mut view, customer, plan).await? {
            affected.push(match kind.as_str() {
                "static" => IvrAffectedEntry { number: Some(number), pool: None },
                _ => IvrAffectedEntry { number: None, pool: Some(pool) },
            });
        }
    }
    Ok(Json(IvrDetails { ivr: ivr_answer(stored), affected_numbers: affected }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IvrOption {
    id: i64,
    description: String,
    /// "1": a child IVR, "0": a top-level one.
    is_child: String,
}

#[derive(Serialize, ToSchema)]
struct IvrList {
    ivrs: Vec<IvrOption>,
}

async fn list_answer(state: &AppState, user: &RoutingUser, with_children: bool) -> Result<Json<IvrList>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(state, user.customer()).await?;
    let ivrs = ivrs::list(&mut view, user.customer(), with_children)
        .await?
        .into_iter()
        .map(|(id, description, child)| IvrOption { id, description, is_child: zero_one(child) })
        .collect();
    Ok(Json(IvrList { ivrs }))
}

/// getIvrList: the top-level IVRs (what a service plan row chooses from).
#[utoipa::path(get, path = "/manageivrrouting/getIvrList", tag = "routing", responses((status = 200, body = IvrList)))]
async fn top_level_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<IvrList>, AppError> {
    list_answer(&state, &user, false).await
}

/// getIvrList/, as the spec also writes it.
#[utoipa::path(get, path = "/manageivrrouting/getIvrList/", tag = "routing", responses((status = 200, body = IvrList)))]
async fn top_level_list_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<IvrList>, AppError> {
    top_level_list(state, user).await
}

/// getIvrList/1: every IVR, children too (what an IVR key chooses from); any other kind is
/// the top-level IVRs.
#[utoipa::path(get, path = "/manageivrrouting/getIvrList/{kind}", tag = "routing",
    params(("kind" = String, Path, description = "1: every IVR, child IVRs too")),
    responses((status = 200, body = IvrList)))]
async fn list(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(kind): Path<String>,
) -> Result<Json<IvrList>, AppError> {
    list_answer(&state, &user, kind == "1").await
}

#[utoipa::path(get, path = "/manageivrrouting/getIvrLibrary", tag = "routing", responses((status = 200, body = Library)))]
async fn library_answer(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Library>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let library = library(&mut view, user.customer()).await?;
    Ok(Json(library))
}

/// getIvrLibrary/, as the spec also writes it.
#[utoipa::path(get, path = "/manageivrrouting/getIvrLibrary/", tag = "routing", responses((status = 200, body = Library)))]
async fn library_answer_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<Library>, AppError> {
    library_answer(state, user).await
}

/// An IVR key row as posted (`keys[i]`, `keyDescription[i]`...), read as text and parsed as
/// before so the domain's messages name the row. Ids are 0 or empty when not chosen.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct IvrKeyRow {
    /// 1-9, then 0, * and #.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keys: String,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    keyDescription: String,
    /// routing (or empty), ivr or voicemail; anything else is 400.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keyType: String,
    /// The destination plan, for a routing key.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keyDestination: String,
    /// The IVR, for an ivr key.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keyIvr: String,
    /// The call category, 0 or empty for none.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keyCategory: String,
    /// The voicemail, for a voicemail key.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    keyVoicemail: String,
}

impl FormRow for IvrKeyRow {
    const LIMIT: RowLimit = IVR_KEY_ROWS;
}

/// An IVR (createIvr and updateExistingIvr). The domain's rules (`validate_ivr`) decide; these
/// bounds only stop absurd input first. Flags are "1" for on. Rows: the fields of IvrKeyRow
/// posted as `keys[i]`, `keyDescription[i]`... (or `name[]`, in order), at most 12.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct IvrRequest {
    /// Unique among the account's IVRs (DESCRIPTION_NOT_UNIQUE).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<IVR_DESCRIPTION_MAX, TEXT_MAX>)]
    description: String,
    /// The intro audio.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    audioId: IdField,
    /// "1": log the keys pressed.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    logStrokes: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    reportGroupId: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    secondaryReportGroupId: IdField,
    /// "1": hang up after the intro audio (the IVR keeps no keys).
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    hasDeadEnd: String,
    /// The key that repeats the menu; "none" or empty for none.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    repeatMenu: String,
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    defaultKey: String,
    /// How many times the menu repeats (the domain reads the text: 0 to 9).
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = repeat_audio)]
    repeatAudio: String,
    /// "1": a child IVR (createIvr from a parent makes one whatever this says).
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    isChildIvr: String,
    /// createIvr: "1" accepts the multi-level IVR terms, needed once the IVR credits are used.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    acceptTerms: String,
    /// updateExistingIvr: the IVR being saved.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_record_id: IdField,
    /// updateExistingIvr: the IVR being saved, when form_record_id is empty or 0.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    ivrId: IdField,
}

fn repeat_audio() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds_text::whole(0, REPEAT_AUDIO_MAX as u64, false, NUMBER_MAX)
}

/// The posted IVR, as the domain's form.
fn submitted(form: &Form<IvrRequest>) -> Result<IvrForm, AppError> {
    let fields = &form.fields;
    let mut ivr = IvrForm {
        description: fields.description.clone(),
        intro_audio: fields.audioId.unwrap_or(0),
        log_keys: flag(&fields.logStrokes),
        report_group_id: fields.reportGroupId.unwrap_or(0),
        secondary_report_group_id: fields.secondaryReportGroupId.unwrap_or(0),
        has_dead_end: flag(&fields.hasDeadEnd),
        repeat_key: match fields.repeatMenu.trim() {
            "" => NO_REPEAT.to_string(),
            key => key.to_string(),
        },
        default_key: fields.defaultKey.trim().to_string(),
        repeat_audio: fields.repeatAudio.clone(),
        is_child: flag(&fields.isChildIvr),
        options: vec![],
    };
    for (i, row) in form.rows::<IvrKeyRow>()?.into_iter().enumerate() {
        let key_type = match row.keyType.trim() {
            "" => KeyType::Routing,
            other => KeyType::parse(other)
                .ok_or_else(|| AppError::BadRequest(format!("keyType[{i}] must be routing, ivr or voicemail")))?,
        };
        ivr.options.push(IvrKey {
            key: row.keys.trim().to_string(),
            description: row.keyDescription,
            key_type,
            destination_id: id_of(&row.keyDestination),
            ivr_id: id_of(&row.keyIvr),
            voicemail_id: id_of(&row.keyVoicemail),
            category_id: id_of(&row.keyCategory),
        });
    }
    Ok(ivr)
}

/// The 422 of a refused IVR: with `descriptionError` when the description is at fault, and the
/// spec's DESCRIPTION_NOT_UNIQUE code when being taken is the only problem.
pub(super) fn refused(errors: FieldErrors) -> AppError {
    let Some(message) = errors.get("description").map(str::to_string) else {
        return AppError::Validation(errors);
    };
    let mut extra = json!({ "descriptionError": message });
    if errors.iter().all(|(field, m)| field == "description" && m == DESCRIPTION_NOT_UNIQUE) {
        extra["code"] = json!("DESCRIPTION_NOT_UNIQUE");
    }
    AppError::ValidationWith(errors, extra)
}

/// A valid IVR as stored, by the domain's editing rules: the repeat key keeps no target or
/// category, a key keeps the target of its type, hang-up-after-audio keeps no keys.
fn normalized(form: IvrForm) -> IvrForm {
    let repeat = form.repeat_key.clone();
    let mut form = set_repeat_key(form, &repeat);
    for i in 0..form.options.len() {
        let key_type = form.options[i].key_type;
        form = set_key_type(form, i, key_type);
    }
    if form.has_dead_end {
        form = set_hang_up_after_audio(form, true);
    }
    form
}

/// Every id the posted IVR refers to (audio, destination plans, IVRs, voicemails, categories,
/// report groups) must be the customer's: else 404.
async fn check_references(db: &mut AnyConnection, customer: CustomerId, form: &IvrForm) -> Result<(), AppError> {
    let of_keys = |id: fn(&IvrKey) -> i64| -> Vec<i64> { form.options.iter().map(id).filter(|i| *i != 0).collect() };
    let one = |id: i64| -> Vec<i64> {
        if id == 0 {
            vec![]
        } else {
            vec![id]
        }
    };
    let owned = routing_entries::audios_owned(&mut *db, customer, &one(form.intro_audio)).await?
        && service_plans::destination_plans_owned(&mut *db, customer, &of_keys(|k| k.destination_id)).await?
        && ivrs::ivrs_owned(&mut *db, customer, &of_keys(|k| k.ivr_id)).await?
        && ivrs::voicemails_owned(&mut *db, customer, &of_keys(|k| k.voicemail_id)).await?
        && ivrs::categories_owned(&mut *db, customer, &of_keys(|k| k.category_id)).await?
        && ivrs::report_groups_owned(&mut *db, customer, &one(form.report_group_id)).await?
        && ivrs::secondary_report_groups_owned(&mut *db, customer, &one(form.secondary_report_group_id)).await?;
    if owned {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

/// An IVR in the routing history.
pub(super) fn ivr_key(id: i64) -> RecordKey {
    RecordKey { kind: RecordKind::Ivr, id }
}

fn terms_refused() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("terms", TERMS_REQUIRED);
    AppError::Validation(errors)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IvrSaved {
    success: bool,
    ivr_id: i64,
}

/// createIvr/{parent}: a new IVR; from a parent IVR's dialog (parent not 0) it is a child.
/// Past the IVR credits without acceptTerms, 422 on `terms`.
#[utoipa::path(post, path = "/manageivrrouting/createIvr/{parent}", tag = "routing",
    params(("parent" = i64, Path, minimum = 0, description = "The parent IVR, 0 for a top-level IVR")),
    request_body(content((IvrRequest = "multipart/form-data"), (IvrRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = IvrSaved)))]
async fn create(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(parent): Path<i64>,
    form: Form<IvrRequest>,
) -> Result<Json<IvrSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Ivr).await?;
    if parent != 0 && !ivrs::ivrs_owned(&mut tx.tx, customer, &[parent]).await? {
        return Err(AppError::NotFound);
    }
    let mut ivr = submitted(&form)?;
    ivr.is_child |= parent != 0;
    let taken = ivrs::descriptions(&mut tx.tx, customer, 0).await?;
    validate_ivr(&ivr, &taken).map_err(refused)?;
    check_references(&mut tx.tx, customer, &ivr).await?;
    let ivr = normalized(ivr);

    let credits = credits_for(&mut tx, customer, 1, flag(&form.fields.acceptTerms)).await?;
    if matches!(credits, Credits::TermsNeeded) {
        return Err(terms_refused());
    }
    if tx.in_draft() && matches!(credits, Credits::Charge { .. }) {
        return Err(AppError::field("draft", IVR_BOUGHT_LIVE));
    }
    let id = ivrs::insert(&mut tx, customer, &ivr).await?;
    ivrs::replace_keys(&mut tx, id, &ivr.options).await?;
    charge(&mut tx, customer, user.session.user_id, &credits, &[id], state.clock.now()).await?;
    let after = routing_history::ivr(&mut tx, customer, id).await?;
    tx.record(ivr_key(id), None, after).await?;
    tx.commit(&state).await?;
    Ok(Json(IvrSaved { success: true, ivr_id: id }))
}

/// updateExistingIvr: saves an IVR (form_record_id, or ivrId); every number and pool whose
/// service plan reaches it is provisioned again.
#[utoipa::path(post, path = "/manageivrrouting/updateExistingIvr", tag = "routing",
    request_body(content((IvrRequest = "multipart/form-data"), (IvrRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = IvrSaved)))]
async fn update(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<IvrRequest>,
) -> Result<Json<IvrSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = match form.fields.form_record_id.unwrap_or(0) {
        0 => form.fields.ivrId.unwrap_or(0),
        id => id,
    };
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Ivr).await?;
    if id <= 0 || !ivrs::ivrs_owned(&mut tx.tx, customer, &[id]).await? {
        return Err(AppError::NotFound);
    }
    let ivr = submitted(&form)?;
    let taken = ivrs::descriptions(&mut tx.tx, customer, id).await?;
    validate_ivr(&ivr, &taken).map_err(refused)?;
    check_references(&mut tx.tx, customer, &ivr).await?;
    let ivr = normalized(ivr);

    // Whether a plan reaches the IVR does not depend on the IVR's own keys.
    let plans = crate::routing::ivrs::plans_using(&mut tx.tx, customer, id).await?;
    let before = routing_history::ivr(&mut tx, customer, id).await?;
    ivrs::update(&mut tx, customer, id, &ivr).await?;
    ivrs::replace_keys(&mut tx, id, &ivr.options).await?;
    let now = state.clock.now();
    for plan in plans {
        routing_entries::reprovision_plan_users(&mut tx, customer, plan, now).await?;
    }
    let after = routing_history::ivr(&mut tx, customer, id).await?;
    tx.record(ivr_key(id), before, after).await?;
    tx.commit(&state).await?;
    Ok(Json(IvrSaved { success: true, ivr_id: id }))
}

/// updateExistingIvr/, as the browser calls it.
#[utoipa::path(post, path = "/manageivrrouting/updateExistingIvr/", tag = "routing",
    request_body(content((IvrRequest = "multipart/form-data"), (IvrRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = IvrSaved)))]
async fn update_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<IvrRequest>,
) -> Result<Json<IvrSaved>, AppError> {
    update(state, user, form).await
}
