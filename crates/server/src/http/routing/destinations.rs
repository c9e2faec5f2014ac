//! Destination numbers and destination plans (hunt groups and multi dials):
//! manageconnections/getDestinationNumbers/, manageterms/storeDestinationNumber and
//! updateDestinationNumber, manageroutings/getRoutings/, manageconnections/getDestinationPlanDetails
//! and manageroutings/save.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::names::DESCRIPTION_NOT_UNIQUE;
use domain::routing::history::{RecordKey, RecordKind};
use domain::routing::RowLimit;
use domain::routing::{
    ring_lengths, ring_lengths_multi_dial, validate_destination_number, validate_destination_plan,
    DestinationNumberForm, DestinationPlanForm, DestinationRow, DESTINATION_NUMBER_NOT_UNIQUE,
    DESTINATION_PLAN_DESCRIPTION_MAX, DESTINATION_PLAN_ROWS, HUNT_GROUP, MULTI_DIAL,
};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::library::{refused, IdField, LibrarySaved, NUMBER_MAX, TEXT_MAX};
use super::RoutingUser;
use crate::http::contract::{bounds, bounds_text};
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{any_of_choice, form_contract, row_form_schema, with_any_of, Form, FormRow};
use crate::routing::draft::RecordedWrite;
use crate::routing::draft::{RoutingRead, RoutingWrite};
use crate::state::AppState;
use crate::store::destinations::{self, PlanToSave};
use crate::store::{queues, routing_extras, routing_history};
use utoipa::openapi::schema::{Object, Schema};
use utoipa::openapi::RefOr;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(numbers))
        .routes(routes!(numbers_slash))
        .routes(routes!(store_number))
        .routes(routes!(store_number_slash))
        .routes(routes!(update_number))
        .routes(routes!(update_number_slash))
        .routes(routes!(plans))
        .routes(routes!(plans_slash))
        .routes(routes!(plan_details))
        .routes(routes!(save_plan))
}

/// The row of a row form, documented beside the request that names it (utoipa does not
/// collect it from the path on its own).
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(PlanDestinationRow)))]
struct RowSchemas;

/// A 0/1 style field: 0 when left out, -1 (refused by the domain) when not a number.
fn small_number(typed: &str) -> i64 {
    match typed.trim() {
        "" => 0,
        typed => typed.parse().unwrap_or(-1),
    }
}

/// One of the customer's destination numbers, as the selectors show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationNumberOption {
    id: i64,
    description: String,
    /// The number as dialled after the international code.
    destination: String,
    /// The international code's id.
    international_code: i64,
    /// The international code's digits ("44").
    code: String,
    /// 1: the number is a mailbox.
    mailbox: i64,
}

#[derive(Serialize, ToSchema)]
struct DestinationInternationalCode {
    id: i64,
    description: String,
    code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationNumberList {
    destinations: Vec<DestinationNumberOption>,
    international_codes: Vec<DestinationInternationalCode>,
}

#[utoipa::path(get, path = "/manageconnections/getDestinationNumbers", tag = "routing",
    responses((status = 200, body = DestinationNumberList)))]
async fn numbers(State(state): State<AppState>, user: RoutingUser) -> Result<Json<DestinationNumberList>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let destinations = destinations::numbers(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|d| DestinationNumberOption {
            id: d.id,
            description: d.description,
            destination: d.number,
            international_code: d.international_code_id,
            code: d.code,
            mailbox: d.mailbox,
        })
        .collect();
    let international_codes = destinations::international_codes(&mut view)
        .await?
        .into_iter()
        .map(|c| DestinationInternationalCode { id: c.id, description: c.description, code: c.code })
        .collect();
    Ok(Json(DestinationNumberList { destinations, international_codes }))
}

/// manageconnections/getDestinationNumbers/, as the browser calls it.
#[utoipa::path(get, path = "/manageconnections/getDestinationNumbers/", tag = "routing",
    responses((status = 200, body = DestinationNumberList)))]
