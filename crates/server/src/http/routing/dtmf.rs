//! DTMF plans and DTMF IVRs (docs/routing-api.md "Part 2"): the post call agent
//! attribution a number can carry.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::routing::dtmf::{
    DTMF_DESCRIPTION_MAX, DTMF_DIGITS_MAX, DTMF_DIGITS_MIN, DTMF_KEY_DESCRIPTION_MAX, DTMF_TIMEOUT_DEFAULT,
    DTMF_TIMEOUT_MAX, DTMF_TIMEOUT_MIN,
};
use domain::routing::history::RecordKind;
use domain::routing::{
    validate_dtmf_ivr, validate_dtmf_plan, DtmfIvrForm, DtmfIvrKey, DtmfPlanForm, RowLimit, DTMF_IVR_KEY_ROWS,
};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::extras::{id, ids, not_found_unless, number, RoutingSaved, TEXT_MAX};
use super::RoutingUser;
use crate::http::contract::bounds;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{any_of_choice, form_contract, row_form_schema, with_any_of, Form, FormRow};
use crate::routing::draft::RecordedWrite;
use crate::routing::draft::RoutingRead;
use crate::state::AppState;
use crate::store::routing_entries::audios_owned;
use crate::store::routing_extras as store;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(edit_dtmf_plan))
        .routes(routes!(edit_dtmf_plan_slash))
        .routes(routes!(create_dtmf_plan))
        .routes(routes!(create_dtmf_plan_slash))
        .routes(routes!(update_dtmf_plan))
        .routes(routes!(update_dtmf_plan_slash))
        .routes(routes!(dtmf_ivr))
        .routes(routes!(store_dtmf_ivr))
}

/// The DTMF IVR form's rows, named in the request's description.
#[derive(OpenApi)]
#[openapi(components(schemas(DtmfIvrKeyRow)))]
struct RowSchemas;

#[derive(Deserialize, Validate, ToSchema)]
struct DtmfPlanId {
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    id: String,
}

/// A DTMF plan by the spec's field names.
#[derive(Serialize, ToSchema)]
struct DtmfPlanView {
    #[serde(rename = "DtmfID")]
    id: i64,
    #[serde(rename = "DtmfDescription")]
    description: String,
    #[serde(rename = "DtmfAudiID")]
    intro_audio: i64,
    #[serde(rename = "DtmfEndAudiID")]
    end_audio: i64,
    #[serde(rename = "DtmfMinLength")]
    min_length: i64,
    #[serde(rename = "DtmfMaxLength")]
    max_length: i64,
    #[serde(rename = "DtmfInitialKeyTimeout")]
    initial_key_timeout: i64,
    #[serde(rename = "DtmfInterKeyTimeout")]
    inter_key_timeout: i64,
    #[serde(rename = "DtmfSkipAudioFlag")]
    skip_audio: i64,
}

#[derive(Serialize, ToSchema)]
struct DtmfPlanAnswer {
    data: DtmfPlanView,
}

/// managedtmf/editPlan: id -> the plan with the spec's Dtmf field names.
#[utoipa::path(post, path = "/managedtmf/editPlan", tag = "routing",
    request_body(content((DtmfPlanId = "multipart/form-data"), (DtmfPlanId = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DtmfPlanAnswer)))]
async fn edit_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<DtmfPlanId>,
) -> Result<Json<DtmfPlanAnswer>, AppError> {
    user.require_advanced()?;
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let p = store::find_dtmf_plan(&mut *view, user.customer(), id(&form.fields.id)).await?.ok_or(AppError::NotFound)?;
    Ok(Json(DtmfPlanAnswer {
        data: DtmfPlanView {
            id: p.id,
            description: p.description,
            intro_audio: p.intro_audio_id,
            end_audio: p.end_audio_id,
            min_length: p.min_length,
            max_length: p.max_length,
            initial_key_timeout: p.initial_key_timeout,
            inter_key_timeout: p.inter_key_timeout,
            skip_audio: p.skip_audio,
        },
    }))
}
twin!(post edit_dtmf_plan_slash, "/managedtmf/editPlan/", edit_dtmf_plan, DtmfPlanId, DtmfPlanAnswer;
    state: State<AppState>, user: RoutingUser, form: Form<DtmfPlanId>);

