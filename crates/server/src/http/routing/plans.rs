//! Service plans (docs/routing-api.md "Service plans"): the list, one plan with the rows that
//! use it, and create / update, each checked with the domain's time-of-day rules and for the
//! ownership of every destination plan and IVR the rows point at.

use axum::extract::State;
use axum::Json;
use domain::routing::{
    is_taken, set_row_type, validate_service_plan, RowType, ServicePlanForm, TimeRow, DISCONNECT_LABEL,
    SERVICE_PLAN_ROWS,
};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::connect::id_of;
use super::RoutingUser;
use crate::http::error::AppError;
use crate::http::form::{FormData, Rows};
use crate::state::AppState;
use crate::store::routing_entries;
use crate::store::service_plans::{self, PlanTime};

const DESCRIPTION_FIELD: &str = "form_plan_description";

/// Every editor needs an advanced routing scope.
fn editor(user: &RoutingUser) -> Result<(), AppError> {
    user.require_advanced()
}

pub(super) async fn plans_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let mut plans = vec![json!({ "id": 0, "description": DISCONNECT_LABEL })];
    for (id, description) in service_plans::list(&state.db, user.customer()).await? {
        plans.push(json!({ "id": id, "description": description }));
    }
    Ok(Json(json!({ "plans": plans })))
}

fn hh_mm(minute_of_day: i64) -> String {
    format!("{:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

/// One plan with its rows, and the numbers and pools using it other than the ones being edited
/// (`provisioning_numbers[]`), which the dialog warns will change too.
pub(super) async fn routing_data(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    editor(&user)?;
    let customer = user.customer();
    let id = id_of(form.text("id"));
    let description = service_plans::description(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let mut editing: Vec<i64> = form.list("provisioning_numbers").into_iter().map(id_of).collect();
    editing.sort_unstable();
    editing.dedup();
    if routing_entries::by_ids(&state.db, customer, &editing).await?.len() != editing.len() {
        return Err(AppError::NotFound);
    }
    let times: Vec<Value> = service_plans::times(&state.db, id)
        .await?
        .into_iter()
        .map(|t| {
            json!({
                "TzonLowerDay": t.from_day,
                "TzonLowerTime": hh_mm(t.from_minute),
                "TzonUpperDay": t.to_day,
                "TzonUpperTime": hh_mm(t.to_minute),
                "planType": t.plan_type,
                "TzonRogrID": t.destination_plan_id.unwrap_or(0),
                "TzonIvrsID": t.ivr_id.unwrap_or(0),
            })
        })
        .collect();
    let affected: Vec<Value> = routing_entries::using_plan(&state.db, customer, id)
        .await?
        .into_iter()
        .filter(|(entry, ..)| !editing.contains(entry))
        .map(|(_, kind, number, pool)| match kind.as_str() {
            "static" => json!({ "NumbNGNumber": number }),
            _ => json!({ "VlnsDescription": pool }),
        })
        .collect();
    Ok(Json(json!({
        "plan": { "id": id, "description": description, "times": times },
        "affected_numbers": affected,
    })))
}

const ROW_FIELDS: [&str; 9] = [
    "form_from_day",
    "form_from_hour",
    "form_from_minute",
    "form_to_day",
    "form_to_hour",
    "form_to_minute",
    "form_routing_type",
    "form_routing",
    "form_ivr",
];

/// A number field of a row: -1 (out of every range) when empty or not a number.
fn number(rows: &Rows, field: &str, i: usize) -> i64 {
    rows.get(i, field).trim().parse().unwrap_or(-1)
}

/// The posted plan. A row keeps only the target of its type (routing: destination plan, ivr: IVR).
fn submitted_plan(form: &FormData) -> Result<ServicePlanForm, AppError> {
    let posted = form.rows(&ROW_FIELDS, SERVICE_PLAN_ROWS)?;
    let rows = posted
        .indices()
        .map(|i| {
            let plan_type = match posted.get(i, "form_routing_type").trim() {
                "" => RowType::Routing,
                other => RowType::parse(other)
                    .ok_or_else(|| AppError::BadRequest(format!("form_routing_type[{i}] must be routing or ivr")))?,
            };
            let row = TimeRow {
                from_day: number(&posted, "form_from_day", i),
                from_hour: number(&posted, "form_from_hour", i),
                from_minute: number(&posted, "form_from_minute", i),
                to_day: number(&posted, "form_to_day", i),
                to_hour: number(&posted, "form_to_hour", i),
                to_minute: number(&posted, "form_to_minute", i),
                plan_type,
                routing: id_of(posted.get(i, "form_routing")),
                ivr: id_of(posted.get(i, "form_ivr")),
            };
            Ok(set_row_type(row, plan_type))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    Ok(ServicePlanForm { description: form.text(DESCRIPTION_FIELD).to_string(), rows })
}

/// The domain's rules; a description clash alone is the spec's DESCRIPTION_NOT_UNIQUE.
fn validate(plan: &ServicePlanForm, taken: &[String]) -> Result<(), AppError> {
    validate_service_plan(plan, taken).map_err(|errors: FieldErrors| {
        let only_description = errors.iter().count() == 1 && errors.get(DESCRIPTION_FIELD).is_some();
        if only_description && is_taken(&plan.description, taken) {
            AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors)
        } else {
            AppError::Validation(errors)
        }
    })
}

/// Every destination plan and IVR the rows point at must be the customer's (else 404).
async fn check_targets(state: &AppState, customer: i64, plan: &ServicePlanForm) -> Result<(), AppError> {
    let routings: Vec<i64> = plan.rows.iter().filter(|r| r.plan_type == RowType::Routing).map(|r| r.routing).collect();
    let ivrs: Vec<i64> = plan.rows.iter().filter(|r| r.plan_type == RowType::Ivr).map(|r| r.ivr).collect();
    if service_plans::destination_plans_owned(&state.db, customer, &routings).await?
        && service_plans::ivrs_owned(&state.db, customer, &ivrs).await?
    {
        Ok(())
    } else {
        Err(AppError::NotFound)
    }
}

fn stored_times(plan: &ServicePlanForm) -> Vec<PlanTime> {
    plan.rows.iter().map(PlanTime::from_row).collect()
}

pub(super) async fn create_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let plan = submitted_plan(&form)?;
    let taken = service_plans::other_descriptions(&state.db, customer, 0).await?;
    validate(&plan, &taken)?;
    check_targets(&state, customer, &plan).await?;

    let description = plan.description.trim();
    let mut tx = state.db.begin().await?;
    let id = service_plans::insert(&mut tx, customer, description).await?;
    service_plans::replace_times(&mut tx, id, &stored_times(&plan)).await?;
    tx.commit().await?;
    Ok(Json(json!({ "success": true, "data": { "id": id, "description": description } })))
}

/// Saves a plan's new description and rows; every number and pool using it is provisioned again.
pub(super) async fn update_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = id_of(form.text("form_record_id"));
    service_plans::description(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let plan = submitted_plan(&form)?;
    let taken = service_plans::other_descriptions(&state.db, customer, id).await?;
    validate(&plan, &taken)?;
    check_targets(&state, customer, &plan).await?;

    let mut tx = state.db.begin().await?;
    service_plans::update_description(&mut tx, customer, id, plan.description.trim()).await?;
    service_plans::replace_times(&mut tx, id, &stored_times(&plan)).await?;
    routing_entries::reprovision_plan_users(&mut tx, customer, id, state.clock.now()).await?;
    tx.commit().await?;
    Ok(Json(json!({ "success": true, "id": id })))
}
