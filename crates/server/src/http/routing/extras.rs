//! Call routing part 2, the simpler entities (docs/routing-api.md "Part 2 (issue 4)"): call
//! categories, report groups and secondary report groups, in-call attribution plans, DTMF plans
//! and DTMF IVRs, dynamic whispers. The rules and messages are the domain's; the server adds
//! uniqueness against stored rows, ownership of every id (404) and permission (reads need an
//! advanced routing scope, writes an administrator with one).

use axum::extract::{Path, State};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use domain::routing::dtmf::DTMF_IVR_KEYS;
use domain::routing::{
    validate_category, validate_dtmf_ivr, validate_dtmf_plan, validate_dynamic_whisper, validate_in_call_attribution,
    validate_report_group, DtmfIvrForm, DtmfIvrKey, DtmfPlanForm, DynamicWhisperForm, GroupForm, InCallAttributionForm,
    WhisperSource, DESCRIPTION_NOT_UNIQUE, DTMF_IVR_KEY_ROWS, DYNAMIC_WHISPER_ROWS,
};
use serde_json::{json, Value};

use super::library::refused;
use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::routing_entries::audios_owned;
use crate::store::routing_extras::{self as store, GroupKind};

pub(crate) fn router() -> Router<AppState> {
    let mut router = Router::new()
        .route("/managedtmf/getIvr/{id}", get(dtmf_ivr))
        .route("/managedtmf/storeIvr/{id}", post(store_dtmf_ivr))
        .route("/managedtmf/saveInCall/{id}", post(save_in_call))
        .route("/managedynamicwhispers/get/{id}/{pool}", get(dynamic_whisper))
        .route("/managedynamicwhispers/save/{id}", post(save_dynamic_whisper));
    // Served with and without a trailing slash, as the spec writes both.
    let either_slash: Vec<(&str, MethodRouter<AppState>)> = vec![
        ("/managecallcategories/createNew", post(create_category)),
        ("/managecallcategories/updateExisting", post(update_category)),
        ("/managereportgroup/addReportGroup", post(|s, u, f| add_group(s, u, f, GroupKind::ReportGroup))),
        ("/managereportgroup/updateReportGroup", post(|s, u, f| update_group(s, u, f, GroupKind::ReportGroup))),
        ("/managereportgroup/getReportGroups", get(|s, u| group_list(s, u, GroupKind::ReportGroup))),
        (
            "/managesecondaryreportgroup/addReportGroup",
            post(|s, u, f| add_group(s, u, f, GroupKind::SecondaryReportGroup)),
        ),
        (
            "/managesecondaryreportgroup/updateReportGroup",
            post(|s, u, f| update_group(s, u, f, GroupKind::SecondaryReportGroup)),
        ),
        ("/managesecondaryreportgroup/getReportGroups", get(|s, u| group_list(s, u, GroupKind::SecondaryReportGroup))),
        ("/managedtmf/editPlan", post(edit_dtmf_plan)),
        ("/managedtmf/create", post(create_dtmf_plan)),
        ("/managedtmf/update", post(update_dtmf_plan)),
        ("/managedynamicwhispers/getDynamicWhispersList", get(dynamic_whisper_list)),
    ];
    for (path, handler) in either_slash {
        router = router.route(path, handler.clone()).route(&format!("{path}/"), handler);
    }
    router
}

/// A number field: `default` when absent or empty, -1 (refused by the domain) when not a number.
fn number(form: &FormData, name: &str, default: i64) -> i64 {
    match form.text(name).trim() {
        "" => default,
        typed => typed.parse().unwrap_or(-1),
    }
}

