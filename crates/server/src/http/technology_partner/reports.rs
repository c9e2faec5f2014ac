//! technologypartner/getReports: calls and qualified leads per supplied account per month, for
//! this month and the eleven before, from the calls table.

use axum::extract::State;
use axum::Json;
use domain::billing::invoice::local_date;
use domain::format_date;
use domain::partners::lead_reports::{
    monthly_lead_report, months_back_start, report_months, LeadReportRow, ReportMonth, QUALIFIED_LEAD_SECONDS,
};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::tech_partners;

/// This month and the eleven before it.
const REPORT_MONTHS: u32 = 12;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(reports))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SuppliedAccount {
    id: i64,
    name: String,
    /// dd/mm/yyyy: leads are counted from this day on.
    since: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LeadReports {
    accounts: Vec<SuppliedAccount>,
    /// The report's months, oldest first (empty ones too, for the chart).
    months: Vec<ReportMonth>,
    rows: Vec<LeadReportRow>,
    qualified_lead_seconds: i64,
}

#[utoipa::path(get, path = "/technologypartner/getReports", tag = "technology partner", responses((status = 200, body = LeadReports)))]
async fn reports(State(state): State<AppState>, user: AccountUser) -> Result<Json<LeadReports>, AppError> {
    require_page(&user, "/technologypartner/reports")?;
    let partner = user.customer();
    let zone = &user.account.customer_time_zone;
    let now = state.clock.now();
    let start = months_back_start(now, REPORT_MONTHS - 1, zone).map_err(AppError::Internal)?;
    let months = report_months(now, REPORT_MONTHS, zone).map_err(AppError::Internal)?;
    let calls = tech_partners::report_calls(&state.db, partner, start).await?;
    let rows = monthly_lead_report(&calls, zone).map_err(AppError::Internal)?;
    let accounts = tech_partners::supplied_accounts(&state.db, partner)
        .await?
        .into_iter()
        .map(|a| SuppliedAccount {
            id: a.id,
            name: a.name,
            since: local_date(a.since, zone).ok().and_then(|d| format_date(&d)).unwrap_or_default(),
        })
        .collect();
    Ok(Json(LeadReports { accounts, months, rows, qualified_lead_seconds: QUALIFIED_LEAD_SECONDS }))
}
