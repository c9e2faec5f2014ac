//! IVR menus (docs/ivr-api.md, "manageivrrouting"): one IVR with the numbers and pools it
//! affects, the lists (top-level only or with children), the library the browser draws flows
//! and simulates calls with, and create / update with the domain's rules, the ownership of
//! every referenced id and the multi-level IVR terms once the IVR credits are used up. The
//! multi-level calls are in `multilevel`, whose routes this router carries too.
//!
//! Access: reads need an advanced routing scope, writes an administrator with one.

use axum::extract::{Path, State};
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use domain::routing::ivr::{
    service_plan_flow, set_hang_up_after_audio, set_key_type, set_repeat_key, validate_ivr, IvrForm, IvrKey, KeyType,
    Library, StoredIvr, NO_REPEAT,
};
use domain::routing::{RowType, TimeRow, DESCRIPTION_NOT_UNIQUE, IVR_KEY_ROWS};
use domain::FieldErrors;
use serde_json::{json, Value};
use sqlx::{Any, Transaction};

use super::connect::id_of;
use super::{multilevel, RoutingUser};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::ivrs::{self, Charge};
use crate::store::routing_entries;
use crate::store::service_plans::{self, PlanTime};

/// The refusal when one more IVR needs the multi-level IVR terms (docs/ivr-api.md).
pub const TERMS_REQUIRED: &str = "Please accept the terms to add another IVR.";

const KEY_FIELDS: [&str; 7] =
    ["keys", "keyDescription", "keyType", "keyDestination", "keyIvr", "keyCategory", "keyVoicemail"];

pub(crate) fn router() -> Router<AppState> {
    let mut router = Router::new()
        .route("/manageivrrouting/getIvrDetails/{id}", get(details))
        .route("/manageivrrouting/getIvrList/{kind}", get(list))
        .route("/manageivrrouting/createIvr/{parent}", post(create))
        .route("/managemultilevelivr/getMultiLevelIvr/{id}", get(multilevel::flow));
    // Served with and without the trailing slash the spec writes on some of them.
    let either_slash: Vec<(&str, MethodRouter<AppState>)> = vec![
        ("/manageivrrouting/getIvrList", get(top_level_list)),
        ("/manageivrrouting/getIvrLibrary", get(library_answer)),
        ("/manageivrrouting/updateExistingIvr", post(update)),
        ("/managemultilevelivr/getMultiIvrCharges", get(multilevel::charges)),
        ("/managemultilevelivr/cloneIVR", post(multilevel::clone_ivr)),
    ];
    for (path, handler) in either_slash {
        router = router.route(path, handler.clone()).route(&format!("{path}/"), handler);
    }
    router
}

/// Whether a posted flag is on.
pub(super) fn flag(form: &FormData, name: &str) -> bool {
    matches!(form.text(name).trim(), "1" | "true" | "on")
}

/// An IVR as the calls answer it: the flags as numbers and isChild as "0"/"1" (the spec's shape).
fn ivr_answer(stored: &StoredIvr) -> Value {
    let ivr = &stored.ivr;
    json!({
        "id": stored.id,
        "description": ivr.description,
        "isChild": if ivr.is_child { "1" } else { "0" },
        "introAudio": ivr.intro_audio,
        "logKeys": u8::from(ivr.log_keys),
        "reportGroupId": ivr.report_group_id,
        "secondaryReportGroupId": ivr.secondary_report_group_id,
        "hasDeadEnd": u8::from(ivr.has_dead_end),
        "repeatKey": ivr.repeat_key,
        "defaultKey": ivr.default_key,
        "repeatAudio": ivr.repeat_audio,
        "options": ivr.options,
    })
}

/// What the customer's IVR keys can point at, with every IVR.
pub(super) async fn library(state: &AppState, customer: i64) -> Result<Library, AppError> {
    Ok(Library {
        ivrs: ivrs::all(&state.db, customer).await?,
        destination_plans: ivrs::destination_plans(&state.db, customer).await?,
        voicemails: ivrs::voicemails(&state.db, customer).await?,
    })
}

fn time_row(t: &PlanTime) -> TimeRow {
    TimeRow {
        from_day: t.from_day,
        from_hour: t.from_minute / 60,
        from_minute: t.from_minute % 60,
        to_day: t.to_day,
        to_hour: t.to_minute / 60,
        to_minute: t.to_minute % 60,
        plan_type: RowType::parse(&t.plan_type).unwrap_or(RowType::Routing),
        routing: t.destination_plan_id.unwrap_or(0),
        ivr: t.ivr_id.unwrap_or(0),
    }
}