/// A DTMF plan as posted.
#[allow(non_snake_case)]
#[derive(Deserialize, Validate, ToSchema)]
struct DtmfPlanRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<DTMF_DESCRIPTION_MAX, TEXT_MAX>)]
    description: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::id)]
    introAudio: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::id)]
    endAudio: String,
    /// At most maximumDigits.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<DTMF_DIGITS_MIN, DTMF_DIGITS_MAX>)]
    minimumDigits: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::whole_in::<DTMF_DIGITS_MIN, DTMF_DIGITS_MAX>)]
    maximumDigits: String,
    /// Seconds; 1 when absent.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(schema_with = bounds::whole_in::<DTMF_TIMEOUT_MIN, DTMF_TIMEOUT_MAX>)]
    initialTimeout: String,
    /// Seconds; 1 when absent.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    #[schema(schema_with = bounds::whole_in::<DTMF_TIMEOUT_MIN, DTMF_TIMEOUT_MAX>)]
    internalTimeout: String,
    /// "1", "true" or "on" when ticked.
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    skipAudio: String,
    /// The plan changed (update only).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    planId: String,
}

async fn save_dtmf_plan(
    state: &AppState,
    user: &RoutingUser,
    plan_id: i64,
    form: &DtmfPlanRequest,
) -> Result<i64, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(state, user, RecordKind::DtmfPlan, plan_id).await?;
    if plan_id != 0 && store::find_dtmf_plan(&mut *write.write.tx, customer, plan_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let plan = DtmfPlanForm {
        description: form.description.trim().to_string(),
        intro_audio: id(&form.introAudio),
        end_audio: id(&form.endAudio),
        minimum_digits: number(&form.minimumDigits, 0),
        maximum_digits: number(&form.maximumDigits, 0),
        initial_timeout: number(&form.initialTimeout, DTMF_TIMEOUT_DEFAULT),
        internal_timeout: number(&form.internalTimeout, DTMF_TIMEOUT_DEFAULT),
        skip_audio: matches!(form.skipAudio.trim(), "1" | "true" | "on"),
    };
    not_found_unless(audios_owned(&mut write.write.tx, customer, &ids(&[plan.intro_audio, plan.end_audio])).await?)?;
    validate_dtmf_plan(&plan).map_err(AppError::Validation)?;
    let saved = store::save_dtmf_plan(&mut *write.write.tx, customer, &store::DtmfPlan::stored(plan_id, &plan)).await?;
    write.commit(state, saved).await?;
    Ok(saved)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DtmfPlanSaved {
    success: bool,
    plan_id: i64,
}

/// managedtmf/create -> planId.
#[utoipa::path(post, path = "/managedtmf/create", tag = "routing",
    request_body(content((DtmfPlanRequest = "multipart/form-data"), (DtmfPlanRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DtmfPlanSaved)))]
async fn create_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<DtmfPlanRequest>,
) -> Result<Json<DtmfPlanSaved>, AppError> {
    let plan_id = save_dtmf_plan(&state, &user, 0, &form.fields).await?;
    Ok(Json(DtmfPlanSaved { success: true, plan_id }))
}
twin!(post create_dtmf_plan_slash, "/managedtmf/create/", create_dtmf_plan, DtmfPlanRequest, DtmfPlanSaved;
    state: State<AppState>, user: RoutingUser, form: Form<DtmfPlanRequest>);

/// managedtmf/update: the same plus planId.
#[utoipa::path(post, path = "/managedtmf/update", tag = "routing",
    request_body(content((DtmfPlanRequest = "multipart/form-data"), (DtmfPlanRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DtmfPlanSaved)))]
async fn update_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<DtmfPlanRequest>,
) -> Result<Json<DtmfPlanSaved>, AppError> {
    let record = id(&form.fields.planId);
    if record <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let plan_id = save_dtmf_plan(&state, &user, record, &form.fields).await?;
    Ok(Json(DtmfPlanSaved { success: true, plan_id }))
}
twin!(post update_dtmf_plan_slash, "/managedtmf/update/", update_dtmf_plan, DtmfPlanRequest, DtmfPlanSaved;
    state: State<AppState>, user: RoutingUser, form: Form<DtmfPlanRequest>);

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DtmfIvrHead {
    id: i64,
    description: String,
    intro_audio_id: i64,
    end_audio_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DtmfIvrKeyView {
    /// 1-9, 0, * or #.
    key: String,
    description: String,
    category_id: i64,
    dtmf_id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DtmfIvrAnswer {
    ivr: DtmfIvrHead,
    ivr_keys: Vec<DtmfIvrKeyView>,
}

/// managedtmf/getIvr/{id} -> ivr and ivrKeys.
#[utoipa::path(get, path = "/managedtmf/getIvr/{id}", tag = "routing", params(("id" = i64, Path)),
    responses((status = 200, body = DtmfIvrAnswer)))]
async fn dtmf_ivr(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(ivr_id): Path<i64>,
) -> Result<Json<DtmfIvrAnswer>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let ivr = store::find_dtmf_ivr(&mut *view, customer, ivr_id).await?.ok_or(AppError::NotFound)?;
    let ivr_keys = store::dtmf_ivr_keys(&mut *view, customer, ivr_id)
        .await?
        .into_iter()
        .map(|k| DtmfIvrKeyView {
            key: k.key,
            description: k.description,
            category_id: k.category_id,
            dtmf_id: k.dtmf_plan_id,
        })
        .collect();
    Ok(Json(DtmfIvrAnswer {
        ivr: DtmfIvrHead {
            id: ivr.id,
            description: ivr.description,
            intro_audio_id: ivr.intro_audio_id,
            end_audio_id: ivr.end_audio_id,
        },
        ivr_keys,
    }))
}

