//! manageconnections/connectBasic/ and connectAdvanced/: the rows a user connects, checked with
//! the domain's rules, then for ownership of every id they carry, then written in one
//! transaction and queued for provisioning.

use std::collections::HashMap;

use axum::extract::State;
use axum::Json;
use domain::routing::{validate_connect_advanced, validate_connect_basic, AdvancedRow, BasicRow};
use serde_json::{json, Value};

use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::routing_entries::{self, AdvancedConnect, BasicConnect};
use crate::store::routing_extras;

/// An id field: 0 when empty, -1 (no record has it) when not a number.
pub(super) fn id_of(value: &str) -> i64 {
    let value = value.trim();
    if value.is_empty() {
        0
    } else {
        value.parse().unwrap_or(-1)
    }
}

/// The post call agent attribution (`form_dtmf[i]`) as (DTMF plan, DTMF IVR): "" or "0" is
/// none, a number a DTMF plan, `IVR_{id}` a DTMF IVR. Anything else is (-1, 0), which no plan has.
fn attribution_of(value: &str) -> (i64, i64) {
    match value.trim().strip_prefix("IVR_") {
        Some(ivr) => match ivr.parse::<i64>() {
            Ok(id) if id > 0 => (0, id),
            _ => (-1, 0),
        },
        None => (id_of(value), 0),
    }
}

/// A checkbox field, sent only when ticked.
fn flag(value: &str) -> bool {
    matches!(value.trim(), "1" | "true" | "on")
}

/// The row identified by row i: a static number (`form_number_id[i]`) or a pool
/// (`form_number_set_id[i]`).
struct Target {
    id: i64,
    kind: &'static str,
}

fn targets(form: &FormData, row_fields: &[&str]) -> Result<Vec<Target>, AppError> {
    let count = form.row_count(row_fields);
    if count == 0 {
        return Err(AppError::BadRequest("no rows to connect".into()));
    }
    Ok((0..count)
        .map(|i| match id_of(form.row("form_number_id", i)) {
            0 => Target { id: id_of(form.row("form_number_set_id", i)), kind: "dynamic" },
            id => Target { id, kind: "static" },
        })
        .collect())
}

