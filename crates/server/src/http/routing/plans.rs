//! Service plans (docs/routing-api.md "Service plans"): the list, one plan with the rows that
//! use it, and create / update, each checked with the domain's time-of-day rules and for the
//! ownership of every destination plan and IVR the rows point at.

use axum::extract::State;
use axum::Json;
use domain::names::is_taken;
use domain::routing::plan_exceptions::{PlanException, EXCEPTIONS_UNREADABLE};
use domain::routing::{
    set_row_type, validate_service_plan, RowType, ServicePlanForm, TimeRow, DISCONNECT_LABEL, SERVICE_PLAN_ROWS,
};
use domain::routing::{RowLimit, CONNECT_ROWS};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::connect::id_of;
use super::RoutingUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{Form, FormRow};
use crate::routing::draft::{RoutingRead, RoutingWrite};
use crate::routing::service_plans;
use crate::state::AppState;
use crate::store::routing_entries;
use crate::store::service_plans as stored_plans;
use domain::routing::history::RecordKind;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(RowSchemas::openapi())
        .routes(routes!(plans_list))
        .routes(routes!(routing_data))
        .routes(routes!(create_plan))
        .routes(routes!(update_plan))
}

/// The plan form's rows, named in the requests' descriptions.
#[derive(OpenApi)]
#[openapi(components(schemas(PlanTimeRow)))]
struct RowSchemas;

const DESCRIPTION_FIELD: &str = "form_plan_description";

/// Far above the domain's limits: only absurd input stops here.
const TEXT_MAX: usize = 1_000;

/// Every editor needs an advanced routing scope.
fn editor(user: &RoutingUser) -> Result<(), AppError> {
    user.require_advanced()
}

#[derive(Serialize, ToSchema)]
struct RoutingPlanOption {
    /// 0 is '-- Disconnect --'.
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
struct RoutingPlanOptions {
    plans: Vec<RoutingPlanOption>,
}

/// The service plans a row can use, '-- Disconnect --' first.
#[utoipa::path(get, path = "/manageconnections/getServicePlansList", tag = "routing",
    responses((status = 200, body = RoutingPlanOptions)))]
async fn plans_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<RoutingPlanOptions>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let mut plans = vec![RoutingPlanOption { id: 0, description: DISCONNECT_LABEL.to_string() }];
    for (id, description) in stored_plans::list(&mut view, user.customer()).await? {
        plans.push(RoutingPlanOption { id, description });
    }
    Ok(Json(RoutingPlanOptions { plans }))
}

fn hh_mm(minute_of_day: i64) -> String {
    format!("{:02}:{:02}", minute_of_day / 60, minute_of_day % 60)
}

#[derive(Deserialize, Validate, ToSchema)]
struct RoutingDataRequest {
    /// The plan's id (not a plan of the account: 404).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    id: String,
    /// The rows being edited, which the dialog does not list as affected.
    #[serde(default, rename = "provisioning_numbers[]")]
    #[garde(length(max = CONNECT_ROWS.max), inner(length(max = TEXT_MAX)))]
    provisioning_numbers: Vec<String>,
}

/// A row of a stored plan, by the spec's names.
#[derive(Serialize, ToSchema)]
struct StoredPlanTime {
    #[serde(rename = "TzonLowerDay")]
    from_day: i64,
    /// "HH:MM"
    #[serde(rename = "TzonLowerTime")]
    from_time: String,
    #[serde(rename = "TzonUpperDay")]
    to_day: i64,
    #[serde(rename = "TzonUpperTime")]
    to_time: String,
    /// "routing" or "ivr".
    #[serde(rename = "planType")]
    plan_type: String,
    #[serde(rename = "TzonRogrID")]
    destination_plan: i64,
    #[serde(rename = "TzonIvrsID")]
    ivr: i64,
}

#[derive(Serialize, ToSchema)]
struct StoredPlan {
    id: i64,
    description: String,
    times: Vec<StoredPlanTime>,
    /// The plan's dated exceptions (left out when it has none, as the spec's answer is).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    exceptions: Vec<PlanException>,
}