async fn numbers_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<DestinationNumberList>, AppError> {
    numbers(state, user).await
}

/// A refused destination number: the spec's codes when the only problems are a taken
/// description or a number the account already has.
fn number_refused(errors: FieldErrors) -> AppError {
    let only_uniqueness = errors.iter().all(|(field, message)| {
        (field == "form_number_description" && message == DESCRIPTION_NOT_UNIQUE)
            || (field == "form_destination_number" && message == DESTINATION_NUMBER_NOT_UNIQUE)
    });
    if !only_uniqueness {
        AppError::Validation(errors)
    } else if errors.get("form_destination_number").is_some() {
        AppError::Coded("DESTINATION_NUMBER_NOT_UNIQUE", errors)
    } else {
        AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors)
    }
}

/// A new destination number. The domain's rules (`validate_destination_number`) decide; these
/// bounds only stop absurd input first.
#[derive(Deserialize, Validate, ToSchema)]
struct StoreNumberRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::DESTINATION_NUMBER_DESCRIPTION_MAX }, TEXT_MAX>)]
    form_number_description: String,
    /// The number as dialled after the international code.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::destination_digits)]
    form_destination_number: String,
    /// The international code's id (an unknown one counts as none chosen).
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    form_international_code: IdField,
    /// "1": the number is a mailbox; "0" or empty: not.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::whole_in::<0, 1>)]
    form_mailbox: String,
}

#[utoipa::path(post, path = "/manageterms/storeDestinationNumber", tag = "routing",
    request_body(content((StoreNumberRequest = "multipart/form-data"), (StoreNumberRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn store_number(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<StoreNumberRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::DestinationNumber, 0).await?;
    // An unknown international code counts as none chosen (the domain's 'required' message).
    let mut code_id = form.form_international_code.unwrap_or(0);
    if code_id > 0 && !destinations::international_code_exists(&mut write.write.tx, code_id).await? {
        code_id = 0;
    }
    let number = DestinationNumberForm {
        description: form.form_number_description.trim().to_string(),
        destination: domain::reports::typed_number(&form.form_destination_number),
        international_code: code_id,
        mailbox: small_number(&form.form_mailbox),
        insert: true,
    };
    let taken = destinations::number_descriptions(&mut write.write.tx, customer, 0).await?;
    let mut errors = validate_destination_number(&number, &taken).err().unwrap_or_default();
    if errors.get("form_destination_number").is_none()
        && errors.get("form_international_code").is_none()
        && destinations::number_exists(&mut write.write.tx, customer, code_id, &number.destination).await?
    {
        errors.add("form_destination_number", DESTINATION_NUMBER_NOT_UNIQUE);
    }
    if !errors.is_empty() {
        return Err(number_refused(errors));
    }
    let id = destinations::insert_number(
        &mut *write.write.tx,
        customer,
        &number.description,
        code_id,
        &number.destination,
        number.mailbox,
    )
    .await?;
    write.commit(&state, id).await?;
    Ok(Json(LibrarySaved::id(id)))
}

/// manageterms/storeDestinationNumber/, as the spec also writes it.
#[utoipa::path(post, path = "/manageterms/storeDestinationNumber/", tag = "routing",
    request_body(content((StoreNumberRequest = "multipart/form-data"), (StoreNumberRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn store_number_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<StoreNumberRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    store_number(state, user, form).await
}

/// A destination number's new description and mailbox flag (the number itself does not change).
#[derive(Deserialize, Validate, ToSchema)]
struct UpdateNumberRequest {
    /// The destination number being updated.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = crate::http::contract::bounds::id)]
    form_record_id: IdField,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::DESTINATION_NUMBER_DESCRIPTION_MAX }, TEXT_MAX>)]
    form_number_description: String,
    /// "1": the number is a mailbox; "0" or empty: not.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::whole_in::<0, 1>)]
    form_mailbox: String,
}

#[utoipa::path(post, path = "/manageterms/updateDestinationNumber", tag = "routing",
    request_body(content((UpdateNumberRequest = "multipart/form-data"), (UpdateNumberRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn update_number(
    State(state): State<AppState>,
    user: RoutingUser,
    Form { fields: form, .. }: Form<UpdateNumberRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.form_record_id.unwrap_or(0);
    let mut write = RecordedWrite::begin(&state, &user, RecordKind::DestinationNumber, id).await?;
    let stored = destinations::find_number(&mut *write.write.tx, customer, id).await?.ok_or(AppError::NotFound)?;
    let number = DestinationNumberForm {
        description: form.form_number_description.trim().to_string(),
        destination: stored.number,
        international_code: stored.international_code_id,
        mailbox: small_number(&form.form_mailbox),
        insert: false,
    };
    let taken = destinations::number_descriptions(&mut write.write.tx, customer, id).await?;
    validate_destination_number(&number, &taken).map_err(number_refused)?;
    destinations::update_number(&mut *write.write.tx, customer, id, &number.description, number.mailbox).await?;
    write.commit(&state, id).await?;
    Ok(Json(LibrarySaved::id(id)))
}

/// manageterms/updateDestinationNumber/, as the spec also writes it.
#[utoipa::path(post, path = "/manageterms/updateDestinationNumber/", tag = "routing",
    request_body(content((UpdateNumberRequest = "multipart/form-data"), (UpdateNumberRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = LibrarySaved)))]
async fn update_number_slash(
    state: State<AppState>,
    user: RoutingUser,
    form: Form<UpdateNumberRequest>,
) -> Result<Json<LibrarySaved>, AppError> {
    update_number(state, user, form).await
}

/// One of the customer's destination plans, as the selectors show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationPlanOption {
    id: i64,
    description: String,
    /// 0: hunt group, 1: multi dial.
    plan_type: i64,
}

#[derive(Serialize, ToSchema)]
struct DestinationPlanList {
    routings: Vec<DestinationPlanOption>,
}

#[utoipa::path(get, path = "/manageroutings/getRoutings", tag = "routing",
    responses((status = 200, body = DestinationPlanList)))]
