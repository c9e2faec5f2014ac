//! Captured URL parameters (/parameters, /parameter/{p}, /parameter/{p}/{v}): the
//! parameters the account reports on, added (the domain's `validate_parameter_name`) and removed;
//! each one's values seen in the stored visits' landing URLs with their visits and calls; and a
//! value's calls as call log rows. The menu's rule decides who may (auth code 20 and up: the
//! guard of /parameters); a name the account does not capture is 404.

use crate::http::kit::extract::Query;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::services::parameters::{validate_parameter_name, PARAMETER_FIELD, PARAMETER_NOT_UNIQUE};
use domain::{guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::reports::CallLogRow;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::{calls, visit_figures};

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_parameters))
        .routes(routes!(add_parameter))
        .routes(routes!(remove_parameter))
        .routes(routes!(get_values))
        .routes(routes!(get_calls))
}

/// Calls a page of a value's calls.
const CALLS_PAGE: i64 = 50;

fn require(user: &AccountUser) -> Result<(), AppError> {
    if guard("/parameters", &user.account) == GuardStep::Allow {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

/// The captured parameter named exactly `name`, else 404.
async fn captured(state: &AppState, customer: CustomerId, name: &str) -> Result<String, AppError> {
    let names = visit_figures::parameters(&state.db, customer).await?;
    names.into_iter().find(|n| n == name).ok_or(AppError::NotFound)
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ParameterRow {
    name: String,
    /// Distinct values seen.
    values: i64,
    visits: i64,
    calls: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ParameterList {
    parameters: Vec<ParameterRow>,
    /// How long the visits behind the figures are kept: those that called as long as their
    /// calls, the others 72 hours.
    uncalled_visits_kept_hours: i64,
}

/// The captured parameters with their values, visits and calls over the stored visits.
#[utoipa::path(get, path = "/parameters/getParameters", tag = "parameters",
    responses((status = 200, body = ParameterList), (status = 403, description = "Below auth code 20")))]
async fn get_parameters(State(state): State<AppState>, user: AccountUser) -> Result<Json<ParameterList>, AppError> {
    require(&user)?;
    let customer = user.customer();
    let names = visit_figures::parameters(&state.db, customer).await?;
    let figures = visit_figures::parameter_figures(&state.db, customer).await?;
    let parameters = names
        .into_iter()
        .map(|name| {
            let f = figures.iter().find(|(n, _)| *n == name).map(|(_, f)| f.clone()).unwrap_or_default();
            ParameterRow { name, values: f.values, visits: f.visits, calls: f.calls }
        })
        .collect();
    Ok(Json(ParameterList {
        parameters,
        uncalled_visits_kept_hours: domain::reports::retention::UNCALLED_VISIT_RETENTION_SECONDS / 3600,
    }))
}

/// The most characters a parameter's name takes as posted, before the domain's rule.
const NAME_RAW_MAX: usize = 1_000;

/// A URL tag (`validate_parameter_name`): letters, digits and underscores.
fn parameter_name() -> utoipa::openapi::schema::Object {
    use domain::services::parameters::PARAMETER_NAME_MAX;
    crate::http::contract::bounds::required_by_rule(domain::CharacterRule::UrlTag, PARAMETER_NAME_MAX, NAME_RAW_MAX)
}

#[derive(Deserialize, Validate, ToSchema)]
struct ParameterName {
    /// A URL tag: letters, numbers and underscores, at most 50 (the domain's rule decides; the
    /// bound stops absurd input).
    #[serde(default)]
    #[garde(length(chars, max = NAME_RAW_MAX))]
    #[schema(required = true, schema_with = parameter_name)]
    parameter: String,
}

#[derive(Serialize, ToSchema)]
struct ParameterSaved {
    success: bool,
    parameter: String,
}

/// Captures one more parameter.
#[utoipa::path(post, path = "/parameters/addParameter", tag = "parameters",
    request_body(content((ParameterName = "multipart/form-data"), (ParameterName = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ParameterSaved), (status = 403, description = "Below auth code 20"),
        (status = 422, description = "The name breaks the rule, is captured already, or the account captures 20")))]
async fn add_parameter(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<ParameterName>,
) -> Result<Json<ParameterSaved>, AppError> {
    require(&user)?;
    let customer = user.customer();
    let existing = visit_figures::parameters(&state.db, customer).await?;
    let name = validate_parameter_name(&form.parameter, &existing).map_err(AppError::Validation)?;
    if !visit_figures::add_parameter(&state.db, customer, &name).await? {
        // Another tab added it meanwhile.
        return Err(AppError::field(PARAMETER_FIELD, PARAMETER_NOT_UNIQUE));
    }
    Ok(Json(ParameterSaved { success: true, parameter: name }))
}

/// Stops capturing a parameter; its values stay with their visits.
#[utoipa::path(post, path = "/parameters/removeParameter", tag = "parameters",
    request_body(content((ParameterName = "multipart/form-data"), (ParameterName = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ParameterSaved), (status = 403, description = "Below auth code 20"),
        (status = 404, description = "Not a parameter the account captures")))]
