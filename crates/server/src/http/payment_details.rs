//! paymentdetails/getBarclayCardParams and paymentdetails/confirmCard (issue 14): the signed
//! parameters the card form posts to the provider's hosted payment page, and the provider's
//! signed answer, checked before anything is recorded. Only card payers with billing access.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::{billing_page, guard, GuardStep};
use serde::Serialize;

use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::payments::{self, Journey, APP_BASE, RETURN_PAGE};
use crate::state::AppState;
use crate::store::billing;
use domain::FieldErrors;

pub const CARD_NOT_UPDATED: &str = "Your credit card details could not be updated. Please try again or contact us.";

/// The return parameters the provider signs, as it names them.
pub const SIGNED_RETURN: [&str; 6] = ["orderid", "success", "alias", "brand", "last4", "expiry"];

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/paymentdetails/getBarclayCardParams", get(card_params))
        .route("/paymentdetails/confirmCard", post(confirm_card))
}

#[derive(Serialize)]
struct CardParams {
    accepturl: String,
    exceptionurl: String,
    orderid: String,
    pspid: String,
    shasign: String,
    #[serde(rename = "actionURL")]
    action_url: String,
    /// The names the card fields are posted under.
    #[serde(rename = "paymentCardName")]
    payment_card_name: String,
    #[serde(rename = "paymentCardNumber")]
    payment_card_number: String,
    #[serde(rename = "paymentExpiryDate")]
    payment_expiry_date: String,
}

#[derive(Serialize)]
struct Confirmed {
    success: bool,
}

/// Billing access, on an account that pays by card.
async fn require_card_payer(state: &AppState, user: &AccountUser) -> Result<(), AppError> {
    if guard(&billing_page("/billing/details/payment", &user.account), &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let details = billing::load(&state.db, user.account.customer_id).await?;
    match details {
        Some(d) if d.payment_method_type == "1" => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

async fn card_params(State(state): State<AppState>, user: AccountUser) -> Result<Json<CardParams>, AppError> {
    require_card_payer(&state, &user).await?;
    let order = payments::new_order_id();
    sqlx::query("INSERT INTO card_orders (order_id, customer_id, created_at) VALUES ($1, $2, $3)")
        .bind(&order)
        .bind(user.account.customer_id)
        .bind(state.clock.now())
        .execute(&state.db)
        .await?;
    // Back to the card page of the account's own portal.
    let back = format!("{APP_BASE}{}", billing_page(RETURN_PAGE, &user.account));
    let order = state.payments.card_order(&order, &back);
    Ok(Json(CardParams {
        accepturl: order.accept_url,
        exceptionurl: order.exception_url,
        orderid: order.order_id,
        pspid: order.pspid,
        shasign: order.shasign,
        action_url: order.action_url,
        payment_card_name: "CN".into(),
        payment_card_number: "CARDNO".into(),
        payment_expiry_date: "ED".into(),
    }))
}

fn refused() -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("generalError", CARD_NOT_UPDATED);
    AppError::Validation(errors)
}

/// The provider's answer from the return address: recorded once, for this customer's own
/// recent order, only with a good signature.
async fn confirm_card(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<Confirmed>, AppError> {
    require_card_payer(&state, &user).await?;
    let params: Vec<(&str, &str)> = SIGNED_RETURN.iter().map(|name| (*name, form.text(name))).collect();
    if !state.payments.card_answer_is_genuine(&params, form.text("shasign")) || form.text("success") != "1" {
        tracing::warn!(customer = user.account.customer_id, "card answer refused: bad signature or not a success");
        return Err(refused());
    }
    let (last4, expiry, brand, alias) =
        (form.text("last4"), form.text("expiry"), form.text("brand"), form.text("alias"));
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(last4, 4) || !digits(expiry, 4) || brand.len() > 40 || alias.is_empty() || alias.len() > 64 {
        return Err(refused());
    }
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    // Used once, by the customer it was made for, while fresh: a replay changes nothing.
    let claimed =
        payments::claim(&mut tx, Journey::CardOrder, form.text("orderid"), user.account.customer_id, now).await?;
    if !claimed {
        tracing::warn!(customer = user.account.customer_id, "card answer refused: unknown, used or expired order");
        return Err(refused());
    }
    sqlx::query(
        "UPDATE billing_details SET card_brand = $1, card_last4 = $2, card_expiry = $3, card_alias = $4, updated_at = $5
         WHERE customer_id = $6",
    )
    .bind(brand)
    .bind(last4)
    .bind(expiry)
    .bind(alias)
    .bind(now)
    .bind(user.account.customer_id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    tracing::info!(customer = user.account.customer_id, "card details updated");
    Ok(Json(Confirmed { success: true }))
}
