//! Direct Debit updates: the billing details' update link starts a flow at the
//! provider's hosted mandate page; the provider sends the browser back here with its signed
//! answer, which is recorded once, for this customer's own fresh flow, only with a good
//! signature; then on to the billing details with directDebitUpdated=1 (or 0 for anything
//! else: cancelled, tampered, replayed, expired).

use crate::http::kit::extract::Query;
use crate::store::CustomerId;
use axum::extract::State;
use axum::http::header::LOCATION;
use axum::http::request::Parts;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use domain::{billing_page, guard, AccountState, GuardStep};
use std::collections::HashMap;

use super::accountsettings::current_state;
use crate::http::kit::error::AppError;
use crate::http::kit::session::page_session;
use crate::providers::payments::{Journey, APP_BASE, MANDATE_RETURN_PATH, MANDATE_SIGNED_RETURN};
use crate::state::AppState;
use crate::store::{billing, payment_orders};

pub(crate) fn router() -> Router<AppState> {
    Router::new().route(MANDATE_RETURN_PATH, get(mandate_return))
}

/// The provider's page to start the customer's user's flow at: their live flow again, or a new
/// one (the billing details' GET adds no row each time).
pub(crate) async fn mandate_url(state: &AppState, customer: CustomerId, user: i64) -> Result<String, AppError> {
    let now = state.clock.now();
    let flow = payment_orders::live_or_new(&state.db, Journey::MandateFlow, customer, user, now).await?;
    Ok(state.payments.mandate_url(&flow, MANDATE_RETURN_PATH))
}

fn see_other(to: &str) -> Response {
    (StatusCode::SEE_OTHER, [(LOCATION, to.to_string())]).into_response()
}

fn billing_details(account: &AccountState, updated: bool) -> Response {
    let page = billing_page("/billing/details", account);
    see_other(&format!("{APP_BASE}{page}?directDebitUpdated={}", u8::from(updated)))
}

/// Records a genuine, successful answer for the customer's own fresh flow; false otherwise.
async fn record(state: &AppState, customer: CustomerId, answer: &HashMap<String, String>) -> Result<bool, AppError> {
    let text = |name: &str| answer.get(name).map(String::as_str).unwrap_or("");
    let params: Vec<(&str, &str)> = MANDATE_SIGNED_RETURN.iter().map(|name| (*name, text(name))).collect();
    if !state.payments.mandate_answer_is_genuine(&params, text("shasign")) || text("status") != "success" {
        return Ok(false);
    }
    let (mandate, account) = (text("mandate"), text("account"));
    let well_formed = (1..=40).contains(&mandate.len())
        && mandate.bytes().all(|b| b.is_ascii_alphanumeric())
        && account.len() == 2
        && account.bytes().all(|b| b.is_ascii_digit());
    if !well_formed {
        return Ok(false);
    }
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !payment_orders::claim(&mut tx, Journey::MandateFlow, text("flowid"), customer, now).await? {
        return Ok(false);
    }
    let updated = billing::set_direct_debit(&mut tx, customer, mandate, account, now).await?;
    if !updated {
        return Ok(false);
    }
    tx.commit().await?;
    Ok(true)
}

async fn mandate_return(
    State(state): State<AppState>,
    parts: Parts,
    Query(answer): Query<HashMap<String, String>>,
) -> Result<Response, AppError> {
    let Some(session) = page_session(&state, &parts).await? else {
        return Ok(see_other("/login?return=%2Fmanage%2Fbilling%2Fdetails"));
    };
    let account = current_state(&state, &session).await?;
    if guard(&billing_page("/billing/details", &account), &account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let recorded = record(&state, CustomerId::new(account.customer_id), &answer).await?;
    if recorded {
        tracing::info!(customer = account.customer_id, "direct debit mandate updated");
    } else {
        tracing::warn!(
            customer = account.customer_id,
            "direct debit answer refused: cancelled, unsigned, used or expired"
        );
    }
    Ok(billing_details(&account, recorded))
}
