//! A group account's combined views of its member clinics (/reports/clinics): each clinic's
//! dashboard totals and the group's, and one call log across them. A clinic counts when the user
//! may see its reports through their own access to it (as the account switcher lets them in);
//! any other id is 404. A clinic's own filters and a call's detail wait for the clinic to be
//! opened (domain `reports::group`).

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::reports::group::{group_call_log_query, parse_clinic, ClinicChoice, CLINICS_PAGE};
use domain::reports::period::preset_from_query;
use domain::reports::{previous_label, report_period, CallLogQueryInput, DatePreset};
use domain::{guard, AccountState, GuardStep};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::dashboard::{totals_of, DashboardTotals};
use super::{CallLogRow, ReportsUser};
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::calls::{self, CallLogSql, CallScope};
use crate::store::reports_dashboard::{self as figures, Totals};
use crate::store::{accounts, groups, CustomerId};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(group_dashboard)).routes(routes!(group_calls))
}

/// A member clinic the user reaches.
#[derive(Debug, Serialize, ToSchema)]
pub(super) struct Clinic {
    id: i64,
    name: String,
}

/// The clinics of the session's group the user may see the reports of, with their state.
async fn clinics_reached(state: &AppState, user: &ReportsUser) -> Result<Vec<(Clinic, AccountState)>, AppError> {
    if guard(CLINICS_PAGE, &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let mut reached = Vec::new();
    for (id, name) in groups::members(&state.db, user.customer()).await? {
        let now = state.clock.now();
        let account =
            accounts::load_state(&state.db, user.session.user_id, id, &state.settings.product_name, now).await?;
        if let Some(account) = account.filter(|a| a.can_access_reports) {
            reached.push((Clinic { id: id.get(), name }, account));
        }
    }
    Ok(reached)
}

/// The period's query: a preset, or a custom range.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
struct PeriodQuery {
    preset: Option<String>,
    from: Option<String>,
    to: Option<String>,
}

/// One clinic's totals, as its own dashboard shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ClinicFigures {
    id: i64,
    name: String,
    totals: DashboardTotals,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GroupDashboard {
    /// The period's first and last local day, YYYY-MM-DD.
    first_day: String,
    last_day: String,
    /// "vs previous 30 days".
    previous_label: String,
    /// By name.
    clinics: Vec<ClinicFigures>,
    /// The clinics' sum (the average talk of all their answered calls).
    total: DashboardTotals,
}

fn preset_of(query: &PeriodQuery) -> Result<DatePreset, AppError> {
    preset_from_query(query.preset.as_deref(), query.from.as_deref(), query.to.as_deref())
        .map_err(|message| AppError::field("preset", message))
}

fn period_error(preset: &DatePreset) -> impl Fn(String) -> AppError + '_ {
    move |message| AppError::field(if matches!(preset, DatePreset::Custom { .. }) { "from" } else { "preset" }, message)
}

/// Each clinic's dashboard totals for the period and the group's.
#[utoipa::path(get, path = "/reports/getGroupDashboard", tag = "reports", params(crate::http::contract::bounds::PeriodParams),
    responses((status = 200, body = GroupDashboard), (status = 403, description = "Not a group account, or no reports permission"),
        (status = 422, description = "A period that is not one")))]
async fn group_dashboard(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(query): Query<PeriodQuery>,
) -> Result<Json<GroupDashboard>, AppError> {
    let preset = preset_of(&query)?;
    let now = state.clock.now();
    let period = report_period(&preset, now, &user.account.customer_time_zone).map_err(period_error(&preset))?;
    let label = previous_label(&preset, &period);
    let (mut current_sum, mut previous_sum) = (Totals::default(), Totals::default());
    let mut clinics = Vec::new();
    for (clinic, account) in clinics_reached(&state, &user).await? {
        // The clinic's own period, in its own zone: its row is its dashboard's.
        let own = report_period(&preset, now, &account.customer_time_zone).map_err(period_error(&preset))?;
        let id = CustomerId::new(clinic.id);
        let current = figures::totals(&state.db, id, (own.start, own.end)).await?;
        let previous = figures::totals(&state.db, id, (own.previous_start, own.previous_end)).await?;
        current_sum = current_sum + current;
        previous_sum = previous_sum + previous;
        clinics.push(ClinicFigures { id: clinic.id, name: clinic.name, totals: totals_of(current, previous, &label) });
    }
    Ok(Json(GroupDashboard {
        total: totals_of(current_sum, previous_sum, &label),
        first_day: period.first_day,
        last_day: period.last_day,
        previous_label: label,
        clinics,
    }))
}

