//! manageconnections/connectBasic/ and connectAdvanced/: the rows a user connects, checked with
//! the domain's rules, then for ownership of every id they carry, then written in one
//! transaction and queued for provisioning.

use crate::store::CustomerId;
use std::collections::HashMap;

use axum::extract::State;
use axum::Json;
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::{
    basic_connect_refusal, validate_connect_advanced, validate_connect_basic, AdvancedRow, BasicRow, RoutingRow,
    RowLimit, CONNECT_ROWS,
};
use domain::FieldErrors;
use garde::Validate;
use serde::Deserialize;
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::RoutingUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{any_of_choice, form_contract, row_form_schema, with_any_of, Form, FormRow};
use crate::routing::draft::RoutingWrite;
use crate::routing::rollback::advanced_connect;
use crate::state::AppState;
use crate::store::routing_entries::{self, BasicConnect};
use crate::store::{routing_extras, routing_history};
use sqlx::AnyConnection;

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

/// How a number or pool is connected, in the routing history: one change per row.
fn connect_key(id: i64) -> RecordKey {
    RecordKey { kind: RecordKind::Connect, id }
}

/// A checkbox field, sent only when ticked.
fn flag(value: &str) -> bool {
    matches!(value.trim(), "1" | "true" | "on")
}

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(connect_basic))
        .routes(routes!(connect_basic_bare))
        .routes(routes!(connect_advanced))
        .routes(routes!(connect_advanced_bare))
}

/// The row forms' rows, named in the requests' descriptions.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(BasicConnectRow, AdvancedConnectRow)))]
struct RowSchemas;

/// The longest cell a connect row may carry before the domain reads it (a post URL is the
/// longest real one); the domain's own limits are far below.
const CELL_MAX: usize = 10_000;

/// A connect's rows travel as `form_*[i]` fields; no other field is read.
#[derive(Deserialize, Validate, ToSchema)]
struct ConnectRequest {}

/// A basic connect's rows: the fields of BasicConnectRow as `name[i]`.
#[derive(ToSchema)]
struct BasicConnectForm {}

/// An advanced connect's rows: the fields of AdvancedConnectRow as `name[i]`.
#[derive(ToSchema)]
struct AdvancedConnectForm {}

/// A connect's contract: row 0, which names its number (`form_number_id[0]`) or its pool
/// (`form_number_set_id[0]`): without a row there is nothing to connect.
fn connect_contract<F: ToSchema, R: ToSchema + FormRow>() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    let target = |field: &str| any_of_choice(&[(field, crate::http::contract::bounds_text::id(false, CELL_MAX))]);
    with_any_of(
        row_form_schema::<F, R>(),
        serde_json::json!([target("form_number_id[0]"), target("form_number_set_id[0]")]),
    )
}

form_contract!(BasicConnectContract, BasicConnectForm, connect_contract::<BasicConnectForm, BasicConnectRow>());
form_contract!(
    AdvancedConnectContract,
    AdvancedConnectForm,
    connect_contract::<AdvancedConnectForm, AdvancedConnectRow>()
);

/// The row a connect names: a static number (`form_number_id[i]`) or a pool
/// (`form_number_set_id[i]`).
struct Target {
    id: i64,
    kind: &'static str,
}

fn targets<'a>(ids: impl ExactSizeIterator<Item = (&'a str, &'a str)>) -> Result<Vec<Target>, AppError> {
    if ids.len() == 0 {
        return Err(AppError::BadRequest("no rows to connect".into()));
    }
    Ok(ids
        .map(|(number, pool)| match id_of(number) {
            0 => Target { id: id_of(pool), kind: "dynamic" },
            id => Target { id, kind: "static" },
        })
        .collect())
}

/// Every target must be the customer's entry of the kind its field names (else 404); the
/// stored rows, by id.
async fn check_targets(
    conn: &mut AnyConnection,
    customer: CustomerId,
    targets: &[Target],
) -> Result<HashMap<i64, RoutingRow>, AppError> {
    let ids: Vec<i64> = targets.iter().map(|t| t.id).collect();
    let stored: HashMap<i64, RoutingRow> =
        routing_entries::by_ids(conn, customer, &ids).await?.into_iter().map(|e| (e.id, RoutingRow::from(e))).collect();
    if targets.iter().all(|t| stored.get(&t.id).is_some_and(|row| row.kind == t.kind)) {
        Ok(stored)
    } else {
        Err(AppError::NotFound)
    }
}