/// The customer's service plans whose flow reaches the IVR, directly or through other IVRs.
async fn plans_reaching(state: &AppState, customer: i64, ivr_id: i64, library: &Library) -> Result<Vec<i64>, AppError> {
    let node = format!("ivr-{ivr_id}");
    let mut reaching = vec![];
    for (plan, _) in service_plans::list(&state.db, customer).await? {
        let rows: Vec<TimeRow> = service_plans::times(&state.db, plan).await?.iter().map(time_row).collect();
        if rows.iter().any(|r| r.plan_type == RowType::Ivr)
            && service_plan_flow(&rows, library).nodes.iter().any(|n| n.id == node)
        {
            reaching.push(plan);
        }
    }
    Ok(reaching)
}

/// One IVR and the numbers and pools whose service plan reaches it.
async fn details(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let library = library(&state, customer).await?;
    let stored = library.ivr(id).ok_or(AppError::NotFound)?;
    let mut affected = vec![];
    for plan in plans_reaching(&state, customer, id, &library).await? {
        for (_, kind, number, pool) in routing_entries::using_plan(&state.db, customer, plan).await? {
            affected.push(match kind.as_str() {
                "static" => json!({ "NumbNGNumber": number }),
                _ => json!({ "VlnsDescription": pool }),
            });
        }
    }
    Ok(Json(json!({ "ivr": ivr_answer(stored), "affectedNumbers": affected })))
}

async fn list_answer(state: &AppState, user: &RoutingUser, with_children: bool) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let ivrs: Vec<Value> = ivrs::list(&state.db, user.customer(), with_children)
        .await?
        .into_iter()
        .map(|(id, description, child)| json!({ "id": id, "description": description, "isChild": if child { "1" } else { "0" } }))
        .collect();
    Ok(Json(json!({ "ivrs": ivrs })))
}

/// getIvrList/: the top-level IVRs (what a service plan row chooses from).
async fn top_level_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    list_answer(&state, &user, false).await
}

/// getIvrList/1: every IVR, children too (what an IVR key chooses from).
async fn list(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(kind): Path<String>,
) -> Result<Json<Value>, AppError> {
    list_answer(&state, &user, kind == "1").await
}

async fn library_answer(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let library = library(&state, user.customer()).await?;
    Ok(Json(serde_json::to_value(&library).map_err(|e| AppError::Internal(e.to_string()))?))
}

