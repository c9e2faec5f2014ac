//! services/getCustomerCharges: the pricing breakdown ('Current'), computed from the customer's
//! running charges and the plan's usage rates.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::get;
use axum::{Json, Router};
use domain::{guard, GuardStep};
use serde::Serialize;

use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::state::AppState;
use crate::store::charges;

pub(super) fn router() -> Router<AppState> {
    Router::new().route("/services/getCustomerCharges", get(customer_charges))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct ChargeLine {
    description: String,
    quantity: i64,
    /// quantity × unit price, in pounds.
    price: f64,
    unit_price: f64,
    plan: bool,
}

#[derive(Serialize)]
struct UsageCharge {
    description: String,
    /// In pence (1.5 is one and a half pence).
    price: f64,
    frequency: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct CustomerCharges {
    /// By billing frequency ('1' month, '3' quarter, '12' year, '5' one-off, 'per_IVR').
    services: BTreeMap<String, Vec<ChargeLine>>,
    totals: BTreeMap<String, f64>,
    usage_based_charges: Vec<UsageCharge>,
}

async fn customer_charges(State(state): State<AppState>, user: AccountUser) -> Result<Json<CustomerCharges>, AppError> {
    // The plan and usage page's guard: purchase rights, administrator, not legacy.
    if guard("/subscription", &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let running = charges::running(&state.db, user.customer()).await?;
    let mut services: BTreeMap<String, Vec<ChargeLine>> = BTreeMap::new();
    let mut totals_pence: BTreeMap<String, i64> = BTreeMap::new();
    for charge in running {
        let pence = charge.quantity.saturating_mul(charge.unit_price_pence);
        *totals_pence.entry(charge.billing_frequency.clone()).or_default() += pence;
        services.entry(charge.billing_frequency).or_default().push(ChargeLine {
            plan: charge.item == "plan",
            description: charge.description,
            quantity: charge.quantity,
            price: pence as f64 / 100.0,
            unit_price: charge.unit_price_pence as f64 / 100.0,
        });
    }
    let usage = charges::usage_rates(&state.db, user.account.plan().name()).await?;
    Ok(Json(CustomerCharges {
        services,
        totals: totals_pence.into_iter().map(|(f, p)| (f, p as f64 / 100.0)).collect(),
        usage_based_charges: usage
            .into_iter()
            .map(|u| UsageCharge {
                description: u.description,
                price: u.price_tenth_pence as f64 / 10.0,
                frequency: u.frequency,
            })
            .collect(),
    }))
}
