//! One static number's page (docs/static-api.md): its row, where a call goes now (the routing's
//! own call path at this moment, in words), its last calls (the call log's rows) and its
//! routing history.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::numbers::{route_summary, NumberRoute};
use domain::reports::{path_steps, range_since, CallLogQuery, CallSort, DatePreset, JourneyStep};
use domain::routing::history::{change_time, RecordKind};
use domain::routing::ivr::follow_call;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::campaigns::positive_id;
use super::{route_of, NumberListRow, StaticUser};
use crate::http::kit::error::AppError;
use crate::http::reports::CallLogRow;
use crate::state::AppState;
use crate::store::calls::{self, CallLogSql};
use crate::store::numbers;
use crate::store::routing_history::{self, Filter};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(number_page))
}

/// How many recent calls and history changes the page shows.
const RECENT: u32 = 20;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct HistoryLine {
    id: i64,
    /// When, in the account's zone.
    time: String,
    user_name: String,
    summary: String,
}

/// The call log's custom range that shows every stored call of the number.
#[derive(Serialize, ToSchema)]
struct DayRange {
    /// YYYY-MM-DD, in the account's zone.
    from: String,
    to: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct NumberDetails {
    number: NumberListRow,
    /// Where a call made now goes, step by step (empty when it goes straight to a number or
    /// nowhere: `routeSummary` says so).
    call_path: Vec<JourneyStep>,
    route_summary: String,
    /// The last calls, newest first (empty without the reports permission).
    recent_calls: Vec<CallLogRow>,
    /// Whether the user may see calls (the reports permission).
    sees_calls: bool,
    /// The call log's range for 'See all calls' (None without calls or without the permission).
    all_calls: Option<DayRange>,
    /// The number's routing changes, newest first.
    history: Vec<HistoryLine>,
}

#[utoipa::path(get, path = "/managenumbers/getNumber/{id}", tag = "static",
    params(("id" = String, Path, description = "The static number's id.")),
    responses((status = 200, body = NumberDetails)))]
async fn number_page(
    State(state): State<AppState>,
    user: StaticUser,
    Path(id): Path<String>,
) -> Result<Json<NumberDetails>, AppError> {
    let id = positive_id(&id).ok_or(AppError::NotFound)?;
    let customer = user.customer();
    let zone = user.account.customer_time_zone.clone();
    let row = numbers::one(&state.db, customer, id, user.calls_period(&state)?).await?.ok_or(AppError::NotFound)?;
    let route = route_of(&row);
    let call_path = match &route {
        NumberRoute::Plan { id: plan, .. } => call_path_now(&state, customer, *plan, &zone).await?,
        _ => Vec::new(),
    };
    let sees_calls = user.account.can_access_reports;
    let recent_calls = if sees_calls { recent_calls(&state, &user, id).await? } else { Vec::new() };
    let first_call = if sees_calls { numbers::first_call(&state.db, customer, id).await? } else { None };
    let all_calls = match first_call {
        Some(first) => {
            let (from, to) = range_since(first, state.clock.now(), &zone).map_err(AppError::Internal)?;
            Some(DayRange { from, to })
        }
        None => None,
    };
    let filter = Filter {
        kind: Some(RecordKind::Connect),
        record_id: Some(id),
        user_id: None,
        from: None,
        to: None,
        publish_as_one: false,
    };
    let (changes, _) =
        routing_history::page(&mut *state.db.acquire().await?, customer, &filter, 0, i64::from(RECENT)).await?;
    let history = changes
        .into_iter()
        .map(|c| HistoryLine {
            id: c.id,
            time: change_time(c.created_at, &zone),
            user_name: c.user_name,
            summary: c.summary,
        })
        .collect();
    Ok(Json(NumberDetails {
        route_summary: route_summary(&route),
        number: NumberListRow::from_row(row, &zone),
        call_path,
        recent_calls,
        sees_calls,
        all_calls,
        history,
    }))
}

/// The plan's call path at this moment with no key pressed, in words.
async fn call_path_now(
    state: &AppState,
    customer: CustomerId,
    plan: i64,
    zone: &str,
) -> Result<Vec<JourneyStep>, AppError> {
    let snapshot = routing_history::snapshot(&mut *state.db.acquire().await?, customer).await?;
    let Some(stored) = snapshot.service_plans.iter().find(|p| p.id == plan) else { return Ok(Vec::new()) };
    let path =
        follow_call(&stored.form.rows, &stored.form.exceptions, zone, state.clock.now() * 1000, &snapshot.library, &[])
            .map_err(AppError::Internal)?
            .named(&stored.form.description);
    Ok(path_steps(&path))
}

/// The number's last calls, as the call log shows them.
async fn recent_calls(state: &AppState, user: &StaticUser, id: i64) -> Result<Vec<CallLogRow>, AppError> {
    let query = CallLogQuery {
        period: DatePreset::Last30Days, // not read: the range below is every call until now
        source: None,
        campaign: None,
        number: Some(id),
        outcomes: Vec::new(),
        follow_up: None,
        tag: None,
        category: None,
        first_time: false,
        min_duration: None,
        score: None,
        min_score: None,
        dimension: None,
        transcript: None,
        test_calls: false,
        calls_out: false,
        dimension_match: None,
        search: String::new(),
        page: 1,
        page_size: RECENT,
        sort: CallSort::Time,
        descending: true,
    };
    let sql = CallLogSql::new(&query, &user.account.number_format, crate::db::Backend::of(&state.db));
    let range = (0, state.clock.now() + 1);
    let (rows, _) = calls::page(&state.db, user.customer(), range, &sql, &query).await?;
    let hears = calls::may_hear_recordings(&state.db, user.session.user_id, user.customer()).await?;
    let zone = &user.account.customer_time_zone;
    Ok(rows.iter().map(|row| CallLogRow::from_row(row, zone, hears)).collect())
}
