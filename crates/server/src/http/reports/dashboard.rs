//! reports/dashboard: the dashboard's figures for a period in the account's time
//! zone: calls a day by source (the top sources and "Other", stacked), answered and missed a
//! day, the top sources, and the totals, each against the period before. Needs the reports
//! permission; the customer is always the session's.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::reports::dashboard::{average_seconds, NO_SOURCE};
use domain::reports::period::preset_from_query;
use domain::reports::{
    compare, day_buckets, minutes_seconds, previous_label, report_period, source_label, stack_series, DatePreset,
    DaySeries, PeriodChange,
};
use domain::FieldErrors;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::reports_dashboard::{self as store, Totals};

/// Rows of the top sources table.
const TOP_SOURCES_MAX: usize = 10;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

/// The period, as the call log's filters name it.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct DashboardQuery {
    /// today, yesterday, last7Days, last30Days (the default), thisMonth, lastMonth or custom.
    preset: Option<String>,
    /// The first day of a custom range, YYYY-MM-DD.
    from: Option<String>,
    /// The last day of a custom range, YYYY-MM-DD.
    to: Option<String>,
}

/// One source's calls in the period.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TopSource {
    /// "google / cpc", or "(none)".
    label: String,
    calls: i64,
    answered: i64,
    first_time: i64,
}

/// The period's totals, each with the period before's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DashboardTotals {
    calls: PeriodChange,
    answered: PeriodChange,
    /// Every outcome but answered.
    missed: PeriodChange,
    first_time: PeriodChange,
    /// Of answered calls, whole seconds.
    average_talk_seconds: PeriodChange,
    /// "2:05".
    average_talk: String,
    previous_average_talk: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Dashboard {
    /// The period's first and last local day, YYYY-MM-DD.
    first_day: String,
    last_day: String,
    /// What the figures are compared with: "vs previous 30 days".
    previous_label: String,
    /// Every local day of the period, YYYY-MM-DD; the series have a number for each.
    days: Vec<String>,
    /// Calls a day by source / medium: the top six and "Other".
    by_source: Vec<DaySeries>,
    answered: Vec<i64>,
    missed: Vec<i64>,
    /// By calls, at most ten.
    top_sources: Vec<TopSource>,
    totals: DashboardTotals,
}

fn one_error(field: &str, message: String) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    AppError::Validation(errors)
}

fn totals_of(current: Totals, previous: Totals, label: &str) -> DashboardTotals {
    let average = |t: Totals| average_seconds(t.talk_seconds, t.answered);
    DashboardTotals {
        calls: compare(current.calls, previous.calls, label),
        answered: compare(current.answered, previous.answered, label),
        missed: compare(current.calls - current.answered, previous.calls - previous.answered, label),
        first_time: compare(current.first_time, previous.first_time, label),
        average_talk_seconds: compare(average(current), average(previous), label),
        average_talk: minutes_seconds(average(current)),
        previous_average_talk: minutes_seconds(average(previous)),
    }
}

/// The dashboard's figures for a period.
#[utoipa::path(get, path = "/reports/dashboard", tag = "reports", params(crate::http::contract::bounds::PeriodParams),
    responses((status = 200, body = Dashboard), (status = 403, description = "No reports permission"),
        (status = 422, description = "A period that is not one")))]
async fn dashboard(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<DashboardQuery>,
) -> Result<Json<Dashboard>, AppError> {
    let zone = &user.account.customer_time_zone;
    let preset = preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|message| one_error("preset", message))?;
    let period = report_period(&preset, state.clock.now(), zone).map_err(|message| {
        one_error(if matches!(preset, DatePreset::Custom { .. }) { "from" } else { "preset" }, message)
    })?;
    let buckets = day_buckets(&period, zone).map_err(AppError::Internal)?;
    let customer = user.customer();
    let rows = store::by_day_and_source(&state.db, customer, (period.start, period.end), &buckets).await?;
    let previous = store::totals(&state.db, customer, (period.previous_start, period.previous_end)).await?;

    let days = buckets.days.len();
    let (mut answered, mut missed) = (vec![0; days], vec![0; days]);
    let mut counts = Vec::new();
    let mut sources: Vec<TopSource> = Vec::new();
    let mut current = Totals::default();
    for row in &rows {
        let label = source_label(&row.source, &row.medium);
        if let Some(day) = buckets.index_of(row.day) {
            answered[day] += row.answered;
            missed[day] += row.calls - row.answered;
            counts.push((day, label.clone(), row.calls));
        }
        current.calls += row.calls;
        current.answered += row.answered;
        current.first_time += row.first_time;
        current.talk_seconds += row.talk_seconds;
        match sources.iter_mut().find(|s| s.label == label) {
            Some(source) => {
                source.calls += row.calls;
                source.answered += row.answered;
                source.first_time += row.first_time;
            }
            None => {
                sources.push(TopSource { label, calls: row.calls, answered: row.answered, first_time: row.first_time })
            }
        }
    }
    // Most calls first; "(none)" after named sources with as many.
    sources.sort_by(|a, b| {
        b.calls
            .cmp(&a.calls)
            .then_with(|| (a.label == NO_SOURCE).cmp(&(b.label == NO_SOURCE)))
            .then(a.label.cmp(&b.label))
    });
    sources.truncate(TOP_SOURCES_MAX);
    let label = previous_label(&preset, &period);
    Ok(Json(Dashboard {
        by_source: stack_series(&counts, days),
        totals: totals_of(current, previous, &label),
        first_day: period.first_day,
        last_day: period.last_day,
        previous_label: label,
        days: buckets.days,
        answered,
        missed,
        top_sources: sources,
    }))
}