/// One key of a DTMF IVR (`keyDescription[i]`, ...); key i is 1-9, 0, *, # in order.
#[allow(non_snake_case)]
#[derive(Deserialize, Validate, ToSchema)]
struct DtmfIvrKeyRow {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<DTMF_KEY_DESCRIPTION_MAX, TEXT_MAX>)]
    keyDescription: String,
    /// A call category's id.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = id_text)]
    keyCategoryId: String,
    /// A DTMF plan's id; anything else is none (then endAudioId is needed).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = bounds::text::<TEXT_MAX>)]
    keyDtmfId: String,
}

impl FormRow for DtmfIvrKeyRow {
    const LIMIT: RowLimit = DTMF_IVR_KEY_ROWS;
}

/// A DTMF IVR as posted. Rows: the fields of DtmfIvrKeyRow, posted as `name[i]` (or `name[]`).
#[allow(non_snake_case)]
#[derive(Deserialize, Validate, ToSchema)]
struct DtmfIvrRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<DTMF_DESCRIPTION_MAX, TEXT_MAX>)]
    description: String,
    /// An audio's id.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = id_text)]
    introAudioId: String,
    /// An audio's id; anything else is none, which needs every key to have a DTMF plan.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = bounds::text::<TEXT_MAX>)]
    endAudioId: String,
}

/// An id as the form's fields are read (`extras::id`).
fn id_text() -> utoipa::openapi::schema::Object {
    bounds::id_text(TEXT_MAX)
}

/// The DTMF IVR form's contract: its fields and its first key's, and the rule across them a
/// schema states: an end audio, or a DTMF plan for the key (`END_AUDIO_NEEDED_BY_KEYS`).
fn dtmf_ivr_contract() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    let present = |field: &str| any_of_choice(&[(field, id_text())]);
    with_any_of(
        row_form_schema::<DtmfIvrRequest, DtmfIvrKeyRow>(),
        serde_json::json!([present("endAudioId"), present("keyDtmfId[0]")]),
    )
}

form_contract!(DtmfIvrContract, DtmfIvrRequest, dtmf_ivr_contract());

/// managedtmf/storeIvr/{id or 0} -> id.
#[utoipa::path(post, path = "/managedtmf/storeIvr/{id}", tag = "routing",
    params(("id" = i64, Path, description = "0 creates")),
    request_body(content((DtmfIvrContract = "multipart/form-data"), (DtmfIvrContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingSaved)))]
async fn store_dtmf_ivr(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(ivr_id): Path<i64>,
    form: Form<DtmfIvrRequest>,
) -> Result<Json<RoutingSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::DtmfIvr, ivr_id).await?;
    if ivr_id != 0 && store::find_dtmf_ivr(&mut *write.write.tx, customer, ivr_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let posted: Vec<DtmfIvrKeyRow> = form.rows()?;
    let row_id = |value: &str| value.trim().parse::<i64>().unwrap_or(0);
    let ivr = DtmfIvrForm {
        description: form.fields.description.trim().to_string(),
        intro_audio_id: id(&form.fields.introAudioId),
        end_audio_id: id(&form.fields.endAudioId),
        keys: posted
            .iter()
            .map(|row| DtmfIvrKey {
                description: row.keyDescription.trim().to_string(),
                category_id: row_id(&row.keyCategoryId),
                dtmf_id: row_id(&row.keyDtmfId),
            })
            .collect(),
    };
    let categories: Vec<i64> = ids(&ivr.keys.iter().map(|k| k.category_id).collect::<Vec<_>>());
    let plans: Vec<i64> = ids(&ivr.keys.iter().map(|k| k.dtmf_id).collect::<Vec<_>>());
    not_found_unless(
        audios_owned(&mut write.write.tx, customer, &ids(&[ivr.intro_audio_id, ivr.end_audio_id])).await?
            && store::categories_owned(&mut write.write.tx, customer, &categories).await?
            && store::dtmf_plans_owned(&mut write.write.tx, customer, &plans).await?,
    )?;
    validate_dtmf_ivr(&ivr).map_err(AppError::Validation)?;
    let (stored, keys) = store::DtmfIvr::stored(ivr_id, &ivr);
    let saved = store::save_dtmf_ivr(&mut write.write.tx, customer, &stored, &keys).await?;
    write.commit(&state, saved).await?;
    Ok(Json(RoutingSaved { success: true, id: saved }))
}
