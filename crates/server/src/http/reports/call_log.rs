//! The call log: a page of the account's calls for the filters the address bar carries, the
//! filters' choices, and the whole filtered set as CSV, written while it is read.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::response::Response;
use axum::Json;
use domain::dimensions::{opens_dimensions, DimensionKind};
use domain::reports::call_log::ID_MESSAGE;
use domain::reports::{
    parse_call_log_query, report_period, resolve_dimension, CallLogQuery, CallLogQueryInput, CallOutcome, DatePreset,
    FollowUp, FollowUpFilter, ScoreFilter,
};
use domain::{push_csv_line, CsvCell, FieldErrors};
use futures_util::StreamExt;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::{CallLogRow, ReportsUser};
use crate::db::Backend;
use crate::http::kit::download::{attachment, file_name_part, streamed_csv};
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::calls::{self, CallLogSql};
use crate::store::dimensions;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_calls)).routes(routes!(get_call_filters)).routes(routes!(export_calls_csv))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallLog {
    calls: Vec<CallLogRow>,
    total: i64,
    page: u32,
    page_size: u32,
    /// The period's first and last local day, YYYY-MM-DD.
    first_day: String,
    last_day: String,
}

/// A query read and bounded, the instants [start, end) its period covers, and its first and
/// last local day.
type ParsedQuery = (CallLogQuery, (i64, i64), (String, String));

fn parse(input: &CallLogQueryInput, user: &ReportsUser, now: i64) -> Result<ParsedQuery, AppError> {
    let query = parse_call_log_query(input).map_err(AppError::Validation)?;
    let period = report_period(&query.period, now, &user.account.customer_time_zone).map_err(|message| {
        let field = if matches!(query.period, DatePreset::Custom { .. }) { "from" } else { "preset" };
        let mut errors = FieldErrors::new();
        errors.add(field, message);
        AppError::Validation(errors)
    })?;
    Ok((query, (period.start, period.end), (period.first_day, period.last_day)))
}

/// The query's custom dimension, read from the account's (a user without the Custom dimensions
/// page, or another account's dimension, is told to choose one from the list).
async fn with_dimension(state: &AppState, user: &ReportsUser, query: &mut CallLogQuery) -> Result<(), AppError> {
    let Some((id, _)) = &query.dimension else { return Ok(()) };
    let found =
        if opens_dimensions(&user.account) { dimensions::one(&state.db, user.customer(), *id).await? } else { None };
    let Some(dimension) = found else {
        let mut errors = FieldErrors::new();
        errors.add("dimension", ID_MESSAGE);
        return Err(AppError::Validation(errors));
    };
    resolve_dimension(query, dimension.kind(), &dimension.choice_list()).map_err(AppError::Validation)
}

/// A page of the account's inbound calls, newest first unless sorted otherwise.
#[utoipa::path(get, path = "/reports/getCalls", tag = "reports", params(crate::http::contract::bounds::CallLogParams),
    responses((status = 200, body = CallLog), (status = 403, description = "No reports permission"),
        (status = 422, description = "A filter out of bounds")))]
async fn get_calls(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(input): Query<CallLogQueryInput>,
) -> Result<Json<CallLog>, AppError> {
    let (mut query, range, (first_day, last_day)) = parse(&input, &user, state.clock.now())?;
    with_dimension(&state, &user, &mut query).await?;
    let sql = CallLogSql::new(&query, &user.account.number_format, Backend::of(&state.db));
    let (rows, total) = calls::page(&state.db, user.customer(), range, &sql, &query).await?;
    let hears = user.hears_recordings(&state).await?;
    let zone = &user.account.customer_time_zone;
    let mut calls: Vec<CallLogRow> = rows.iter().map(|row| CallLogRow::from_row(row, zone, hears)).collect();
    super::with_transcript_lines(&state, query.transcript.as_ref(), calls.iter_mut()).await?;
    Ok(Json(CallLog { calls, total, page: query.page, page_size: query.page_size, first_day, last_day }))
}

#[derive(Serialize, ToSchema)]
struct Choice {
    id: i64,
    label: String,
}

/// A custom dimension the log filters by.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DimensionFilterChoice {
    id: i64,
    label: String,
    kind: DimensionKind,
    /// A choice field's choices.
    choices: Vec<String>,
}