async fn plans(State(state): State<AppState>, user: RoutingUser) -> Result<Json<DestinationPlanList>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let routings = destinations::plans(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|p| DestinationPlanOption { id: p.id, description: p.description, plan_type: p.plan_type })
        .collect();
    Ok(Json(DestinationPlanList { routings }))
}

/// manageroutings/getRoutings/, as the browser calls it.
#[utoipa::path(get, path = "/manageroutings/getRoutings/", tag = "routing",
    responses((status = 200, body = DestinationPlanList)))]
async fn plans_slash(state: State<AppState>, user: RoutingUser) -> Result<Json<DestinationPlanList>, AppError> {
    plans(state, user).await
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationPlanView {
    id: i64,
    description: String,
    /// 0: hunt group, 1: multi dial.
    plan_type: i64,
    /// The queue's id, 0 for none.
    queue: i64,
    /// The in-call attribution plan's id, 0 for none.
    attribution_id: i64,
    /// A multi dial's no-response destination number, 0 for none.
    no_response_destination: i64,
}

/// One destination of a plan, in ringing order.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PlanDestination {
    /// The destination number's id.
    destination: i64,
    /// Seconds (0 when not stored: a multi dial rings its rows for row 0's length).
    ring_length: i64,
    /// A multi dial's ring length, on row 0 only; 0 otherwise.
    ring_length_multi_dial: i64,
}

/// A number routed through the plan.
#[derive(Serialize, ToSchema)]
struct PlanAffectedNumber {
    number: String,
}

/// A pool routed through the plan.
#[derive(Serialize, ToSchema)]
struct PlanAffectedNumberSet {
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationPlanDetails {
    plan: DestinationPlanView,
    plan_destinations: Vec<PlanDestination>,
    affected_numbers: Vec<PlanAffectedNumber>,
    affected_number_sets: Vec<PlanAffectedNumberSet>,
}

#[utoipa::path(get, path = "/manageconnections/getDestinationPlanDetails/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 1)),
    responses((status = 200, body = DestinationPlanDetails)))]
