//! The numbers and pools (docs/routing-api.md "Routing rows"): the list, its export, the
//! details of a selection, and the lists the simpler editors fill (in-call attribution, attribution
//! options, IVRs). The two connects are in `connect`, service plans in `plans`.

use crate::http::kit::extract::Query;
use crate::routing::draft::RoutingRead;
use axum::extract::State;
use axum::response::Response;
use axum::Json;
use futures_util::StreamExt;
use garde::Validate;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::{HashMap, HashSet};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use domain::list_query::{kind_label, parse_list_query, ListQueryInput};
use domain::routing::{has_only_basic_features, RoutingRow, CONNECT_ROWS};
use domain::{push_csv_line, CsvCell, FieldErrors};

use super::{connect, plans, RoutingUser};
use crate::http::kit::download::{attachment, file_name_part, streamed_csv};
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::routing_entries;

pub(crate) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(numbers_list))
        .routes(routes!(numbers_for_export))
        .routes(routes!(numbers_csv))
        .routes(routes!(selected_details))
        .merge(plans::router())
        .merge(connect::router())
}

#[derive(Serialize, ToSchema)]
struct NumbersPage {
    numbers: Vec<RoutingRow>,
    /// How many rows match the search, on every page.
    total: i64,
}

/// A page of the list (docs/routing-api.md "Routing rows"): `page`, `pageSize`, `search`,
/// `sort` and `direction` are optional; without them, every row by number.
#[utoipa::path(get, path = "/manageconnections/getNumbersList", tag = "routing", params(crate::http::contract::bounds::ListParams<domain::list_query::ListSort>),
    responses((status = 200, body = NumbersPage)))]
async fn numbers_list(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(input): Query<ListQueryInput>,
) -> Result<Json<NumbersPage>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let query = parse_list_query(&input).map_err(AppError::Validation)?;
    let (entries, total) =
        routing_entries::page(&mut view, user.customer(), &query, &user.account.number_format).await?;
    Ok(Json(NumbersPage { numbers: entries.into_iter().map(RoutingRow::from).collect(), total }))
}

/// The export's columns (and the list's CSV_HEADER in the browser).
const CSV_HEADER: [&str; 6] = ["Type", "Number / pool", "Description", "Destination", "Service plan", "Recording"];

/// Every row matching `search`, in the `sort` and `direction` asked, as CSV written while the
/// rows are read: an account with 100,000 numbers is never held in memory at once.
#[utoipa::path(get, path = "/manageconnections/exportNumbersCsv", tag = "routing", params(crate::http::contract::bounds::ListParams<domain::list_query::ListSort>),
    responses((status = 200, description = "The rows as CSV (an attachment).", content_type = "text/csv", body = String)))]
async fn numbers_csv(
    State(state): State<AppState>,
    user: RoutingUser,
    Query(input): Query<ListQueryInput>,
) -> Result<Response, AppError> {
    let query = parse_list_query(&input).map_err(AppError::Validation)?;
    let sql = routing_entries::ListSql::new(&query, &user.account.number_format);
    let (db, customer) = (state.db.clone(), user.customer());
    let body = streamed_csv(&CSV_HEADER, move |mut out| async move {
        let mut rows = routing_entries::stream_matching(&db, customer, &sql);
        while let Some(row) = rows.next().await {
            match row {
                Ok(entry) => push_export_row(out.buffer(), &entry),
                Err(error) => return out.fail("routing export", error).await,
            }
            if !out.flush_full().await {
                return; // the browser went away
            }
        }
        out.finish().await;
    });
    let file = format!("{}_call_routing.csv", file_name_part(&user.account.product_name));
    Ok(attachment("text/csv; charset=utf-8", &file, body))
}

fn push_export_row(out: &mut String, e: &routing_entries::Entry) {
    let recording = if e.call_recording { "On" } else { "Off" };
    push_csv_line(
        out,
        &[
            CsvCell::Value(kind_label(&e.kind)),
            CsvCell::Text(e.number_pool()),
            CsvCell::Text(&e.description),
            CsvCell::Text(e.shown_destination()),
            CsvCell::Text(e.plan()),
            CsvCell::Value(recording),
        ],
    );
}

/// A row of getNumbersListForExport.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ExportRow {
    #[serde(rename = "type")]
    kind: String,
    number_pool: String,
    description: String,
    /// The basic number, else the plan.
    destination: String,
    plan_description: String,
    call_recording: u8,
}

#[derive(Serialize, ToSchema)]
struct ExportRows {
    numbers: Vec<ExportRow>,
}

/// Every row as the CSV export shows it (the browser's export before exportNumbersCsv).
#[utoipa::path(get, path = "/manageconnections/getNumbersListForExport", tag = "routing",
    responses((status = 200, body = ExportRows)))]
async fn numbers_for_export(State(state): State<AppState>, user: RoutingUser) -> Result<Json<ExportRows>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let numbers = routing_entries::list(&mut view, user.customer())
        .await?
        .into_iter()
        .map(|e| ExportRow {
            number_pool: e.number_pool().to_string(),
            destination: e.shown_destination().to_string(),
            plan_description: e.plan().to_string(),
            call_recording: u8::from(e.call_recording),
            kind: e.kind,
            description: e.description,
        })
        .collect();
    Ok(Json(ExportRows { numbers }))
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

fn selected_ids() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::json_ids(CONNECT_ROWS.max)
}

#[derive(Deserialize, Validate, ToSchema)]
struct SelectedRequest {
    /// A JSON array of row ids (numbers or numeric strings).
    #[garde(inner(length(max = crate::http::BODY_LIMIT)))]
    #[schema(schema_with = selected_ids)]
    selected: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SelectionDetails {
    selection_details: Vec<RoutingRow>,
    has_only_basic_features: bool,
}

/// The selected rows, in the order selected; any id that is not the customer's is 404.
#[utoipa::path(post, path = "/manageconnections/getSelectedDetails", tag = "routing",
    request_body(content((SelectedRequest = "multipart/form-data"), (SelectedRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = SelectionDetails)))]
async fn selected_details(
    State(state): State<AppState>,
    user: RoutingUser,
    form: Form<SelectedRequest>,
) -> Result<Json<SelectionDetails>, AppError> {
    let mut view = RoutingRead::open(&state, user.customer()).await?;
    let ids = parse_ids(form.fields.selected.as_deref().unwrap_or("[]"))?;
    let mut found = routing_entries::by_ids(&mut view, user.customer(), &ids).await?;
    if found.len() != ids.len() {
        return Err(AppError::NotFound);
    }
    let order: HashMap<i64, usize> = ids.iter().enumerate().map(|(i, id)| (*id, i)).collect();
    found.sort_by_key(|e| order.get(&e.id).copied());
    let rows: Vec<RoutingRow> = found.into_iter().map(RoutingRow::from).collect();
    Ok(Json(SelectionDetails { has_only_basic_features: has_only_basic_features(&rows), selection_details: rows }))
}