#[derive(Serialize, ToSchema)]
struct KeyLabel {
    key: String,
    label: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallFilters {
    sources: Vec<Choice>,
    campaigns: Vec<Choice>,
    numbers: Vec<Choice>,
    outcomes: Vec<KeyLabel>,
    /// The account's call tags.
    tags: Vec<Choice>,
    /// The account's call categories by name: the filter's value is the name.
    categories: Vec<KeyLabel>,
    /// The score filter's choices: scored, unscored, goodLead, notALead.
    scores: Vec<KeyLabel>,
    /// The follow-up filter's choices: open, handled, calledBack, noted.
    follow_ups: Vec<KeyLabel>,
    /// What a call can be marked: handled, calledBack.
    follow_up_marks: Vec<KeyLabel>,
    /// The account's custom dimensions, for a user of its Custom dimensions page.
    dimensions: Vec<DimensionFilterChoice>,
    /// Whether the user may hear recordings.
    hears_recordings: bool,
}

/// The choices of the log's filters: the account's sources, campaigns and numbers.
#[utoipa::path(get, path = "/reports/getCallFilters", tag = "reports",
    responses((status = 200, body = CallFilters), (status = 403, description = "No reports permission")))]
async fn get_call_filters(State(state): State<AppState>, user: ReportsUser) -> Result<Json<CallFilters>, AppError> {
    let customer = user.customer();
    let choices = |rows: Vec<(i64, String)>| rows.into_iter().map(|(id, label)| Choice { id, label }).collect();
    let sources = calls::choices(
        &state.db,
        customer,
        "SELECT id, source || ' / ' || medium FROM sources_mediums WHERE customer_id = $1 ORDER BY source, medium",
    )
    .await?;
    let campaigns = calls::choices(
        &state.db,
        customer,
        "SELECT id, description FROM campaigns WHERE customer_id = $1 ORDER BY LOWER(description)",
    )
    .await?;
    // Named as every report names them ("01632 960 123 · Van livery"), so the picker finds a
    // number by what it is for.
    let numbers = super::named_lines(&state, customer, crate::store::call_credit::Breakdown::Number).await?;
    Ok(Json(CallFilters {
        sources: choices(sources),
        campaigns: choices(campaigns),
        numbers: choices(numbers),
        tags: choices(
            calls::choices(
                &state.db,
                customer,
                "SELECT id, description FROM call_tag_names WHERE customer_id = $1 ORDER BY LOWER(description), id",
            )
            .await?,
        ),
        categories: calls::choices(
            &state.db,
            customer,
            "SELECT id, description FROM call_categories WHERE customer_id = $1 ORDER BY LOWER(description), id",
        )
        .await?
        .into_iter()
        .map(|(_, name)| KeyLabel { key: name.clone(), label: name })
        .collect(),
        follow_up_marks: FollowUp::ALL
            .into_iter()
            .map(|f| KeyLabel { key: f.key().to_string(), label: f.label().to_string() })
            .collect(),
        follow_ups: FollowUpFilter::ALL
            .into_iter()
            .map(|f| KeyLabel { key: f.key().to_string(), label: f.label().to_string() })
            .collect(),
        scores: ScoreFilter::ALL
            .into_iter()
            .map(|s| KeyLabel { key: s.key().to_string(), label: s.label().to_string() })
            .collect(),
        outcomes: CallOutcome::ALL
            .into_iter()
            .map(|o| KeyLabel { key: o.key().to_string(), label: o.label().to_string() })
            .collect(),
        dimensions: account_dimensions(&state, &user)
            .await?
            .into_iter()
            .map(|d| DimensionFilterChoice { id: d.id, kind: d.kind(), choices: d.choice_list(), label: d.name })
            .collect(),
        hears_recordings: user.hears_recordings(&state).await?,
    }))
}

/// The account's custom dimensions, for a user of its Custom dimensions page; none otherwise.
async fn account_dimensions(state: &AppState, user: &ReportsUser) -> Result<Vec<dimensions::DimensionRow>, AppError> {
    if !opens_dimensions(&user.account) {
        return Ok(Vec::new());
    }
    Ok(dimensions::list(&state.db, user.customer()).await?)
}

/// The export's columns.
const CSV_HEADER: [&str; 21] = [
    "Date and time",
    "Caller",
    "Tracked number",
    "Number / pool",
    "Campaign",
    "Source",
    "Medium",
    "Landing page",
    "Talk time (s)",
    "Ring time (s)",
    "Whole call (s)",
    "Outcome",
    "Destination",
    "First-time caller",
    "Tags",
    "Rang again after call (id)",
    "Call id",
    "Score (%)",
    "Lead score",
    "Follow-up",
    "Note",
];

