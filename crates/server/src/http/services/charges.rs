//! services/getCustomerCharges and services/getCustomerChargesUpgrade/?product_code=: the
//! pricing breakdown, 'Current' and 'Comparison', computed from the customer's running charges,
//! the numbers held above the plan's allowance, the price catalogue and the plan's usage rates.

use std::collections::BTreeMap;

use crate::http::kit::extract::Query;
use axum::extract::State;
use axum::Json;
use domain::billing::invoice::local_date;
use domain::billing::invoice::{month_call_charges, months_of, numbers_above_allowance, BillingMonth};
use domain::purchase::usage::usage_periods;
use domain::purchase::{
    addon_offer, is_addon_on_sale, is_plan_change, upgrade_notes, AddonChange, AddonRepricing, RunningTrial,
};
use domain::speech::SPEECH_SCOPE;
use domain::Plan;
use domain::{guard, GuardStep};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::prices::MAX_SCOPE_LENGTH;
use super::repricing::PlanPrices;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::charges::{self, RunningCharge, UsageRate};
use crate::store::prices::{self, CataloguePrice};
use crate::store::{invoices, speech_trials, usage};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(customer_charges)).routes(routes!(upgrade_comparison))
}

fn pounds(pence: i64) -> f64 {
    pence as f64 / 100.0
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ChargeLine {
    description: String,
    quantity: i64,
    /// quantity × unit price, in pounds.
    price: f64,
    unit_price: f64,
    plan: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_quantity: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_price: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    new_unit_price: Option<f64>,
}

#[derive(Serialize, ToSchema)]
struct UsageCharge {
    description: String,
    /// In pence (1.5 is one and a half pence).
    price: f64,
    frequency: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Breakdown {
    /// By billing frequency ('1' month, '3' quarter, '12' year, '5' one-off, 'per_IVR').
    services: BTreeMap<String, Vec<ChargeLine>>,
    /// By billing frequency, in pounds (the new figures where a line changes).
    totals: BTreeMap<String, f64>,
    usage_based_charges: Vec<UsageCharge>,
    call_charges: MonthCalls,
}

/// This month's calls charged on the plan: its inclusive minutes first, then the usage rates,
/// as the month's invoice will charge them (domain `month_call_charges`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct MonthCalls {
    /// The month, e.g. 'November 2026'.
    label: String,
    /// Inbound minutes the plan includes each month.
    inclusive_minutes: i64,
    /// The month's call charges so far, in pounds.
    total_cost: f64,
}

async fn month_calls(state: &AppState, user: &AccountUser, plan: Plan) -> Result<MonthCalls, AppError> {
    let zone = &user.account.customer_time_zone;
    let periods = usage_periods(state.clock.now(), zone).map_err(AppError::Internal)?;
    let inclusive_minutes = usage::allowance(plan.name()).inclusive_minutes;
    let mut pence = 0;
    for month in months_of(&periods.current_month, zone).map_err(AppError::Internal)? {
        let charges =
            month_call_charges(&invoices::calls_in(&state.db, user.customer(), &month).await?, inclusive_minutes);
        pence += charges.inbound_pence + charges.outbound_pence;
    }
    Ok(MonthCalls { label: periods.current_month.label, inclusive_minutes, total_cost: pounds(pence) })
}

/// This calendar month in the account's zone, as its invoice will be made.
fn this_month(state: &AppState, user: &AccountUser) -> Result<BillingMonth, AppError> {
    let zone = &user.account.customer_time_zone;
    let periods = usage_periods(state.clock.now(), zone).map_err(AppError::Internal)?;
    months_of(&periods.current_month, zone)
        .map_err(AppError::Internal)?
        .into_iter()
        .next()
        .ok_or_else(|| AppError::Internal("no month in the current month".into()))
}

/// The numbers held above what `plan` includes, each kind a monthly line of its catalogue item,
/// as this month's invoice will charge them (domain `numbers_above_allowance`, the billing
/// run's rule).
async fn numbers_above(state: &AppState, user: &AccountUser, plan: Plan) -> Result<Vec<RunningCharge>, AppError> {
    let month = this_month(state, user)?;
    let held = invoices::numbers_by_item(&state.db, user.customer(), plan.name(), &month).await?;
    Ok(held
        .iter()
        .filter_map(|(item, numbers)| {
            numbers_above_allowance(numbers).map(|line| RunningCharge {
                item: (*item).to_string(),
                description: line.description,
                quantity: line.quantity,
                unit_price_pence: numbers.unit_price_pence,
                billing_frequency: "1".into(),
            })
        })
        .collect())
}

/// A charge line, and what it becomes in a comparison.
struct Line {
    charge: RunningCharge,
    new: Option<(i64, i64)>,
}

fn breakdown(lines: Vec<Line>, usage: Vec<UsageRate>, call_charges: MonthCalls) -> Breakdown {
    let mut services: BTreeMap<String, Vec<ChargeLine>> = BTreeMap::new();
    let mut totals: BTreeMap<String, i64> = BTreeMap::new();
    for Line { charge, new } in lines {
        let pence = charge.quantity.saturating_mul(charge.unit_price_pence);
        let (quantity, unit) = new.unwrap_or((charge.quantity, charge.unit_price_pence));
        *totals.entry(charge.billing_frequency.clone()).or_default() += quantity.saturating_mul(unit);
        services.entry(charge.billing_frequency).or_default().push(ChargeLine {
            plan: charge.item == "plan",
            description: charge.description,
            quantity: charge.quantity,
            price: pounds(pence),
            unit_price: pounds(charge.unit_price_pence),
            new_quantity: new.map(|(q, _)| q),
            new_price: new.map(|(q, u)| pounds(q.saturating_mul(u))),
            new_unit_price: new.map(|(_, u)| pounds(u)),
        });
    }
    Breakdown {
        services,
        totals: totals.into_iter().map(|(f, p)| (f, pounds(p))).collect(),
        usage_based_charges: usage
            .into_iter()
            .map(|u| UsageCharge {
                description: u.description,
                price: u.price_tenth_pence as f64 / 10.0,
                frequency: u.frequency,
            })
            .collect(),
        call_charges,
    }
}

/// The plan and usage page's guard: purchase rights, administrator, not legacy; in the
/// technology partner's portal, its My subscription item (account owners).
pub(super) fn require_subscription_page(user: &AccountUser) -> Result<(), AppError> {
    let open = if user.account.is_tech_partner {
        domain::partners::portal_page_open(&user.account, "/technologypartner/subscription")
    } else {
        guard("/subscription", &user.account) == GuardStep::Allow
    };
    if open {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

#[utoipa::path(get, path = "/services/getCustomerCharges", tag = "services", responses((status = 200, body = Breakdown)))]
async fn customer_charges(State(state): State<AppState>, user: AccountUser) -> Result<Json<Breakdown>, AppError> {
    require_subscription_page(&user)?;
    let mut running = charges::running(&state.db, user.customer()).await?;
    running.extend(numbers_above(&state, &user, user.account.plan()).await?);
    let usage = charges::usage_rates(&state.db, user.account.plan().name()).await?;
    let calls = month_calls(&state, &user, user.account.plan()).await?;
    Ok(Json(breakdown(running.into_iter().map(|charge| Line { charge, new: None }).collect(), usage, calls)))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
struct ComparisonQuery {
    /// An add-on scope, or `upgrade` for the next plan; unknown or missing: 404.
    #[param(max_length = 1_000)]
    product_code: Option<String>,
}

#[derive(Serialize, ToSchema)]
struct Comparison {
    current: Breakdown,
    new: Breakdown,
    /// What the purchase changes, in words (domain `purchase::upgrade_notes`): the new monthly
    /// total and when it starts, each running add-on's new price or end, a running trial.
    notes: Vec<String>,
}

/// The words of a period a charge is billed for.
fn per(frequency: &str) -> &'static str {
    match frequency.trim() {
        "3" => "quarter",
        "12" => "year",
        _ => "month",
    }
}

/// The notes of the comparison: the running lines the purchase changes, and a running trial.
async fn notes_of(
    state: &AppState,
    user: &AccountUser,
    target: Plan,
    lines: &[Line],
    monthly_pounds: f64,
) -> Result<Vec<String>, AppError> {
    let changes: Vec<AddonChange> = lines
        .iter()
        .filter(|line| line.charge.item != "plan" && line.charge.quantity > 0)
        .filter_map(|line| {
            let (quantity, unit) = line.new?;
            Some(AddonChange {
                description: line.charge.description.clone(),
                before_pence: line.charge.quantity * line.charge.unit_price_pence,
                after_pence: Some(quantity * unit).filter(|pence| *pence > 0),
                per: per(&line.charge.billing_frequency).to_string(),
            })
        })
        .collect();
    let now = state.clock.now();
    let zone = &user.account.customer_time_zone;
    let day = |instant: i64| local_date(instant, zone).ok().and_then(|d| domain::format_date(&d)).unwrap_or_default();
    let trial = match speech_trials::of_customer(&state.db, user.customer()).await? {
        Some(trial) if trial.ends_at > now => Some(RunningTrial {
            name: "Speech analytics".to_string(),
            ends_on: day(trial.ends_at),
            cancelled: trial.cancelled_at.is_some(),
            price_after_pence: prices::price(&state.db, SPEECH_SCOPE, target.name()).await?.and_then(|p| p.price_pence),
        }),
        _ => None,
    };
    let monthly = (monthly_pounds * 100.0).round() as i64;
    Ok(upgrade_notes(target.name(), &day(now), monthly, &changes, trial.as_ref()))
}

/// What the breakdown becomes with `product_code` bought: an add-on scope (priced on the plan
/// the customer will be on), or `upgrade` (the next plan, add-ons repriced on it).
#[utoipa::path(get, path = "/services/getCustomerChargesUpgrade/", tag = "services", params(ComparisonQuery), responses((status = 200, body = Comparison)))]
async fn upgrade_comparison(
    State(state): State<AppState>,
    user: AccountUser,
    Query(query): Query<ComparisonQuery>,
) -> Result<Json<Comparison>, AppError> {
    require_subscription_page(&user)?;
    let product = query.product_code.unwrap_or_default();
    let product = product.trim();
    if product.is_empty() || product.len() > MAX_SCOPE_LENGTH {
        return Err(AppError::NotFound);
    }
    let plan = user.account.plan();
    let offer = addon_offer(&user.account, product, false);
    let target = match (offer.requires_upgrade, plan.next()) {
        (true, Some(next)) => next,
        (true, None) => return Err(AppError::NotFound),
        (false, _) => plan,
    };
    let running = charges::running(&state.db, user.customer()).await?;
    let mut lines = Vec::with_capacity(running.len() + 2);
    let mut next_plan = None;
    // On another plan, each line as the upgrade will price it.
    let on_target = if target != plan { Some(PlanPrices::load(&state.db, target).await?) } else { None };
    for charge in &running {
        let charge = charge.clone();
        let new = match &on_target {
            None => None,
            Some(on) if charge.item == "plan" => match on.price("plan") {
                // Each plan on a row of its own, under its own name: the current plan's fee
                // ends and the new plan's begins (a plan priced on application: no new figures).
                Some(price @ CataloguePrice { price_pence: Some(unit), .. }) => {
                    next_plan = Some(Line {
                        charge: RunningCharge {
                            item: charge.item.clone(),
                            description: price.description.clone(),
                            quantity: 0,
                            unit_price_pence: *unit,
                            billing_frequency: price.billing_frequency.clone(),
                        },
                        new: Some((charge.quantity, *unit)),
                    });
                    Some((0, charge.unit_price_pence))
                }
                _ => None,
            },
            Some(on) => match on.reprice(&charge.item, charge.unit_price_pence) {
                AddonRepricing::Keep => None,
                AddonRepricing::Reprice(unit) => Some((charge.quantity, unit)),
                // Included in the new plan: no longer charged.
                AddonRepricing::End => Some((charge.quantity, 0)),
            },
        };
        lines.push(Line { charge, new });
        lines.extend(next_plan.take());
    }
    // The numbers above the allowance, against what the plan the customer will be on includes.
    let current_numbers = numbers_above(&state, &user, plan).await?;
    let target_numbers =
        if target != plan { numbers_above(&state, &user, target).await? } else { current_numbers.clone() };
    for charge in &current_numbers {
        let new = match target_numbers.iter().find(|t| t.item == charge.item) {
            Some(t) if (t.quantity, t.unit_price_pence) == (charge.quantity, charge.unit_price_pence) => None,
            Some(t) => Some((t.quantity, t.unit_price_pence)),
            None => Some((0, charge.unit_price_pence)),
        };
        lines.push(Line { charge: charge.clone(), new });
    }
    for charge in target_numbers.iter().filter(|t| !current_numbers.iter().any(|c| c.item == t.item)) {
        let new = Some((charge.quantity, charge.unit_price_pence));
        lines.push(Line { charge: RunningCharge { quantity: 0, ..charge.clone() }, new });
    }
    if !is_plan_change(product) {
        // Only an add-on on sale on the plan the customer will be on.
        if !is_addon_on_sale(target, product) {
            return Err(AppError::NotFound);
        }
        let price = prices::price(&state.db, product, target.name()).await?.ok_or(AppError::NotFound)?;
        let unit = price.price_pence.ok_or(AppError::NotFound)?;
        match lines.iter_mut().find(|l| l.charge.item == product) {
            // One more of something counted (an outbound user, a storage step).
            Some(line) => line.new = Some((line.charge.quantity + 1, unit)),
            None => lines.push(Line {
                charge: RunningCharge {
                    item: product.to_string(),
                    description: price.description.clone(),
                    quantity: 0,
                    unit_price_pence: unit,
                    billing_frequency: price.billing_frequency.clone(),
                },
                new: Some((1, unit)),
            }),
        }
    }
    let current_usage = charges::usage_rates(&state.db, plan.name()).await?;
    let new_usage = charges::usage_rates(&state.db, target.name()).await?;
    let current_calls = month_calls(&state, &user, plan).await?;
    let new_calls = month_calls(&state, &user, target).await?;
    let current = breakdown(
        running.into_iter().chain(current_numbers).map(|charge| Line { charge, new: None }).collect(),
        current_usage,
        current_calls,
    );
    let monthly = |b: &Breakdown| b.totals.get("1").copied().unwrap_or(0.0);
    let notes_lines: Vec<Line> = lines.iter().map(|l| Line { charge: l.charge.clone(), new: l.new }).collect();
    let new = breakdown(lines, new_usage, new_calls);
    let notes = notes_of(&state, &user, target, &notes_lines, monthly(&new)).await?;
    Ok(Json(Comparison { current, new, notes }))
}