/// A number (`NumbNGNumber`) or pool (`VlnsDescription`) the change reaches too.
#[derive(Serialize, ToSchema)]
struct AffectedNumber {
    #[serde(rename = "NumbNGNumber", skip_serializing_if = "Option::is_none")]
    number: Option<String>,
    #[serde(rename = "VlnsDescription", skip_serializing_if = "Option::is_none")]
    pool: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct RoutingData {
    plan: StoredPlan,
    affected_numbers: Vec<AffectedNumber>,
}

/// One plan with its rows, and the numbers and pools using it other than the ones being edited
/// (`provisioning_numbers[]`), which the dialog warns will change too.
#[utoipa::path(post, path = "/manageconnections/get_routing_data", tag = "routing",
    request_body(content((RoutingDataRequest = "multipart/form-data"), (RoutingDataRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = RoutingData)))]
async fn routing_data(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<RoutingDataRequest>,
) -> Result<Json<RoutingData>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    editor(&user)?;
    let customer = user.customer();
    let id = id_of(&form.fields.id);
    let description = stored_plans::description(&mut view, customer, id).await?.ok_or(AppError::NotFound)?;
    let mut editing: Vec<i64> = form.fields.provisioning_numbers.iter().map(|e| id_of(e)).collect();
    editing.sort_unstable();
    editing.dedup();
    if routing_entries::by_ids(&mut view, customer, &editing).await?.len() != editing.len() {
        return Err(AppError::NotFound);
    }
    let times = stored_plans::times(&mut view, id)
        .await?
        .into_iter()
        .map(|t| StoredPlanTime {
            from_day: t.from_day,
            from_time: hh_mm(t.from_minute),
            to_day: t.to_day,
            to_time: hh_mm(t.to_minute),
            plan_type: t.plan_type,
            destination_plan: t.destination_plan_id.unwrap_or(0),
            ivr: t.ivr_id.unwrap_or(0),
        })
        .collect();
    let exceptions = crate::store::plan_exceptions::of_plan(&mut view, id).await?;
    let affected_numbers = routing_entries::using_plan(&mut view, customer, id)
        .await?
        .into_iter()
        .filter(|(entry, ..)| !editing.contains(entry))
        .map(|(_, kind, number, pool)| match kind.as_str() {
            "static" => AffectedNumber { number: Some(number), pool: None },
            _ => AffectedNumber { number: None, pool: Some(pool) },
        })
        .collect();
    Ok(Json(RoutingData { plan: StoredPlan { id, description, times, exceptions }, affected_numbers }))
}

/// One row of the plan form (`form_from_day[i]`, ...): days 1 (Monday) to 7, hours and minutes,
/// the row's type ("routing" or "ivr") and its destination plan or IVR.
#[derive(Deserialize, Validate, ToSchema)]
struct PlanTimeRow {
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_from_day: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_from_hour: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_from_minute: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_to_day: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_to_hour: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_to_minute: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_routing_type: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_routing: String,
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_ivr: String,
}

impl FormRow for PlanTimeRow {
    const LIMIT: RowLimit = SERVICE_PLAN_ROWS;
}

/// A service plan as posted. Rows: the fields of PlanTimeRow, posted as `name[i]` from 0.
#[derive(Deserialize, Validate, ToSchema)]
struct ServicePlanRequest {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::routing::SERVICE_PLAN_DESCRIPTION_MAX }, TEXT_MAX>)]
    form_plan_description: String,
    /// The plan being changed (update_plan only; not a plan of the account: 404).
    #[serde(default)]
    #[garde(length(max = TEXT_MAX))]
    form_record_id: String,
    /// The plan's dated exceptions, a JSON array of PlanException ('' for none; a plan saved
    /// without it keeps none).
    #[serde(default)]
    #[garde(length(max = EXCEPTIONS_JSON_MAX))]
    form_exceptions: String,
}

/// The longest exceptions field read: 60 exceptions of a few hundred characters each.
const EXCEPTIONS_JSON_MAX: usize = 40_000;

