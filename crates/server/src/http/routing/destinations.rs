//! Destination numbers and destination plans (hunt groups and multi dials):
//! manageconnections/getDestinationNumbers/, manageterms/storeDestinationNumber and
//! updateDestinationNumber, manageroutings/getRoutings/, manageconnections/getDestinationPlanDetails
//! and manageroutings/save.

use axum::extract::{Path, State};
use axum::Json;
use domain::routing::{
    validate_destination_number, validate_destination_plan, DestinationNumberForm, DestinationPlanForm, DestinationRow,
    DESCRIPTION_NOT_UNIQUE, DESTINATION_NUMBER_NOT_UNIQUE, DESTINATION_PLAN_ROWS, MULTI_DIAL,
};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::library::refused;
use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::destinations::{self, PlanRow, PlanToSave};
use crate::store::{queues, routing_extras};

/// A 0/1 style field: 0 when left out, -1 (refused by the domain) when not a number.
fn small_number(form: &FormData, name: &str) -> i64 {
    match form.text(name).trim() {
        "" => 0,
        typed => typed.parse().unwrap_or(-1),
    }
}

pub(super) async fn numbers(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let destinations: Vec<Value> = destinations::numbers(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|d| {
            json!({
                "id": d.id,
                "description": d.description,
                "destination": d.number,
                "internationalCode": d.international_code_id,
                "code": d.code,
                "mailbox": d.mailbox,
            })
        })
        .collect();
    let codes: Vec<Value> = destinations::international_codes(&state.db)
        .await?
        .into_iter()
        .map(|c| json!({ "id": c.id, "description": c.description, "code": c.code }))
        .collect();
    Ok(Json(json!({ "destinations": destinations, "internationalCodes": codes })))
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

pub(super) async fn store_number(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    // An unknown international code counts as none chosen (the domain's 'required' message).
    let mut code_id = form.id("form_international_code");
    if code_id > 0 && !destinations::international_code_exists(&state.db, code_id).await? {
        code_id = 0;
    }
    let number = DestinationNumberForm {
        description: form.text("form_number_description").trim().to_string(),
        destination: form.text("form_destination_number").trim().to_string(),
        international_code: code_id,
        mailbox: small_number(&form, "form_mailbox"),
        insert: true,
    };
    let taken = destinations::number_descriptions(&state.db, customer, 0).await?;
    let mut errors = validate_destination_number(&number, &taken).err().unwrap_or_default();
    if errors.get("form_destination_number").is_none()
        && errors.get("form_international_code").is_none()
        && destinations::number_exists(&state.db, customer, code_id, &number.destination).await?
    {
        errors.add("form_destination_number", DESTINATION_NUMBER_NOT_UNIQUE);
    }
    if !errors.is_empty() {
        return Err(number_refused(errors));
    }
    let id = destinations::insert_number(
        &state.db,
        customer,
        &number.description,
        code_id,
        &number.destination,
        number.mailbox,
    )
    .await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

pub(super) async fn update_number(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = form.id("form_record_id");
    let stored = destinations::find_number(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let number = DestinationNumberForm {
        description: form.text("form_number_description").trim().to_string(),
        destination: stored.number,
        international_code: stored.international_code_id,
        mailbox: small_number(&form, "form_mailbox"),
        insert: false,
    };
    let taken = destinations::number_descriptions(&state.db, customer, id).await?;
    validate_destination_number(&number, &taken).map_err(number_refused)?;
    destinations::update_number(&state.db, customer, id, &number.description, number.mailbox).await?;
    Ok(Json(json!({ "success": true, "id": id })))
}

pub(super) async fn plans(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let routings: Vec<Value> = destinations::plans(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|p| json!({ "id": p.id, "description": p.description, "planType": p.plan_type }))
        .collect();
    Ok(Json(json!({ "routings": routings })))
}

pub(super) async fn plan_details(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
) -> Result<Json<Value>, AppError> {
    user.require_advanced()?;
    let customer = user.customer();
    let plan = destinations::find_plan(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let multi_dial = plan.plan_type == MULTI_DIAL;
    let rows: Vec<Value> = destinations::plan_rows(&state.db, customer, id)
        .await?
        .into_iter()
        .enumerate()
        .map(|(i, row)| {
            let ring = row.ring_length.unwrap_or(0);
            json!({
                "destination": row.destination_number_id,
                "ringLength": ring,
                "ringLengthMultiDial": if multi_dial && i == 0 { ring } else { 0 },
            })
        })
        .collect();
    let affected = destinations::plan_affected_entries(&state.db, customer, id).await?;
    let numbers: Vec<Value> =
        affected.iter().filter(|e| e.kind == "static").map(|e| json!({ "number": e.number })).collect();
    let sets: Vec<Value> =
        affected.iter().filter(|e| e.kind == "dynamic").map(|e| json!({ "description": e.pool_name })).collect();
    Ok(Json(json!({
        "plan": {
            "id": plan.id,
            "description": plan.description,
            "planType": plan.plan_type,
            "queue": plan.queue_id,
            "attributionId": plan.incall_id,
            "noResponseDestination": plan.no_response_destination_id,
        },
        "planDestinations": rows,
        "affectedNumbers": numbers,
        "affectedNumberSets": sets,
    })))
}

/// manageroutings/save/{id}: `id` 0 creates (also "save as new", checked against every plan).
pub(super) async fn save_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    Path(id): Path<i64>,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if id != 0 && destinations::find_plan(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let plan_type = small_number(&form, "form_plan_type");
    let multi_dial = plan_type == MULTI_DIAL;
    let posted = form.rows(&["form_destination", "form_ring_length"], DESTINATION_PLAN_ROWS)?;
    let as_id = |name: &str, i: usize| posted.get(i, name).trim().parse::<i64>().unwrap_or(0);
    let rows: Vec<DestinationRow> = posted
        .indices()
        .map(|i| DestinationRow {
            destination: as_id("form_destination", i),
            ring_length: as_id("form_ring_length", i),
        })
        .collect();
    let queue = form.id("form_queue");
    let incall = form.id("form_incall");
    let no_response = if multi_dial { form.id("form_no_response_destination") } else { 0 };

    // Everything referred to must be the customer's.
    let mut numbers: Vec<i64> = rows.iter().map(|r| r.destination).filter(|&d| d != 0).collect();
    if no_response != 0 {
        numbers.push(no_response);
    }
    if !destinations::owns_numbers(&state.db, customer, &numbers).await?
        || (queue != 0 && queues::find(&state.db, customer, queue).await?.is_none())
        || !routing_extras::in_calls_owned(
            &state.db,
            customer,
            &[incall].into_iter().filter(|&i| i != 0).collect::<Vec<_>>(),
        )
        .await?
    {
        return Err(AppError::NotFound);
    }

    let plan = DestinationPlanForm {
        description: form.text("form_description").trim().to_string(),
        plan_type,
        queue,
        incall,
        no_response_destination: no_response,
        destinations: rows,
    };
    let taken = destinations::plan_descriptions(&state.db, customer, id).await?;
    validate_destination_plan(&plan, &taken).map_err(|e| refused(e, "form_description", DESCRIPTION_NOT_UNIQUE))?;
    let to_save = PlanToSave {
        description: plan.description,
        plan_type,
        queue_id: queue,
        incall_id: incall,
        no_response_destination_id: no_response,
        rows: plan
            .destinations
            .iter()
            .enumerate()
            .map(|(i, r)| PlanRow {
                destination_number_id: r.destination,
                ring_length: (!multi_dial || i == 0).then_some(r.ring_length),
            })
            .collect(),
    };
    let id = destinations::save_plan(&state.db, customer, id, &to_save).await?;
    Ok(Json(json!({ "success": true, "rogrId": id })))
}