/// One row of a basic connect (`form_description[i]`, ...). `form_plan_id` and
/// `form_pool_name` are sent by the page and not read.
#[derive(Deserialize, Validate, ToSchema)]
struct BasicConnectRow {
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_description: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_number_id: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_number_set_id: String,
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_destination_number: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_plan_id: String,
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_pool_name: String,
    /// "1", "true" or "on" when ticked.
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_recording_flag: String,
}

impl FormRow for BasicConnectRow {
    const LIMIT: RowLimit = CONNECT_ROWS;
}

/// Connects numbers and pools to one destination number each. Rows: the fields of
/// BasicConnectRow, posted as `name[i]` from 0.
#[utoipa::path(post, path = "/manageconnections/connectBasic/", tag = "routing",
    request_body(content((BasicConnectContract = "multipart/form-data"), (BasicConnectContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn connect_basic(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ConnectRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_connect()?;
    let posted: Vec<BasicConnectRow> = form.rows()?;
    let targets = targets(posted.iter().map(|r| (r.form_number_id.as_str(), r.form_number_set_id.as_str())))?;
    let rows: Vec<BasicRow> = targets
        .iter()
        .zip(&posted)
        .map(|(t, row)| BasicRow {
            kind: t.kind.to_string(),
            description: row.form_description.clone(),
            destination: domain::reports::typed_number(&row.form_destination_number),
            recording: flag(&row.form_recording_flag),
        })
        .collect();
    validate_connect_basic(&rows).map_err(AppError::Validation)?;
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Connect).await?;
    let stored = check_targets(&mut tx.tx, user.customer(), &targets).await?;
    // Basic connect writes a destination over whatever routing a row had: refused, with the
    // rows named, when any has more than basic routing (the page offers it only then too).
    let stored_rows: Vec<RoutingRow> = targets.iter().filter_map(|t| stored.get(&t.id).cloned()).collect();
    if let Some(message) = basic_connect_refusal(&stored_rows) {
        let mut errors = FieldErrors::new();
        errors.add(CONNECT_ROWS.field, message);
        return Err(AppError::Validation(errors));
    }

    let now = state.clock.now();
    for (target, row) in targets.iter().zip(&rows) {
        let update = BasicConnect::written(target.id, row);
        let before = routing_history::connect(&mut tx, user.customer(), target.id).await?;
        routing_entries::connect_basic(&mut tx, user.customer(), &update, now).await?;
        let after = routing_history::connect(&mut tx, user.customer(), target.id).await?;
        tx.record(connect_key(target.id), before, after).await?;
    }
    tx.commit(&state).await?;
    Ok(Json(Done { success: true }))
}

/// manageconnections/connectBasic, without the trailing slash.
#[utoipa::path(post, path = "/manageconnections/connectBasic", tag = "routing",
    request_body(content((BasicConnectContract = "multipart/form-data"), (BasicConnectContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn connect_basic_bare(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<ConnectRequest>,
) -> Result<Json<Done>, AppError> {
    connect_basic(state, user, form).await
}

/// One row of an advanced connect (`form_service_plan[i]`, ...).
#[derive(Deserialize, Validate, ToSchema)]
struct AdvancedConnectRow {
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_description: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_number_id: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_number_set_id: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_service_plan: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_recording_flag: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_intro: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_whisper: String,
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_post_url: String,
    /// "" or "0" none, a DTMF plan's id, or `IVR_{id}` for a DTMF IVR.
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_dtmf: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_midcall_flag: String,
    #[serde(default)]
    #[garde(length(chars, max = CELL_MAX))]
    form_midcall_audio: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_mid_call_divert_flag: String,
    #[serde(default)]
    #[garde(length(max = CELL_MAX))]
    form_dynamic_whisper: String,
}

impl FormRow for AdvancedConnectRow {
    const LIMIT: RowLimit = CONNECT_ROWS;
}

/// Connects numbers and pools to service plans with the advanced features. Rows: the fields
/// of AdvancedConnectRow, posted as `name[i]` from 0.
#[utoipa::path(post, path = "/manageconnections/connectAdvanced/", tag = "routing",
    request_body(content((AdvancedConnectContract = "multipart/form-data"), (AdvancedConnectContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn connect_advanced(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ConnectRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_connect()?;
    user.require_advanced()?;
    let posted: Vec<AdvancedConnectRow> = form.rows()?;
    let targets = targets(posted.iter().map(|r| (r.form_number_id.as_str(), r.form_number_set_id.as_str())))?;
    let rows: Vec<AdvancedRow> = targets
        .iter()
        .zip(&posted)
        .map(|(t, row)| {
            let (dtmf, dtmf_ivr) = attribution_of(&row.form_dtmf);
            AdvancedRow {
                kind: t.kind.to_string(),
                description: row.form_description.clone(),
                service_plan: id_of(&row.form_service_plan),
                recording: flag(&row.form_recording_flag),
                intro: id_of(&row.form_intro),
                whisper: id_of(&row.form_whisper),
                dynamic_whisper: id_of(&row.form_dynamic_whisper),
                post_url: row.form_post_url.trim().to_string(),
                dtmf,
                dtmf_ivr,
                mid_call_flag: flag(&row.form_midcall_flag),
                mid_call_audio: row.form_midcall_audio.trim().to_string(),
                mid_call_divert: flag(&row.form_mid_call_divert_flag),
            }
        })
        .collect();
    validate_connect_advanced(&rows, user.account.has_speech).map_err(AppError::Validation)?;

    let customer = user.customer();
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::Connect).await?;
    check_targets(&mut tx.tx, customer, &targets).await?;
    let plans: Vec<i64> = rows.iter().map(|r| r.service_plan).filter(|p| *p != 0).collect();
    let audios: Vec<i64> = rows.iter().flat_map(|r| [r.intro, r.whisper]).filter(|a| *a != 0).collect();
    let dtmfs: Vec<i64> = rows.iter().map(|r| r.dtmf).filter(|d| *d != 0).collect();
    let dtmf_ivrs: Vec<i64> = rows.iter().map(|r| r.dtmf_ivr).filter(|d| *d != 0).collect();
    let whispers: Vec<i64> = rows.iter().map(|r| r.dynamic_whisper).filter(|w| *w != 0).collect();
    if !routing_extras::dtmf_plans_owned(&mut tx.tx, customer, &dtmfs).await?
        || !routing_extras::dtmf_ivrs_owned(&mut tx.tx, customer, &dtmf_ivrs).await?
        || !routing_extras::dynamic_whispers_owned(&mut tx.tx, customer, &whispers).await?
        || !routing_entries::service_plans_owned(&mut tx.tx, customer, &plans).await?
        || !routing_entries::audios_owned(&mut tx.tx, customer, &audios).await?
    {
        return Err(AppError::NotFound);
    }

    let now = state.clock.now();
    for (target, row) in targets.iter().zip(&rows) {
        let update = advanced_connect(target.id, row);
        let before = routing_history::connect(&mut tx, customer, target.id).await?;
        routing_entries::connect_advanced(&mut tx, customer, &update, now).await?;
        let after = routing_history::connect(&mut tx, customer, target.id).await?;
        tx.record(connect_key(target.id), before, after).await?;
    }
    tx.commit(&state).await?;
    Ok(Json(Done { success: true }))
}

/// manageconnections/connectAdvanced, without the trailing slash.
#[utoipa::path(post, path = "/manageconnections/connectAdvanced", tag = "routing",
    request_body(content((AdvancedConnectContract = "multipart/form-data"), (AdvancedConnectContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn connect_advanced_bare(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<ConnectRequest>,
) -> Result<Json<Done>, AppError> {
    connect_advanced(state, user, form).await
}