/// A number field of a row: -1 (out of every range) when empty or not a number.
fn number(value: &str) -> i64 {
    value.trim().parse().unwrap_or(-1)
}

/// The posted plan. A row keeps only the target of its type (routing: destination plan, ivr: IVR).
fn submitted_plan(form: &Form<ServicePlanRequest>) -> Result<ServicePlanForm, AppError> {
    let posted: Vec<PlanTimeRow> = form.rows()?;
    let rows = posted
        .iter()
        .enumerate()
        .map(|(i, row)| {
            let plan_type = match row.form_routing_type.trim() {
                "" => RowType::Routing,
                other => RowType::parse(other)
                    .ok_or_else(|| AppError::BadRequest(format!("form_routing_type[{i}] must be routing or ivr")))?,
            };
            let time = TimeRow {
                from_day: number(&row.form_from_day),
                from_hour: number(&row.form_from_hour),
                from_minute: number(&row.form_from_minute),
                to_day: number(&row.form_to_day),
                to_hour: number(&row.form_to_hour),
                to_minute: number(&row.form_to_minute),
                plan_type,
                routing: id_of(&row.form_routing),
                ivr: id_of(&row.form_ivr),
            };
            Ok(set_row_type(time, plan_type))
        })
        .collect::<Result<Vec<_>, AppError>>()?;
    let exceptions = match form.fields.form_exceptions.trim() {
        "" => vec![],
        json => serde_json::from_str::<Vec<PlanException>>(json)
            .map_err(|_| AppError::field("exceptions", EXCEPTIONS_UNREADABLE))?,
    };
    Ok(ServicePlanForm { description: form.fields.form_plan_description.clone(), rows, exceptions })
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

#[derive(Serialize, ToSchema)]
struct CreatedPlan {
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
struct PlanCreatedAnswer {
    success: bool,
    data: CreatedPlan,
}

#[derive(Serialize, ToSchema)]
struct PlanUpdated {
    success: bool,
    id: i64,
}

/// A new service plan.
#[utoipa::path(post, path = "/manageconnections/create_plan", tag = "routing",
    request_body(content((ServicePlanRequest = "multipart/form-data"), (ServicePlanRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PlanCreatedAnswer)))]
async fn create_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ServicePlanRequest>,
) -> Result<Json<PlanCreatedAnswer>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let plan = submitted_plan(&form)?;
    let mut write = RoutingWrite::begin(&state, &user, RecordKind::ServicePlan).await?;
    let taken = stored_plans::other_descriptions(&mut write.tx, customer, 0).await?;
    validate(&plan, &taken)?;
    service_plans::check_targets(&mut write.tx, customer, &plan).await?;
    let id = service_plans::create(&mut write.tx, &mut write.log, customer, &plan).await?;
    write.commit(&state).await?;
    let description = plan.description.trim();
    Ok(Json(PlanCreatedAnswer { success: true, data: CreatedPlan { id, description: description.to_string() } }))
}

/// Saves a plan's new description and rows; every number and pool using it is provisioned again.
#[utoipa::path(post, path = "/manageconnections/update_plan", tag = "routing",
    request_body(content((ServicePlanRequest = "multipart/form-data"), (ServicePlanRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PlanUpdated)))]
async fn update_plan(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<ServicePlanRequest>,
) -> Result<Json<PlanUpdated>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let id = id_of(&form.fields.form_record_id);
    let mut write = RoutingWrite::begin(&state, &user, RecordKind::ServicePlan).await?;
    stored_plans::description(&mut write.tx, customer, id).await?.ok_or(AppError::NotFound)?;
    let plan = submitted_plan(&form)?;
    let taken = stored_plans::other_descriptions(&mut write.tx, customer, id).await?;
    validate(&plan, &taken)?;
    service_plans::check_targets(&mut write.tx, customer, &plan).await?;
    service_plans::update(&mut write.tx, &mut write.log, customer, id, &plan, state.clock.now()).await?;
    write.commit(&state).await?;
    Ok(Json(PlanUpdated { success: true, id }))
}
