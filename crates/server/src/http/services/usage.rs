//! services/getAccountUsage and services/getCallCharges: the plan and usage page's figures,
//! counted from stored data (spec/billing-subscription-purchase.md, "Account usage" and "Call
//! charges").

use axum::extract::State;
use axum::Json;
use domain::purchase::usage::{inclusive_minutes, usage_periods, Period};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::charges::require_subscription_page;
use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::state::AppState;
use crate::store::usage::{self, CallTotals};

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
    let allowance = usage::allowance(&state.db, user.account.plan().name()).await?;
    let dynamic_urls = usage::dynamic_urls(&state.db, customer).await?;
    let pools = usage::pools(&state.db, customer).await?;
    let minutes = inclusive(&state, &user, allowance.inclusive_minutes).await?;
    let storage = usage::recording_storage_days(&state.db, customer).await?;
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
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PeriodUsage {
    label: String,
    calls: i64,
    minutes: i64,
    /// In pounds.
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

async fn period_usage(
    state: &AppState,
    customer: i64,
    direction: &str,
    period: &Period,
) -> Result<PeriodUsage, AppError> {
    let CallTotals { calls, minutes, cost_tenth_pence } =
        usage::call_totals(&state.db, customer, direction, period.start, period.end).await?;
    Ok(PeriodUsage { label: period.label.clone(), calls, minutes, total_cost: cost_tenth_pence as f64 / 1000.0 })
}

#[utoipa::path(get, path = "/services/getCallCharges", tag = "services", responses((status = 200, body = CallCharges)))]
async fn call_charges(State(state): State<AppState>, user: AccountUser) -> Result<Json<CallCharges>, AppError> {
    require_subscription_page(&user)?;
    let customer = user.customer();
    let periods = usage_periods(state.clock.now(), &user.account.customer_time_zone).map_err(AppError::Internal)?;
    let mut directions = Vec::with_capacity(2);
    for direction in ["inbound", "outbound"] {
        let usage = |period| period_usage(&state, customer, direction, period);
        directions.push(DirectionUsage {
            monthly_usage: TwoPeriods {
                previous: usage(&periods.previous_month).await?,
                current: usage(&periods.current_month).await?,
            },
            quarterly_usage: TwoPeriods {
                previous: usage(&periods.previous_quarter).await?,
                current: usage(&periods.current_quarter).await?,
            },
        });
    }
    let allowance = usage::allowance(&state.db, user.account.plan().name()).await?;
    let minutes = inclusive(&state, &user, allowance.inclusive_minutes).await?;
    let outbound = directions.pop().expect("two directions");
    let inbound = directions.pop().expect("two directions");
    Ok(Json(CallCharges { inclusive: InclusiveUsage { used: minutes.used, total: minutes.total }, inbound, outbound }))
}
