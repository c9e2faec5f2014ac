//! services/getAccountUsage and services/getCallCharges: the plan and usage page's figures,
//! counted from stored data (spec/billing-subscription-purchase.md, "Account usage" and "Call
//! charges").

use axum::extract::State;
use axum::Json;
use domain::billing::invoice::{month_call_charges, month_inclusive_minutes, months_of};
use domain::purchase::usage::{inclusive_minutes, usage_periods, Period};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::charges::require_subscription_page;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::usage::{self, CallTotals};
use crate::store::{charges, invoices};
use domain::purchase::plan_page;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(account_usage)).routes(routes!(call_charges))
}

#[derive(Serialize, ToSchema)]
struct UsageDynamicUrl {
    id: i64,
    description: String,
    url: String,
}

#[derive(Serialize, ToSchema)]
struct UsagePool {
    id: i64,
    name: String,
}

#[derive(Serialize, ToSchema)]
struct UsageAddOn {
    scope: String,
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AccountUsage {
    dynamic_urls: Vec<UsageDynamicUrl>,
    dynamic_urls_count: usize,
    pools_count: usize,
    pools: Vec<UsagePool>,
    static_numbers: i64,
    /// Static numbers the plan includes.
    statics_available: i64,
    /// Pools the plan includes.
    pools_available: i64,
    outbound_agents: i64,
    /// Days of call recording storage.
    call_recording_storage: i64,
    free_call_recording_storage: i64,
    only_use_assigned_numbers: bool,
    /// Inclusive minutes a month.
    minutes_available: i64,
    inclusive_minutes_left: i64,
    add_ons: Vec<UsageAddOn>,
    /// What the plan is charged, in pounds per `planBillingFrequency` (its running charge, at
    /// the catalogue's price or the customer's contract price); null: price on application.
    plan_price: Option<f64>,
    /// The plan charge's billing frequency ('1' month, '3' quarter, '12' year).
    plan_billing_frequency: Option<String>,
}

/// This month's inbound minutes against the plan's inclusive minutes.
async fn inclusive(
    state: &AppState,
    user: &AccountUser,
    total: i64,
) -> Result<domain::purchase::usage::InclusiveMinutes, AppError> {
    let periods = usage_periods(state.clock.now(), &user.account.customer_time_zone).map_err(AppError::Internal)?;
    let month = &periods.current_month;
    let inbound = usage::call_totals(&state.db, user.customer(), "inbound", month.start, month.end).await?;
    Ok(inclusive_minutes(total, inbound.minutes))
}

#[utoipa::path(get, path = "/services/getAccountUsage", tag = "services", responses((status = 200, body = AccountUsage)))]
async fn account_usage(State(state): State<AppState>, user: AccountUser) -> Result<Json<AccountUsage>, AppError> {
    require_subscription_page(&user)?;
    let customer = user.customer();
    let allowance = usage::allowance(user.account.plan().name());
    let dynamic_urls = usage::dynamic_urls(&state.db, customer).await?;
    let pools = usage::pools(&state.db, customer).await?;
    let minutes = inclusive(&state, &user, allowance.inclusive_minutes).await?;
    let storage = usage::recording_storage_days(&state.db, customer).await?;
    let plan = charges::running(&state.db, customer).await?.into_iter().find(|charge| charge.item == "plan");
    Ok(Json(AccountUsage {
        dynamic_urls_count: dynamic_urls.len(),
        dynamic_urls: dynamic_urls
            .into_iter()
            .map(|(id, description, url)| UsageDynamicUrl { id, description, url })
            .collect(),
        pools_count: pools.len(),
        pools: pools.into_iter().map(|(id, name)| UsagePool { id, name }).collect(),
        static_numbers: usage::static_numbers(&state.db, customer).await?,
        statics_available: allowance.static_numbers,
        pools_available: allowance.pools,
        outbound_agents: usage::outbound_agents(&state.db, customer).await?,
        // A plan's free storage is never less than what the customer holds.
        call_recording_storage: storage.max(allowance.free_recording_days),
        free_call_recording_storage: allowance.free_recording_days,
        only_use_assigned_numbers: false,
        minutes_available: minutes.total,
        inclusive_minutes_left: minutes.left,
        add_ons: usage::addons(&state.db, customer)
            .await?
            .into_iter()
            .map(|(scope, description)| UsageAddOn { scope, description })
            .collect(),
        plan_price: plan.as_ref().map(|charge| charge.quantity.saturating_mul(charge.unit_price_pence) as f64 / 100.0),
        plan_billing_frequency: plan.map(|charge| charge.billing_frequency),
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PeriodUsage {
    label: String,
    calls: i64,
    minutes: i64,
    /// In pounds: what the calls cost after the plan's inclusive minutes, month by month, as
    /// the invoice charges them (domain `month_call_charges`).
    total_cost: f64,
}

#[derive(Serialize, ToSchema)]
struct TwoPeriods {
    previous: PeriodUsage,
    current: PeriodUsage,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DirectionUsage {
    monthly_usage: TwoPeriods,
    quarterly_usage: TwoPeriods,
}

#[derive(Serialize, ToSchema)]
struct InclusiveUsage {
    used: i64,
    total: i64,
}

#[derive(Serialize, ToSchema)]
struct CallCharges {
    inclusive: InclusiveUsage,
    inbound: DirectionUsage,
    outbound: DirectionUsage,
}

/// The calls of a period, and their charge in pence: each calendar month charged after the
/// inclusive minutes its invoice was made with (the plan's of today for a month not invoiced
/// yet), so a past month is what its invoice charged whatever the plan became.
async fn period_usage(
    state: &AppState,
    user: &AccountUser,
    inclusive_total: i64,
    period: &Period,
) -> Result<[PeriodUsage; 2], AppError> {
    let customer = user.customer();
    let (mut inbound_pence, mut outbound_pence) = (0, 0);
    for month in months_of(period, &user.account.customer_time_zone).map_err(AppError::Internal)? {
        let calls = invoices::calls_in(&state.db, customer, &month).await?;
        let invoiced = invoices::invoiced_inclusive_minutes(&state.db, customer, month.period.start).await?;
        let charges = month_call_charges(&calls, month_inclusive_minutes(invoiced, inclusive_total));
        inbound_pence += charges.inbound_pence;
        outbound_pence += charges.outbound_pence;
    }
    let mut both = Vec::with_capacity(2);
    for (direction, pence) in [("inbound", inbound_pence), ("outbound", outbound_pence)] {
        let CallTotals { calls, minutes, .. } =
            usage::call_totals(&state.db, customer, direction, period.start, period.end).await?;
        both.push(PeriodUsage { label: period.label.clone(), calls, minutes, total_cost: pence as f64 / 100.0 });
    }
    let outbound = both.pop().expect("two directions");
    let inbound = both.pop().expect("two directions");
    Ok([inbound, outbound])
}

#[utoipa::path(get, path = "/services/getCallCharges", tag = "services", responses((status = 200, body = CallCharges)))]
async fn call_charges(State(state): State<AppState>, user: AccountUser) -> Result<Json<CallCharges>, AppError> {
    require_subscription_page(&user)?;
    // A technology partner's plan page has no call charges: nor does its API.
    if !plan_page(&user.account).call_tracking {
        return Err(AppError::Forbidden);
    }
    let periods = usage_periods(state.clock.now(), &user.account.customer_time_zone).map_err(AppError::Internal)?;
    let allowance = usage::allowance(user.account.plan().name());
    let total = allowance.inclusive_minutes;
    let [previous_month_in, previous_month_out] = period_usage(&state, &user, total, &periods.previous_month).await?;
    let [current_month_in, current_month_out] = period_usage(&state, &user, total, &periods.current_month).await?;
    let [previous_quarter_in, previous_quarter_out] =
        period_usage(&state, &user, total, &periods.previous_quarter).await?;
    let [current_quarter_in, current_quarter_out] =
        period_usage(&state, &user, total, &periods.current_quarter).await?;
    let inbound = DirectionUsage {
        monthly_usage: TwoPeriods { previous: previous_month_in, current: current_month_in },
        quarterly_usage: TwoPeriods { previous: previous_quarter_in, current: current_quarter_in },
    };
    let outbound = DirectionUsage {
        monthly_usage: TwoPeriods { previous: previous_month_out, current: current_month_out },
        quarterly_usage: TwoPeriods { previous: previous_quarter_out, current: current_quarter_out },
    };
    let minutes = inclusive(&state, &user, total).await?;
    Ok(Json(CallCharges { inclusive: InclusiveUsage { used: minutes.used, total: minutes.total }, inbound, outbound }))
}
