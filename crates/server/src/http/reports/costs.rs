//! reports/costs: what each call cost over a period, by source / medium, campaign or number,
//! against the period before: the figures (domain `spend::CostFacts`) of each line, which the
//! browser words with the domain's arithmetic through wasm (`spend::cost_lines`). Needs the
//! reports permission; the customer is always the session's.

use std::collections::BTreeSet;

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::reports::period::preset_from_query;
use domain::reports::{previous_label, report_period, DatePreset};
use domain::spend::CostFacts;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::cost_figures::{self, CostBy};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(costs))
}

pub const BY_MESSAGE: &str = "Break down by source, campaign or number.";
/// How a line without a source or campaign is named.
const NO_CAMPAIGN: &str = "No campaign";

#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct CostsQuery {
    /// today, yesterday, last7Days, last30Days (the default), thisMonth, lastMonth or custom.
    preset: Option<String>,
    /// The first day of a custom range, YYYY-MM-DD.
    from: Option<String>,
    /// The last day of a custom range, YYYY-MM-DD.
    to: Option<String>,
    /// source (the default), campaign or number.
    by: Option<String>,
}

/// One line: a source's, campaign's or number's figures this period and the period before.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CostReportRow {
    /// The line's id (0 for calls without a source or campaign).
    id: i64,
    label: String,
    current: CostFacts,
    previous: CostFacts,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CostReport {
    first_day: String,
    last_day: String,
    /// "vs previous 30 days".
    previous_label: String,
    /// source, campaign or number.
    by: String,
    /// By spend this period, then calls.
    rows: Vec<CostReportRow>,
    /// The whole account, spend on any line included.
    total: CostReportRow,
}

fn add(total: &mut CostFacts, line: &CostFacts) {
    total.calls += line.calls;
    total.first_time += line.first_time;
    total.qualified += line.qualified;
    total.sales += line.sales;
    total.revenue_pence += line.revenue_pence;
}

/// What each call cost over a period.
#[utoipa::path(get, path = "/reports/costs", tag = "reports", params(crate::http::contract::bounds::PeriodByParams),
    responses((status = 200, body = CostReport), (status = 403, description = "No reports permission"),
        (status = 422, description = "A period or breakdown that is not one")))]
async fn costs(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<CostsQuery>,
) -> Result<Json<CostReport>, AppError> {
    let zone = &user.account.customer_time_zone;
    let by_key = query.by.as_deref().map(str::trim).filter(|b| !b.is_empty()).unwrap_or("source");
    let by = CostBy::from_key(by_key).ok_or_else(|| AppError::field("by", BY_MESSAGE))?;
    let preset = preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|message| AppError::field("preset", message))?;
    let period = report_period(&preset, state.clock.now(), zone).map_err(|message| {
        AppError::field(if matches!(preset, DatePreset::Custom { .. }) { "from" } else { "preset" }, message)
    })?;
    let customer = user.customer();
    let current = cost_figures::figures(
        &state.db,
        customer,
        by,
        (period.start, period.end),
        (&period.first_day, &period.last_day),
    )
    .await?;
    let previous = cost_figures::figures(
        &state.db,
        customer,
        by,
        (period.previous_start, period.previous_end),
        (&period.previous_first_day, &period.previous_last_day),
    )
    .await?;
    let names = super::line_labels(&state, customer, by).await?;
    let none_label = if by == CostBy::Source { domain::reports::dashboard::NO_SOURCE } else { NO_CAMPAIGN };
    let keys: BTreeSet<Option<i64>> = current.keys().chain(previous.keys()).copied().collect();
    let mut total = CostReportRow {
        id: 0,
        label: "All calls".into(),
        current: CostFacts::default(),
        previous: CostFacts::default(),
    };
    let mut rows = Vec::new();
    for key in keys {
        let (now, before) =
            (current.get(&key).copied().unwrap_or_default(), previous.get(&key).copied().unwrap_or_default());
        add(&mut total.current, &now);
        add(&mut total.previous, &before);
        let label = match key {
            Some(id) => names.get(&id).cloned().unwrap_or_else(|| format!("#{id}")),
            None => none_label.to_string(),
        };
        rows.push(CostReportRow { id: key.unwrap_or(0), label, current: now, previous: before });
    }
    let spend = |days: (&str, &str)| {
        let db = state.db.clone();
        let (first, last) = (days.0.to_string(), days.1.to_string());
        async move {
            let lines = crate::store::ad_spend::totals(&db, customer, (&first, &last)).await?;
            Ok::<i64, sqlx::Error>(lines.iter().map(|(_, pence)| pence).sum())
        }
    };
    total.current.spend_pence = spend((&period.first_day, &period.last_day)).await?;
    total.previous.spend_pence = spend((&period.previous_first_day, &period.previous_last_day)).await?;
    rows.sort_by(|a, b| {
        (b.current.spend_pence, b.current.calls)
            .cmp(&(a.current.spend_pence, a.current.calls))
            .then(a.label.cmp(&b.label))
    });
    Ok(Json(CostReport {
        previous_label: previous_label(&preset, &period),
        first_day: period.first_day,
        last_day: period.last_day,
        by: by_key.to_string(),
        rows,
        total,
    }))
}