async fn plan_details(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<DestinationPlanDetails>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let plan = destinations::find_plan(&mut view, customer, id).await?.ok_or(AppError::NotFound)?;
    let multi_dial = plan.plan_type == MULTI_DIAL;
    let plan_destinations = destinations::plan_rows(&mut view, customer, id)
        .await?
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let ring = row.ring_length.unwrap_or(0);
            PlanDestination {
                destination: row.destination_number_id,
                ring_length: ring,
                ring_length_multi_dial: if multi_dial && i == 0 { ring } else { 0 },
            }
        })
        .collect();
    let affected = destinations::plan_affected_entries(&mut view, customer, id).await?;
    let affected_numbers = affected
        .iter()
        .filter(|e| e.kind == "static")
        .map(|e| PlanAffectedNumber { number: e.number.clone() })
        .collect();
    let affected_number_sets = affected
        .iter()
        .filter(|e| e.kind == "dynamic")
        .map(|e| PlanAffectedNumberSet { description: e.pool_name.clone() })
        .collect();
    Ok(Json(DestinationPlanDetails {
        plan: DestinationPlanView {
            id: plan.id,
            description: plan.description,
            plan_type: plan.plan_type,
            queue: plan.queue_id,
            attribution_id: plan.incall_id,
            no_response_destination: plan.no_response_destination_id,
        },
        plan_destinations,
        affected_numbers,
        affected_number_sets,
    }))
}

/// A destination plan's row as posted (`form_destination[i]`, `form_ring_length[i]`), read as
/// text and parsed as before so the domain's messages name the row.
#[derive(Deserialize, Validate, ToSchema)]
struct PlanDestinationRow {
    /// The destination number's id.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = destination)]
    form_destination: String,
    /// Seconds (a multi dial reads row 0's only).
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(required = true, schema_with = any_ring_length)]
    form_ring_length: String,
}

impl FormRow for PlanDestinationRow {
    const LIMIT: RowLimit = DESTINATION_PLAN_ROWS;
}

/// A destination plan. The domain's rules (`validate_destination_plan`) decide; these bounds
/// only stop absurd input first. Rows: the fields of PlanDestinationRow posted as
/// `form_destination[i]` and `form_ring_length[i]` (or `name[]`, in order), at most 20.
#[derive(Deserialize, Validate, ToSchema)]
struct SavePlanRequest {
    /// Unique among the account's plans (DESCRIPTION_NOT_UNIQUE).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<DESTINATION_PLAN_DESCRIPTION_MAX, TEXT_MAX>)]
    form_description: String,
    /// "0" (or nothing): hunt group, "1": multi dial.
    #[serde(default)]
    #[garde(length(chars, max = NUMBER_MAX))]
    #[schema(schema_with = plan_type)]
    form_plan_type: String,
    /// The queue's id, 0 or empty for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_queue: IdField,
    /// The in-call attribution plan's id, 0 or empty for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_incall: IdField,
    /// A multi dial's no-response destination number (ignored for a hunt group).
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    form_no_response_destination: IdField,
}

fn destination() -> Object {
    bounds_text::id(false, NUMBER_MAX)
}

fn plan_type() -> Object {
    bounds_text::whole(HUNT_GROUP as u64, MULTI_DIAL as u64, true, NUMBER_MAX)
}

/// Row 0's ring length, of either kind of plan (which one is the rule across fields below).
fn any_ring_length() -> Object {
    let mut lengths = ring_lengths();
    lengths.extend(ring_lengths_multi_dial());
    lengths.sort_unstable();
    lengths.dedup();
    bounds_text::number_choice(&lengths, false, NUMBER_MAX)
}