fn not_found_unless(owned: bool) -> Result<(), AppError> {
    if owned {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

fn ids(list: &[i64]) -> Vec<i64> {
    list.iter().copied().filter(|&id| id > 0).collect()
}

// ---- Categories and report groups ------------------------------------------------------------

/// manageroutings/getCategories: the selector of the IVR keys and the DTMF IVR keys. Like the
/// other selector lists of part 1, any routing user may read it.
pub(super) async fn categories(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let categories = group_values(&state, &user, GroupKind::Category).await?;
    Ok(Json(json!({ "categories": categories })))
}

async fn group_values(state: &AppState, user: &RoutingUser, kind: GroupKind) -> Result<Vec<Value>, AppError> {
    Ok(store::groups(&state.db, kind, user.customer())
        .await?
        .into_iter()
        .map(|g| json!({ "id": g.id, "description": g.description }))
        .collect())
}

/// Checks and stores a category or report group (`id` 0 adds); answers its id.
async fn save_group(
    state: &AppState,
    user: &RoutingUser,
    kind: GroupKind,
    id: i64,
    form: &FormData,
) -> Result<i64, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && store::find_group(&state.db, kind, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let group = GroupForm { description: form.text("form_description").trim().to_string() };
    let taken = store::group_descriptions(&state.db, kind, customer, id).await?;
    let checked = match kind {
        GroupKind::Category => validate_category(&group, &taken),
        _ => validate_report_group(&group, &taken),
    };
    checked.map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    Ok(store::save_group(&state.db, kind, customer, id, &group.description).await?)
}

/// managecallcategories/createNew/: form_description (form_customer_id is ignored: the
/// customer is the session's).
async fn create_category(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let id = save_group(&state, &user, GroupKind::Category, 0, &form).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

/// managecallcategories/updateExisting/: form_record_id, form_description.
async fn update_category(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let id = form.id("form_record_id");
    if id <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let id = save_group(&state, &user, GroupKind::Category, id, &form).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

/// The numbers and pools a report group's change reaches. Report groups are attached to IVRs,
/// which arrive with the IVR work of this issue: until they carry a report group, none.
/// The spec's affected items: numbers (NumbNGNumber) and number sets (VlnsDescription).
async fn affected_pools_and_numbers(
    state: &AppState,
    user: &RoutingUser,
    kind: GroupKind,
    id: i64,
) -> Result<Value, AppError> {
    let (numbers, pools) = store::numbers_using_group(&state.db, user.customer(), kind, id).await?;
    let numbers: Vec<Value> = numbers.into_iter().map(|n| json!({ "NumbNGNumber": n })).collect();
    let pools: Vec<Value> = pools.into_iter().map(|p| json!({ "VlnsDescription": p })).collect();
    Ok(json!({ "numbers": numbers, "number_sets": pools }))
}

async fn add_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
    kind: GroupKind,
) -> Result<Json<Value>, AppError> {
    let id = save_group(&state, &user, kind, 0, &form).await?;
    let affected = affected_pools_and_numbers(&state, &user, kind, id).await?;
    Ok(Json(json!({ "success": true, "id": id, "affectedPoolsAndNumbers": affected })))
}

async fn update_group(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
    kind: GroupKind,
) -> Result<Json<Value>, AppError> {
    let id = form.id("form_id");
    if id <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let id = save_group(&state, &user, kind, id, &form).await?;
    let affected = affected_pools_and_numbers(&state, &user, kind, id).await?;
    Ok(Json(json!({ "success": true, "id": id, "affectedPoolsAndNumbers": affected })))
}

async fn group_list(
    State(state): State<AppState>,
    user: RoutingUser,
    kind: GroupKind,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    Ok(Json(json!({ "reportGroups": group_values(&state, &user, kind).await? })))
}

// ---- In-call attribution -----------------------------------------------------------------------

fn in_call_value(p: &store::InCallAttribution) -> Value {
    json!({
        "id": p.id,
        "description": p.description,
        "active": p.active.to_string(),
        "attributionType": p.attribution_type.to_string(),
        "terminator": p.terminator.to_string(),
        "delayBefore": p.delay_before.to_string(),
        "delayAfter": p.delay_after.to_string(),
    })
}

/// manageconnections/getInCallAttribution/: the customer's plans.
pub(super) async fn in_call_attributions(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<Value>, AppError> {
    let plans: Vec<Value> =
        store::in_call_attributions(&state.db, user.customer()).await?.iter().map(in_call_value).collect();
    Ok(Json(json!({ "attributions": plans })))
}

/// managedtmf/saveInCall/{id}: `id` 0 creates (also "save as new").
async fn save_in_call(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && store::find_in_call(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let text = |name: &str| form.text(name).trim().to_string();
    let plan = InCallAttributionForm {
        description: text("form_description"),
        active: text("form_active_flag"),
        attribution_type: text("form_transfer_type"),
        terminator: text("form_terminator"),
        delay_before: text("form_delay_before"),
        delay_after: text("form_delay_after"),
    };
    let taken = store::in_call_descriptions(&state.db, customer, id).await?;
    validate_in_call_attribution(&plan, &taken).map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    let as_number = |value: &str| value.parse::<i64>().unwrap_or(0);
    let stored = store::InCallAttribution {
        id,
        description: plan.description.clone(),
        active: as_number(&plan.active),
        attribution_type: as_number(&plan.attribution_type),
        terminator: as_number(&plan.terminator),
        delay_before: as_number(&plan.delay_before),
        delay_after: as_number(&plan.delay_after),
    };
    let id = store::save_in_call(&state.db, customer, &stored).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

// ---- DTMF plans and DTMF IVRs ----------------------------------------------------------------

/// manageconnections/getAttributionOptions: DTMF plans, and DTMF IVRs with ids `IVR_{id}`.
pub(super) async fn attribution_options(
    State(state): State<AppState>,
    user: RoutingUser,
) -> Result<Json<Value>, AppError> {
    let customer = user.customer();
    let dtmfs: Vec<Value> = store::dtmf_plans(&state.db, customer)
        .await?
        .into_iter()
        .map(|p| json!({ "id": p.id, "description": p.description }))
        .collect();
    let ivrs: Vec<Value> = store::dtmf_ivrs(&state.db, customer)
        .await?
        .into_iter()
        .map(|i| json!({ "id": format!("IVR_{}", i.id), "description": i.description }))
        .collect();
    Ok(Json(json!({ "dtmfs": dtmfs, "dtmfIvrs": ivrs })))
}

/// managedtmf/editPlan: id -> the plan with the spec's Dtmf field names.
async fn edit_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let p = store::find_dtmf_plan(&state.db, user.customer(), form.id("id")).await?.ok_or(AppError::NotFound)?;
    Ok(Json(json!({ "data": {
        "DtmfID": p.id,
        "DtmfDescription": p.description,
        "DtmfAudiID": p.intro_audio_id,
        "DtmfEndAudiID": p.end_audio_id,
        "DtmfMinLength": p.min_length,
        "DtmfMaxLength": p.max_length,
        "DtmfInitialKeyTimeout": p.initial_key_timeout,
        "DtmfInterKeyTimeout": p.inter_key_timeout,
        "DtmfSkipAudioFlag": p.skip_audio,
    } })))
}

async fn save_dtmf_plan(state: &AppState, user: &RoutingUser, id: i64, form: &FormData) -> Result<i64, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && store::find_dtmf_plan(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let plan = DtmfPlanForm {
        description: form.text("description").trim().to_string(),
        intro_audio: form.id("introAudio"),
        end_audio: form.id("endAudio"),
        minimum_digits: number(form, "minimumDigits", 0),
        maximum_digits: number(form, "maximumDigits", 0),
        initial_timeout: number(form, "initialTimeout", domain::routing::dtmf::DTMF_TIMEOUT_DEFAULT),
        internal_timeout: number(form, "internalTimeout", domain::routing::dtmf::DTMF_TIMEOUT_DEFAULT),
        skip_audio: matches!(form.text("skipAudio").trim(), "1" | "true" | "on"),
    };
    not_found_unless(audios_owned(&state.db, customer, &ids(&[plan.intro_audio, plan.end_audio])).await?)?;
    validate_dtmf_plan(&plan).map_err(AppError::Validation)?;
    let stored = store::DtmfPlan {
        id,
        description: plan.description,
        intro_audio_id: plan.intro_audio,
        end_audio_id: plan.end_audio,
        min_length: plan.minimum_digits,
        max_length: plan.maximum_digits,
        initial_key_timeout: plan.initial_timeout,
        inter_key_timeout: plan.internal_timeout,
        skip_audio: i64::from(plan.skip_audio),
    };
    Ok(store::save_dtmf_plan(&state.db, customer, &stored).await?)
}

/// managedtmf/create -> planId.
async fn create_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let id = save_dtmf_plan(&state, &user, 0, &form).await?;
    Ok(Json(json!({ "success": true, "planId": id })))
}

/// managedtmf/update: the same plus planId.
async fn update_dtmf_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let id = form.id("planId");
    if id <= 0 {
        user.require_edit()?;
        return Err(AppError::NotFound);
    }
    let id = save_dtmf_plan(&state, &user, id, &form).await?;
    Ok(Json(json!({ "success": true, "planId": id })))
}

/// managedtmf/getIvr/{id} -> ivr and ivrKeys.
async fn dtmf_ivr(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let ivr = store::find_dtmf_ivr(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let keys: Vec<Value> = store::dtmf_ivr_keys(&state.db, customer, id)
        .await?
        .into_iter()
        .map(|k| json!({ "key": k.key, "description": k.description, "categoryId": k.category_id, "dtmfId": k.dtmf_plan_id }))
        .collect();
    Ok(Json(json!({
        "ivr": {
            "id": ivr.id,
            "description": ivr.description,
            "introAudioId": ivr.intro_audio_id,
            "endAudioId": ivr.end_audio_id,
        },
        "ivrKeys": keys,
    })))
}

/// managedtmf/storeIvr/{id or 0}: description, introAudioId, endAudioId, keyDescription[],
/// keyCategoryId[], keyDtmfId[] -> id. Key i is 1-9, 0, *, # in order.
async fn store_dtmf_ivr(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && store::find_dtmf_ivr(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let posted = form.rows(&["keyDescription", "keyCategoryId", "keyDtmfId"], DTMF_IVR_KEY_ROWS)?;
    let row_id = |name: &str, i: usize| posted.get(i, name).trim().parse::<i64>().unwrap_or(0);
    let ivr = DtmfIvrForm {
        description: form.text("description").trim().to_string(),
        intro_audio_id: form.id("introAudioId"),
        end_audio_id: form.id("endAudioId"),
        keys: posted
            .indices()
            .map(|i| DtmfIvrKey {
                description: posted.get(i, "keyDescription").trim().to_string(),
                category_id: row_id("keyCategoryId", i),
                dtmf_id: row_id("keyDtmfId", i),
            })
            .collect(),
    };
    let categories: Vec<i64> = ids(&ivr.keys.iter().map(|k| k.category_id).collect::<Vec<_>>());
    let plans: Vec<i64> = ids(&ivr.keys.iter().map(|k| k.dtmf_id).collect::<Vec<_>>());
    not_found_unless(
        audios_owned(&state.db, customer, &ids(&[ivr.intro_audio_id, ivr.end_audio_id])).await?
            && store::categories_owned(&state.db, customer, &categories).await?
            && store::dtmf_plans_owned(&state.db, customer, &plans).await?,
    )?;
    validate_dtmf_ivr(&ivr).map_err(AppError::Validation)?;
    let stored = store::DtmfIvr {
        id,
        description: ivr.description.clone(),
        intro_audio_id: ivr.intro_audio_id,
        end_audio_id: ivr.end_audio_id.max(0),
    };
    let keys: Vec<store::DtmfIvrKey> = ivr
        .keys
        .iter()
        .zip(DTMF_IVR_KEYS)
        .map(|(k, key)| store::DtmfIvrKey {
            key: key.to_string(),
            description: k.description.clone(),
            category_id: k.category_id,
            dtmf_plan_id: k.dtmf_id.max(0),
        })
        .collect();
    let id = store::save_dtmf_ivr(&state.db, customer, &stored, &keys).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

// ---- Dynamic whispers --------------------------------------------------------------------------

/// managedynamicwhispers/getDynamicWhispersList -> dynamicWhispers.
async fn dynamic_whisper_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let list: Vec<Value> = store::dynamic_whispers(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|w| json!({ "id": w.id, "description": w.description }))
        .collect();
    Ok(Json(json!({ "dynamicWhispers": list })))
}

/// managedynamicwhispers/get/{id}/{poolId}: the whisper (id 0: a blank one) with every source /
/// medium of the customer and the pools using it other than poolId (0: none being edited).
async fn dynamic_whisper(
    State(state): State<AppState>,
    user: RoutingUser,
    Path((id, pool)): Path<(i64, i64)>,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let description = if id == 0 {
        String::new()
    } else {
        store::find_dynamic_whisper(&state.db, customer, id).await?.ok_or(AppError::NotFound)?.description
    };
    if pool != 0 && !store::owns_pool(&state.db, customer, pool).await? {
        return Err(AppError::NotFound);
    }
    let sources: Vec<Value> = store::whisper_sources(&state.db, customer, id)
        .await?
        .into_iter()
        .map(|s| json!({ "source": s.source, "medium": s.medium, "id": s.id, "whisper": s.whisper }))
        .collect();
    let pools: Vec<Value> = if id == 0 {
        vec![]
    } else {
        store::pools_using_whisper(&state.db, customer, id, pool)
            .await?
            .into_iter()
            .map(|p| json!({ "description": p }))
            .collect()
    };
    Ok(Json(json!({ "id": id, "description": description, "sources": sources, "affectedPools": pools })))
}

/// managedynamicwhispers/save/{id}: description, sourceMediumID[], dynamicWhisper[],
/// form_record_id (repeats the path's id) -> id.
async fn save_dynamic_whisper(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && store::find_dynamic_whisper(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let posted = form.rows(&["sourceMediumID", "dynamicWhisper"], DYNAMIC_WHISPER_ROWS)?;
    let whisper = DynamicWhisperForm {
        description: form.text("description").trim().to_string(),
        sources: posted
            .indices()
            .map(|i| WhisperSource {
                source_medium_id: posted.get(i, "sourceMediumID").trim().parse().unwrap_or(-1),
                whisper: posted.get(i, "dynamicWhisper").trim().to_string(),
            })
            .collect(),
    };
    let sources: Vec<i64> = whisper.sources.iter().map(|s| s.source_medium_id).collect();
    not_found_unless(store::sources_owned(&state.db, customer, &sources).await?)?;
    let taken = store::dynamic_whisper_descriptions(&state.db, customer, id).await?;
    validate_dynamic_whisper(&whisper, &taken).map_err(|e| refused(e, "description", DESCRIPTION_NOT_UNIQUE))?;
    let texts: Vec<(i64, String)> = whisper.sources.into_iter().map(|s| (s.source_medium_id, s.whisper)).collect();
    let id = store::save_dynamic_whisper(&state.db, customer, id, &whisper.description, &texts).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}