async fn remove_parameter(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<ParameterName>,
) -> Result<Json<ParameterSaved>, AppError> {
    require(&user)?;
    if !visit_figures::remove_parameter(&state.db, user.customer(), &form.parameter).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(ParameterSaved { success: true, parameter: form.parameter }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ParameterQuery {
    /// The parameter's name, exactly as captured.
    #[serde(default)]
    parameter: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ValueRow {
    value: String,
    visits: i64,
    calls: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ParameterValues {
    parameter: String,
    /// The most visited first, at most 1,000.
    values: Vec<ValueRow>,
}

/// A captured parameter's values with their visits and calls.
#[utoipa::path(get, path = "/parameters/getValues", tag = "parameters", params(ParameterQuery),
    responses((status = 200, body = ParameterValues), (status = 403, description = "Below auth code 20"),
        (status = 404, description = "Not a parameter the account captures")))]
async fn get_values(
    State(state): State<AppState>,
    user: AccountUser,
    Query(query): Query<ParameterQuery>,
) -> Result<Json<ParameterValues>, AppError> {
    require(&user)?;
    let customer = user.customer();
    let parameter = captured(&state, customer, &query.parameter).await?;
    let values = visit_figures::values(&state.db, customer, &parameter)
        .await?
        .into_iter()
        .map(|v| ValueRow { value: v.value, visits: v.visits, calls: v.calls })
        .collect();
    Ok(Json(ParameterValues { parameter, values }))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
struct ValueQuery {
    #[serde(default)]
    parameter: String,
    #[serde(default)]
    value: String,
    /// 1 and up; out of range reads as 1.
    #[serde(default)]
    page: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ValueCalls {
    parameter: String,
    value: String,
    /// Newest first, a page of 50.
    calls: Vec<CallLogRow>,
    total: i64,
    page: i64,
    page_size: i64,
}

/// The calls from visits whose landing URL carried the value, as the call log shows them.
#[utoipa::path(get, path = "/parameters/getCalls", tag = "parameters", params(ValueQuery),
    responses((status = 200, body = ValueCalls), (status = 403, description = "Below auth code 20"),
        (status = 404, description = "Not a parameter the account captures")))]
async fn get_calls(
    State(state): State<AppState>,
    user: AccountUser,
    Query(query): Query<ValueQuery>,
) -> Result<Json<ValueCalls>, AppError> {
    require(&user)?;
    let customer = user.customer();
    let parameter = captured(&state, customer, &query.parameter).await?;
    let value: String = query.value.chars().take(domain::services::parameters::PARAMETER_VALUE_MAX).collect();
    let page =
        query.page.as_deref().and_then(|p| p.parse::<i64>().ok()).filter(|p| (1..=100_000).contains(p)).unwrap_or(1);
    let (rows, total) =
        calls::with_parameter(&state.db, customer, (&parameter, &value), (CALLS_PAGE, (page - 1) * CALLS_PAGE)).await?;
    let hears = calls::may_hear_recordings(&state.db, user.session.user_id, user.customer()).await?;
    let zone = &user.account.customer_time_zone;
    Ok(Json(ValueCalls {
        parameter,
        value,
        calls: rows.iter().map(|row| CallLogRow::from_row(row, zone, hears)).collect(),
        total,
        page,
        page_size: CALLS_PAGE,
    }))
}