/// Every target must be the customer's entry of the kind its field names (else 404).
async fn check_targets(state: &AppState, customer: i64, targets: &[Target]) -> Result<(), AppError> {
    let ids: Vec<i64> = targets.iter().map(|t| t.id).collect();
    let kinds: HashMap<i64, String> =
        routing_entries::by_ids(&state.db, customer, &ids).await?.into_iter().map(|e| (e.id, e.kind)).collect();
    if targets.iter().all(|t| kinds.get(&t.id).is_some_and(|k| k == t.kind)) {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

const BASIC_FIELDS: &[&str] = &[
    "form_description",
    "form_number_id",
    "form_number_set_id",
    "form_destination_number",
    "form_plan_id",
    "form_pool_name",
    "form_recording_flag",
];

pub(super) async fn connect_basic(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_connect()?;
    let targets = targets(&form, BASIC_FIELDS)?;
    let rows: Vec<BasicRow> = targets
        .iter()
        .enumerate()
        .map(|(i, t)| BasicRow {
            kind: t.kind.to_string(),
            description: form.row("form_description", i).to_string(),
            destination: form.row("form_destination_number", i).to_string(),
            recording: flag(form.row("form_recording_flag", i)),
        })
        .collect();
    validate_connect_basic(&rows).map_err(AppError::Validation)?;
    check_targets(&state, user.customer(), &targets).await?;

    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    for (target, row) in targets.iter().zip(&rows) {
        let update = BasicConnect {
            id: target.id,
            description: row.description.trim().to_string(),
            destination: row.destination.trim().to_string(),
            recording: row.recording,
        };
        routing_entries::connect_basic(&mut tx, user.customer(), &update, now).await?;
    }
    tx.commit().await?;
    Ok(Json(json!({ "success": true })))
}

const ADVANCED_FIELDS: &[&str] = &[
    "form_description",
    "form_number_id",
    "form_number_set_id",
    "form_service_plan",
    "form_recording_flag",
    "form_intro",
    "form_whisper",
    "form_post_url",
    "form_dtmf",
    "form_midcall_flag",
    "form_midcall_audio",
    "form_mid_call_divert_flag",
    "form_dynamic_whisper",
];

pub(super) async fn connect_advanced(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_connect()?;
    user.require_advanced()?;
    let targets = targets(&form, ADVANCED_FIELDS)?;
    let rows: Vec<AdvancedRow> = targets
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (dtmf, dtmf_ivr) = attribution_of(form.row("form_dtmf", i));
            AdvancedRow {
                kind: t.kind.to_string(),
                description: form.row("form_description", i).to_string(),
                service_plan: id_of(form.row("form_service_plan", i)),
                recording: flag(form.row("form_recording_flag", i)),
                intro: id_of(form.row("form_intro", i)),
                whisper: id_of(form.row("form_whisper", i)),
                dynamic_whisper: id_of(form.row("form_dynamic_whisper", i)),
                post_url: form.row("form_post_url", i).trim().to_string(),
                dtmf,
                dtmf_ivr,
                mid_call_flag: flag(form.row("form_midcall_flag", i)),
                mid_call_audio: form.row("form_midcall_audio", i).trim().to_string(),
                mid_call_divert: flag(form.row("form_mid_call_divert_flag", i)),
            }
        })
        .collect();
    validate_connect_advanced(&rows, user.account.has_speech).map_err(AppError::Validation)?;

    let customer = user.customer();
    check_targets(&state, customer, &targets).await?;
    let plans: Vec<i64> = rows.iter().map(|r| r.service_plan).filter(|p| *p != 0).collect();
    let audios: Vec<i64> = rows.iter().flat_map(|r| [r.intro, r.whisper]).filter(|a| *a != 0).collect();
    let dtmfs: Vec<i64> = rows.iter().map(|r| r.dtmf).filter(|d| *d != 0).collect();
    let dtmf_ivrs: Vec<i64> = rows.iter().map(|r| r.dtmf_ivr).filter(|d| *d != 0).collect();
    let whispers: Vec<i64> = rows.iter().map(|r| r.dynamic_whisper).filter(|w| *w != 0).collect();
    if !routing_extras::dtmf_plans_owned(&state.db, customer, &dtmfs).await?
        || !routing_extras::dtmf_ivrs_owned(&state.db, customer, &dtmf_ivrs).await?
        || !routing_extras::dynamic_whispers_owned(&state.db, customer, &whispers).await?
        || !routing_entries::service_plans_owned(&state.db, customer, &plans).await?
        || !routing_entries::audios_owned(&state.db, customer, &audios).await?
    {
        return Err(AppError::NotFound);
    }

    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    for (target, row) in targets.iter().zip(&rows) {
        let update = AdvancedConnect {
            id: target.id,
            description: row.description.trim().to_string(),
            service_plan_id: (row.service_plan != 0).then_some(row.service_plan),
            recording: row.recording,
            intro_audio_id: row.intro,
            whisper_audio_id: row.whisper,
            dynamic_whisper_id: row.dynamic_whisper,
            post_url: row.post_url.clone(),
            attribution_id: row.dtmf,
            attribution_dtmf_ivr_id: row.dtmf_ivr,
            mid_call_attribution: row.mid_call_flag,
            mid_call_audio: if row.mid_call_audio.is_empty() { "None".into() } else { row.mid_call_audio.clone() },
            mid_call_divert: row.mid_call_divert,
        };
        routing_entries::connect_advanced(&mut tx, customer, &update, now).await?;
    }
    tx.commit().await?;
    Ok(Json(json!({ "success": true })))
}