/// The posted IVR, as the domain's form.
fn submitted(form: &FormData) -> Result<IvrForm, AppError> {
    let mut ivr = IvrForm {
        description: form.text("description").to_string(),
        intro_audio: id_of(form.text("audioId")),
        log_keys: flag(form, "logStrokes"),
        report_group_id: id_of(form.text("reportGroupId")),
        secondary_report_group_id: id_of(form.text("secondaryReportGroupId")),
        has_dead_end: flag(form, "hasDeadEnd"),
        repeat_key: match form.text("repeatMenu").trim() {
            "" => NO_REPEAT.to_string(),
            key => key.to_string(),
        },
        default_key: form.text("defaultKey").trim().to_string(),
        repeat_audio: form.text("repeatAudio").to_string(),
        is_child: flag(form, "isChildIvr"),
        options: vec![],
    };
    let posted = form.rows(&KEY_FIELDS, IVR_KEY_ROWS)?;
    for i in posted.indices() {
        let key_type = match posted.get(i, "keyType").trim() {
            "" => KeyType::Routing,
            other => KeyType::parse(other)
                .ok_or_else(|| AppError::BadRequest(format!("keyType[{i}] must be routing, ivr or voicemail")))?,
        };
        ivr.options.push(IvrKey {
            key: posted.get(i, "keys").trim().to_string(),
            description: posted.get(i, "keyDescription").to_string(),
            key_type,
            destination_id: id_of(posted.get(i, "keyDestination")),
            ivr_id: id_of(posted.get(i, "keyIvr")),
            voicemail_id: id_of(posted.get(i, "keyVoicemail")),
            category_id: id_of(posted.get(i, "keyCategory")),
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
async fn check_references(state: &AppState, customer: i64, form: &IvrForm) -> Result<(), AppError> {
    let db = &state.db;
    let of_keys = |id: fn(&IvrKey) -> i64| -> Vec<i64> { form.options.iter().map(id).filter(|i| *i != 0).collect() };
    let one = |id: i64| -> Vec<i64> {
        if id == 0 {
            vec![]
        } else {
            vec![id]
        }
    };
    let owned = routing_entries::audios_owned(db, customer, &one(form.intro_audio)).await?
        && service_plans::destination_plans_owned(db, customer, &of_keys(|k| k.destination_id)).await?
        && ivrs::ivrs_owned(db, customer, &of_keys(|k| k.ivr_id)).await?
        && ivrs::voicemails_owned(db, customer, &of_keys(|k| k.voicemail_id)).await?
        && ivrs::categories_owned(db, customer, &of_keys(|k| k.category_id)).await?
        && ivrs::report_groups_owned(db, customer, &one(form.report_group_id)).await?
        && ivrs::secondary_report_groups_owned(db, customer, &one(form.secondary_report_group_id)).await?;
    if owned {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

/// Whether `adding` more IVRs fit the customer's credits; past them, the terms.
pub(super) enum Credits {
    Enough,
    /// The terms were not accepted.
    TermsNeeded,
    /// This many of the new IVRs are bought, each at this price.
    Charge {
        extra: i64,
        price_pence: i64,
        frequency: String,
    },
}

pub(super) async fn credits_for(
    tx: &mut Transaction<'_, Any>,
    customer: i64,
    adding: i64,
    accepted: bool,
) -> Result<Credits, AppError> {
    let (used, credits) = ivrs::usage(tx, customer).await?;
    let extra = (used + adding - credits).clamp(0, adding);
    if extra == 0 {
        return Ok(Credits::Enough);
    }
    if !accepted {
        return Ok(Credits::TermsNeeded);
    }
    let (price_pence, frequency) = ivrs::multi_level_price(tx)
        .await?
        .ok_or_else(|| AppError::Internal("no multi_level_ivr row in services".into()))?;
    Ok(Credits::Charge { extra, price_pence, frequency })
}

/// Records the charges of `credits` for the last of the new IVRs `ids`.
pub(super) async fn charge(
    tx: &mut Transaction<'_, Any>,
    user: &RoutingUser,
    credits: &Credits,
    ids: &[i64],
    now: i64,
) -> Result<(), AppError> {
    if let Credits::Charge { extra, price_pence, frequency } = credits {
        let bought = ids.len().saturating_sub(*extra as usize);
        for &ivr_id in &ids[bought..] {
            let charge = Charge {
                ivr_id,
                price_pence: *price_pence,
                frequency,
                accepted_by: user.session.user_id,
                accepted_at: now,
            };
            ivrs::record_charge(tx, user.customer(), &charge).await?;
        }
    }
    Ok(())
}

fn terms_refused() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("terms", TERMS_REQUIRED);
    AppError::Validation(errors)
}

/// createIvr/{parent}: a new IVR; from a parent IVR's dialog (parent not 0) it is a child.
async fn create(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(parent): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if parent != 0 && !ivrs::ivrs_owned(&state.db, customer, &[parent]).await? {
        return Err(AppError::NotFound);
    }
    let mut ivr = submitted(&form)?;
    ivr.is_child |= parent != 0;
    let taken = ivrs::descriptions(&state.db, customer, 0).await?;
    validate_ivr(&ivr, &taken).map_err(refused)?;
    check_references(&state, customer, &ivr).await?;
    let ivr = normalized(ivr);

    let mut tx = state.db.begin().await?;
    let credits = credits_for(&mut tx, customer, 1, flag(&form, "acceptTerms")).await?;
    if matches!(credits, Credits::TermsNeeded) {
        return Err(terms_refused());
    }
    let id = ivrs::insert(&mut tx, customer, &ivr).await?;
    ivrs::replace_keys(&mut tx, id, &ivr.options).await?;
    charge(&mut tx, &user, &credits, &[id], state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(json!({ "success": true, "ivrId": id })))
}

/// updateExistingIvr/: saves an IVR (form_record_id, or ivrId); every number and pool whose
/// service plan reaches it is provisioned again.
async fn update(State(state): State<AppState>, user: RoutingUser, form: FormData) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = match id_of(form.text("form_record_id")) {
        0 => id_of(form.text("ivrId")),
        id => id,
    };
    if id <= 0 || !ivrs::ivrs_owned(&state.db, customer, &[id]).await? {
        return Err(AppError::NotFound);
    }
    let ivr = submitted(&form)?;
    let taken = ivrs::descriptions(&state.db, customer, id).await?;
    validate_ivr(&ivr, &taken).map_err(refused)?;
    check_references(&state, customer, &ivr).await?;
    let ivr = normalized(ivr);

    // Whether a plan reaches the IVR does not depend on the IVR's own keys.
    let plans = plans_reaching(&state, customer, id, &library(&state, customer).await?).await?;
    let mut tx = state.db.begin().await?;
    ivrs::update(&mut tx, customer, id, &ivr).await?;
    ivrs::replace_keys(&mut tx, id, &ivr.options).await?;
    let now = state.clock.now();
    for plan in plans {
        routing_entries::reprovision_plan_users(&mut tx, customer, plan, now).await?;
    }
    tx.commit().await?;
    Ok(Json(json!({ "success": true, "ivrId": id })))
}
