//! The numbers and pools (docs/routing-api.md "Routing rows"): the list, its export, the
//! details of a selection, and the lists issue 4 fills (in-call attribution, attribution
//! options, IVRs). The two connects are in `connect`, service plans in `plans`.

use axum::extract::State;
use axum::routing::{get, post, MethodRouter};
use axum::{Json, Router};
use std::collections::{HashMap, HashSet};

use domain::routing::{has_only_basic_features, RoutingRow, CONNECT_ROWS};
use domain::FieldErrors;
use serde_json::{json, Value};

use super::{connect, extras, plans, RoutingUser};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::routing_entries;

/// Routes `path` and the same path without its trailing slash.
fn both(router: Router<AppState>, path: &str, handler: MethodRouter<AppState>) -> Router<AppState> {
    let bare = path.trim_end_matches('/');
    router.route(path, handler.clone()).route(bare, handler)
}

pub(crate) fn router() -> Router<AppState> {
    let router = Router::new()
        .route("/manageconnections/getNumbersList", get(numbers_list))
        .route("/manageconnections/getNumbersListForExport", get(numbers_for_export))
        .route("/manageconnections/getSelectedDetails", post(selected_details))
        .route("/manageconnections/getServicePlansList", get(plans::plans_list))
        .route("/manageconnections/get_routing_data", post(plans::routing_data))
        .route("/manageconnections/create_plan", post(plans::create_plan))
        .route("/manageconnections/update_plan", post(plans::update_plan))
        .route("/manageconnections/getAttributionOptions", get(extras::attribution_options));
    let router = both(router, "/manageconnections/connectBasic/", post(connect::connect_basic));
    let router = both(router, "/manageconnections/connectAdvanced/", post(connect::connect_advanced));
    both(router, "/manageconnections/getInCallAttribution/", get(extras::in_call_attributions))
}

async fn numbers_list(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let rows: Vec<RoutingRow> =
        routing_entries::list(&state.db, user.customer()).await?.into_iter().map(RoutingRow::from).collect();
    Ok(Json(json!({ "numbers": rows })))
}

/// The CSV export's rows: the destination column is the basic number, else the plan.
async fn numbers_for_export(State(state): State<AppState>, user: RoutingUser) -> Result<Json<Value>, AppError> {
    let rows: Vec<Value> = routing_entries::list(&state.db, user.customer())
        .await?
        .into_iter()
        .map(|e| {
            let plan = e.plan_description.clone().unwrap_or_default();
            let destination = if e.destination.is_empty() { plan.clone() } else { e.destination.clone() };
            json!({
                "type": e.kind,
                "numberPool": e.number_pool(),
                "description": e.description,
                "destination": destination,
                "planDescription": plan,
                "callRecording": u8::from(e.call_recording),
            })
        })
        .collect();
    Ok(Json(json!({ "numbers": rows })))
}

/// Row ids from a JSON array of numbers (or numeric strings), each once, in the order first
/// given; no more than can be connected at once.
fn parse_ids(raw: &str) -> Result<Vec<i64>, AppError> {
    let bad = || AppError::BadRequest("selected must be a JSON array of row ids".into());
    let values: Vec<Value> = serde_json::from_str(raw).map_err(|_| bad())?;
    if values.len() > CONNECT_ROWS.max {
        let mut errors = FieldErrors::new();
        errors.add(CONNECT_ROWS.field, CONNECT_ROWS.message);
        return Err(AppError::Validation(errors));
    }
    let mut seen = HashSet::with_capacity(values.len());
    let mut ids = Vec::with_capacity(values.len());
    for value in values {
        let id = value.as_i64().or_else(|| value.as_str().and_then(|s| s.trim().parse().ok())).ok_or_else(bad)?;
        if seen.insert(id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// The selected rows, in the order selected; any id that is not the customer's is 404.
async fn selected_details(
    State(state): State<AppState>,
    user: RoutingUser,
    form: FormData,
) -> Result<Json<Value>, AppError> {
    let ids = parse_ids(form.get("selected").unwrap_or("[]"))?;
    let mut found = routing_entries::by_ids(&state.db, user.customer(), &ids).await?;
    if found.len() != ids.len() {
        return Err(AppError::NotFound);
    }
    let order: HashMap<i64, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    found.sort_by_key(|e| order.get(&e.id).copied());
    let rows: Vec<RoutingRow> = found.into_iter().map(RoutingRow::from).collect();
    Ok(Json(json!({ "selectionDetails": rows, "hasOnlyBasicFeatures": has_only_basic_features(&rows) })))
}