/// The plan form's contract: its fields and row 0's, and the ring length row 0 needs by the
/// plan's type: a hunt group's (the type left out, or 0) or a multi dial's.
fn save_plan_contract() -> RefOr<Schema> {
    let ring = "form_ring_length[0]";
    let mut hunt = any_of_choice(&[(ring, bounds_text::number_choice(&ring_lengths(), false, NUMBER_MAX))]);
    hunt["properties"]["form_plan_type"] =
        serde_json::to_value(bounds_text::whole(HUNT_GROUP as u64, HUNT_GROUP as u64, true, NUMBER_MAX))
            .expect("serialises");
    let multi = any_of_choice(&[
        ("form_plan_type", bounds_text::whole(MULTI_DIAL as u64, MULTI_DIAL as u64, false, NUMBER_MAX)),
        (ring, bounds_text::number_choice(&ring_lengths_multi_dial(), false, NUMBER_MAX)),
    ]);
    with_any_of(row_form_schema::<SavePlanRequest, PlanDestinationRow>(), serde_json::json!([hunt, multi]))
}

form_contract!(SavePlanContract, SavePlanRequest, save_plan_contract());

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DestinationPlanSaved {
    success: bool,
    /// The plan's id.
    rogr_id: i64,
}

/// manageroutings/save/{id}: `id` 0 creates (also "save as new", checked against every plan).
#[utoipa::path(post, path = "/manageroutings/save/{id}", tag = "routing",
    params(("id" = i64, Path, minimum = 0, description = "The plan, 0 for a new one")),
    request_body(content((SavePlanContract = "multipart/form-data"), (SavePlanContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = DestinationPlanSaved)))]
async fn save_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: Form<SavePlanRequest>,
) -> Result<Json<DestinationPlanSaved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = RoutingWrite::begin(&state, &user, RecordKind::DestinationPlan).await?;
    if id != 0 && destinations::find_plan(&mut tx.tx, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let fields = &form.fields;
    let plan_type = small_number(&fields.form_plan_type);
    let multi_dial = plan_type == MULTI_DIAL;
    let posted = form.rows::<PlanDestinationRow>()?;
    let as_id = |typed: &str| typed.trim().parse::<i64>().unwrap_or(0);
    let rows: Vec<DestinationRow> = posted
        .iter()
        .map(|row| DestinationRow {
            destination: as_id(&row.form_destination),
            ring_length: as_id(&row.form_ring_length),
        })
        .collect();
    let queue = fields.form_queue.unwrap_or(0);
    let incall = fields.form_incall.unwrap_or(0);
    let no_response = if multi_dial { fields.form_no_response_destination.unwrap_or(0) } else { 0 };

    // Everything referred to must be the customer's.
    let mut numbers: Vec<i64> = rows.iter().map(|r| r.destination).filter(|&d| d != 0).collect();
    if no_response != 0 {
        numbers.push(no_response);
    }
    if !destinations::owns_numbers(&mut tx.tx, customer, &numbers).await?
        || (queue != 0 && queues::find(&mut tx.tx, customer, queue).await?.is_none())
        || !routing_extras::in_calls_owned(
            &mut tx.tx,
            customer,
            &[incall].into_iter().filter(|&i| i != 0).collect::<Vec<_>>(),
        )
        .await?
    {
        return Err(AppError::NotFound);
    }

    let plan = DestinationPlanForm {
        description: fields.form_description.trim().to_string(),
        plan_type,
        queue,
        incall,
        no_response_destination: no_response,
        destinations: rows,
    };
    let taken = destinations::plan_descriptions(&mut tx.tx, customer, id).await?;
    validate_destination_plan(&plan, &taken).map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    let to_save = PlanToSave::from_form(&plan);
    let before = match id {
        0 => None,
        id => routing_history::destination_plan(&mut tx, customer, id).await?,
    };
    let id = destinations::save_plan(&mut tx, customer, id, &to_save).await?;
    let after = routing_history::destination_plan(&mut tx, customer, id).await?;
    let key = RecordKey { kind: RecordKind::DestinationPlan, id };
    tx.record(key, before, after).await?;
    tx.commit(&state).await?;
    Ok(Json(DestinationPlanSaved { success: true, rogr_id: id }))
}
