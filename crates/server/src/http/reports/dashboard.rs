//! reports/dashboard: the dashboard's figures for a period in the account's time
//! zone: calls a bar by source, campaign or number (the top lines and "Other", stacked),
//! answered and missed a bar, the top lines, and the totals, each against the period before. A
//! bar is a day, or a week or a month for a long period (domain `reports::dashboard::bars`).
//! Needs the reports permission; the customer is always the session's.

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::reports::dashboard::{average_seconds, bars, grouping_for, per_bar, Grouping, NO_SOURCE};
use domain::reports::period::preset_from_query;
use domain::reports::{
    compare, day_buckets, minutes_seconds, previous_label, report_period, stack_series, DatePreset, DaySeries,
    PeriodChange,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::call_credit::Breakdown;
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
    /// source (the default), campaign or number.
    by: Option<String>,
}

/// How a call without a campaign is named.
const NO_CAMPAIGN: &str = "No campaign";

/// One line's calls in the period.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TopSource {
    /// "google / cpc", "(none)"; a campaign; a number or pool.
    label: String,
    calls: i64,
    answered: i64,
    first_time: i64,
}

/// The period's totals, each with the period before's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct DashboardTotals {
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
    /// Every local day of the period, YYYY-MM-DD.
    days: Vec<String>,
    /// A bar a day, week or month: how long the period is decides.
    grouping: Grouping,
    /// Each bar's label ("23 Nov", "w/c 16 Nov", "Nov 2026"); the series have a number for each.
    bars: Vec<String>,
    /// source, campaign or number: what `by_source` and `top_sources` break the calls down by.
    by: String,
    /// Calls a bar by line: the top six and "Other".
    by_source: Vec<DaySeries>,
    answered: Vec<i64>,
    missed: Vec<i64>,
    /// By calls, at most ten.
    top_sources: Vec<TopSource>,
    totals: DashboardTotals,
}

pub(super) fn totals_of(current: Totals, previous: Totals, label: &str) -> DashboardTotals {
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
#[utoipa::path(get, path = "/reports/dashboard", tag = "reports", params(crate::http::contract::bounds::PeriodByParams),
    responses((status = 200, body = Dashboard), (status = 403, description = "No reports permission"),
        (status = 422, description = "A period that is not one")))]
async fn dashboard(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<DashboardQuery>,
) -> Result<Json<Dashboard>, AppError> {
    let zone = &user.account.customer_time_zone;
    let preset = preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|message| AppError::field("preset", message))?;
    let period = report_period(&preset, state.clock.now(), zone).map_err(|message| {
        AppError::field(if matches!(preset, DatePreset::Custom { .. }) { "from" } else { "preset" }, message)
    })?;
    let by_key = query.by.as_deref().map(str::trim).filter(|b| !b.is_empty()).unwrap_or("source");
    let by = Breakdown::from_key(by_key).ok_or_else(|| AppError::field("by", super::costs::BY_MESSAGE))?;
    let buckets = day_buckets(&period, zone).map_err(AppError::Internal)?;
    let customer = user.customer();
    let rows = store::by_day_and_line(&state.db, customer, by, (period.start, period.end), &buckets).await?;
    let previous = store::totals(&state.db, customer, (period.previous_start, period.previous_end)).await?;
    let names = super::line_labels(&state, customer, by).await?;
    let none = if by == Breakdown::Source { NO_SOURCE } else { NO_CAMPAIGN };

    let days = buckets.days.len();
    let bars = bars(&buckets.days, grouping_for(days));
    let (mut answered, mut missed) = (vec![0; days], vec![0; days]);
    let mut counts = Vec::new();
    let mut sources: Vec<TopSource> = Vec::new();
    let mut current = Totals::default();
    for row in &rows {
        let label = match row.line {
            Some(id) => names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
            None => none.to_string(),
        };
        if let Some(day) = buckets.index_of(row.day) {
            answered[day] += row.answered;
            missed[day] += row.calls - row.answered;
            counts.push((bars.of_day[day], label.clone(), row.calls));
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
    // Most calls first; "(none)" after named lines with as many.
    sources.sort_by(|a, b| {
        b.calls.cmp(&a.calls).then_with(|| (a.label == none).cmp(&(b.label == none))).then(a.label.cmp(&b.label))
    });
    sources.truncate(TOP_SOURCES_MAX);
    let label = previous_label(&preset, &period);
    Ok(Json(Dashboard {
        by_source: stack_series(&counts, bars.labels.len()),
        totals: totals_of(current, previous, &label),
        first_day: period.first_day,
        last_day: period.last_day,
        previous_label: label,
        days: buckets.days,
        grouping: bars.grouping,
        answered: per_bar(&answered, &bars),
        missed: per_bar(&missed, &bars),
        bars: bars.labels,
        by: by_key.to_string(),
        top_sources: sources,
    }))
}