/// Every call matching the filters (no paging), in the order asked, as CSV written while the rows
/// are read: a million calls are never held in memory at once.
#[utoipa::path(get, path = "/reports/exportCallsCsv", tag = "reports", params(crate::http::contract::bounds::CallLogParams),
    responses((status = 200, description = "The calls as CSV (an attachment).", content_type = "text/csv", body = String),
        (status = 403, description = "No reports permission"), (status = 422, description = "A filter out of bounds")))]
async fn export_calls_csv(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(input): Query<CallLogQueryInput>,
) -> Result<Response, AppError> {
    let (mut query, range, (first_day, last_day)) = parse(&input, &user, state.clock.now())?;
    with_dimension(&state, &user, &mut query).await?;
    let sql = CallLogSql::new(&query, &user.account.number_format, Backend::of(&state.db));
    // The account's own fields, a column each after the log's (names defused: a user typed them).
    let account_fields = account_dimensions(&state, &user).await?;
    let fields: Vec<i64> = account_fields.iter().map(|d| d.id).collect();
    let names: Vec<String> = account_fields.iter().map(|d| domain::defused(&d.name).into_owned()).collect();
    let mut header: Vec<&str> = CSV_HEADER.to_vec();
    header.extend(names.iter().map(String::as_str));
    let (db, customer, zone) = (state.db.clone(), user.customer(), user.account.customer_time_zone.clone());
    let body = streamed_csv(&header, move |mut out| async move {
        let mut rows = calls::stream(&db, customer, range, &sql);
        let mut batch: Vec<calls::CallRow> = Vec::with_capacity(VALUES_BATCH);
        loop {
            let next = rows.next().await;
            let done = next.is_none();
            match next {
                Some(Ok(row)) => batch.push(row),
                Some(Err(error)) => return out.fail("call export", error).await,
                None => {}
            }
            if batch.len() < VALUES_BATCH && !done {
                continue;
            }
            // The batch's values of the custom dimensions, in one statement.
            let ids: Vec<i64> = batch.iter().map(|r| r.id).collect();
            let values = match dimensions::values_of_calls(&db, customer, &fields, &ids).await {
                Ok(values) => values,
                Err(error) => return out.fail("call export", error).await,
            };
            for row in batch.drain(..) {
                let cells: Vec<&str> =
                    fields.iter().map(|f| values.get(&(row.id, *f)).map_or("", String::as_str)).collect();
                push_row(out.buffer(), &CallLogRow::from_row(&row, &zone, false), &cells);
            }
            if !out.flush_full().await {
                return; // the browser went away
            }
            if done {
                break;
            }
        }
        out.finish().await;
    });
    let file = format!("{}_calls_{first_day}_to_{last_day}.csv", file_name_part(&user.account.product_name));
    Ok(attachment("text/csv; charset=utf-8", &file, body))
}

/// Rows of the export whose custom dimension values are read together.
const VALUES_BATCH: usize = 500;

fn push_row(out: &mut String, row: &CallLogRow, dimension_values: &[&str]) {
    let (talk, ring, whole) =
        (row.talk_seconds.to_string(), row.ring_seconds.to_string(), row.duration_seconds.to_string());
    let id = row.id.to_string();
    let callback = row.callback_of.map(|id| id.to_string()).unwrap_or_default();
    let tags = row.tags.join(", ");
    let score = row.score.map(|s| s.to_string()).unwrap_or_default();
    let mut cells = vec![
        CsvCell::Value(&row.time),
        CsvCell::Text(&row.caller),
        CsvCell::Text(&row.tracked_number),
        CsvCell::Text(&row.number_name),
        CsvCell::Text(&row.campaign),
        CsvCell::Text(&row.source),
        CsvCell::Text(&row.medium),
        CsvCell::Text(&row.landing_page),
        CsvCell::Value(&talk),
        CsvCell::Value(&ring),
        CsvCell::Value(&whole),
        CsvCell::Value(&row.outcome_label),
        CsvCell::Text(&row.destination),
        CsvCell::Value(if row.first_time { "Yes" } else { "No" }),
        CsvCell::Text(&tags),
        CsvCell::Value(&callback),
        CsvCell::Value(&id),
        CsvCell::Value(&score),
        CsvCell::Value(&row.lead_score),
        CsvCell::Text(&row.follow_up_label),
        CsvCell::Text(&row.note),
    ];
    cells.extend(dimension_values.iter().map(|v| CsvCell::Text(v)));
    push_csv_line(out, &cells);
}