/// The combined log's query: the call log's, and the clinic.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct GroupCallQuery {
    clinic: Option<String>,
    #[serde(flatten)]
    log: CallLogQueryInput,
}

/// A call of the combined log, with its clinic.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GroupCallRow {
    clinic_id: i64,
    clinic: String,
    #[serde(flatten)]
    call: CallLogRow,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct GroupCallLog {
    calls: Vec<GroupCallRow>,
    total: i64,
    page: u32,
    page_size: u32,
    /// The period's first and last local day, YYYY-MM-DD.
    first_day: String,
    last_day: String,
    /// Every clinic the user reaches, by name: the clinic filter's choices.
    clinics: Vec<Clinic>,
}

/// A page of the calls of all the group's clinics, or of one, newest first unless sorted
/// otherwise. Recordings and a call's detail are opened in its clinic.
#[utoipa::path(get, path = "/reports/getGroupCalls", tag = "reports", params(crate::http::contract::bounds::GroupCallParams),
    responses((status = 200, body = GroupCallLog), (status = 403, description = "Not a group account, or no reports permission"),
        (status = 404, description = "Not a clinic of the group the user reaches"),
        (status = 422, description = "A filter out of bounds, or a clinic's own")))]
async fn group_calls(
    State(state): State<AppState>,
    user: ReportsUser,
    Query(input): Query<GroupCallQuery>,
) -> Result<Json<GroupCallLog>, AppError> {
    let choice = parse_clinic(input.clinic.as_deref()).map_err(|message| AppError::field("clinic", message))?;
    let query = group_call_log_query(&input.log).map_err(AppError::Validation)?;
    let reached = clinics_reached(&state, &user).await?;
    let chosen: Vec<CustomerId> = match choice {
        ClinicChoice::All => reached.iter().map(|(c, _)| CustomerId::new(c.id)).collect(),
        ClinicChoice::One(id) => match reached.iter().find(|(c, _)| c.id == id) {
            Some((clinic, _)) => vec![CustomerId::new(clinic.id)],
            None => return Err(AppError::NotFound),
        },
    };
    let zone = &user.account.customer_time_zone;
    let period = report_period(&query.period, state.clock.now(), zone).map_err(period_error(&query.period))?;
    let backend = crate::db::Backend::of(&state.db);
    let sql = CallLogSql::scoped(&query, &user.account.number_format, &CallScope::Clinics(chosen), backend);
    let (rows, total) = calls::page(&state.db, user.customer(), (period.start, period.end), &sql, &query).await?;
    // Every row is of a chosen clinic: the statement reads no other.
    let mut calls: Vec<GroupCallRow> = rows
        .iter()
        .filter_map(|row| {
            let (clinic, account) = reached.iter().find(|(c, _)| c.id == row.customer_id)?;
            Some(GroupCallRow {
                clinic_id: clinic.id,
                clinic: clinic.name.clone(),
                // Heard in the clinic, once opened: the recording's address is the clinic's.
                call: CallLogRow::from_row(row, &account.customer_time_zone, false),
            })
        })
        .collect();
    super::with_transcript_lines(&state, query.transcript.as_ref(), calls.iter_mut().map(|row| &mut row.call)).await?;
    Ok(Json(GroupCallLog {
        calls,
        total,
        page: query.page,
        page_size: query.page_size,
        first_day: period.first_day,
        last_day: period.last_day,
        clinics: reached.into_iter().map(|(clinic, _)| clinic).collect(),
    }))
}
