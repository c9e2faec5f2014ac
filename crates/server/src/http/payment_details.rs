//! paymentdetails/getBarclayCardParams and paymentdetails/confirmCard: the signed
//! parameters the card form posts to the provider's hosted payment page, and the provider's
//! signed answer, checked before anything is recorded. Only card payers with billing access.

use axum::extract::State;
use axum::Json;
use domain::{billing_page, guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::payments::{Journey, APP_BASE, RETURN_PAGE};
use crate::state::AppState;
use crate::store::{billing, payment_orders};
use domain::FieldErrors;

pub const CARD_NOT_UPDATED: &str = "Your credit card details could not be updated. Please try again or contact us.";

/// The return parameters the provider signs, as it names them.
pub const SIGNED_RETURN: [&str; 6] = ["orderid", "success", "alias", "brand", "last4", "expiry"];

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(card_params)).routes(routes!(confirm_card))
}

/// What the card form posts to the provider's hosted payment page (`actionURL`), signed.
#[derive(Serialize, ToSchema)]
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

/// Billing access, on an account that pays by card.
async fn require_card_payer(state: &AppState, user: &AccountUser) -> Result<(), AppError> {
    if guard(&billing_page("/billing/details/payment", &user.account), &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let details = billing::load(&state.db, user.customer()).await?;
    match details {
        Some(d) if d.payment_method_type == "1" => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

/// A card order's signed parameters: the user's live order, or a new one.
#[utoipa::path(get, path = "/paymentdetails/getBarclayCardParams", tag = "billing", responses((status = 200, body = CardParams)))]
async fn card_params(State(state): State<AppState>, user: AccountUser) -> Result<Json<CardParams>, AppError> {
    require_card_payer(&state, &user).await?;
    // The user's live order again if there is one: the page's GET adds no row each time.
    let order = payment_orders::live_or_new(
        &state.db,
        Journey::CardOrder,
        user.customer(),
        user.session.user_id,
        state.clock.now(),
    )
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

/// The provider's answer, as the return address's query carried it (`SIGNED_RETURN` and the
/// signature; the sandbox's field errors, `nameError` and the like, may come too and are not
/// read). Anything not genuine is the one `generalError`; these bounds only stop absurd input.
#[derive(Deserialize, Validate, ToSchema)]
struct ConfirmCardRequest {
    #[serde(default)]
    #[garde(length(max = 1_000))]
    orderid: String,
    /// 1 when the card was accepted.
    #[serde(default)]
    #[garde(length(max = 1_000))]
    success: String,
    /// The provider's stored card, for later payments.
    #[serde(default)]
    #[garde(length(max = 1_000))]
    alias: String,
    #[serde(default)]
    #[garde(length(max = 1_000))]
    brand: String,
    #[serde(default)]
    #[garde(length(max = 1_000))]
    last4: String,
    /// MMYY.
    #[serde(default)]
    #[garde(length(max = 1_000))]
    expiry: String,
    /// The provider's signature of the fields above.
    #[serde(default)]
    #[garde(length(max = 1_000))]
    shasign: String,
}

impl ConfirmCardRequest {
    /// A signed field by the provider's name for it.
    fn signed(&self, name: &str) -> &str {
        match name {
            "orderid" => &self.orderid,
            "success" => &self.success,
            "alias" => &self.alias,
            "brand" => &self.brand,
            "last4" => &self.last4,
            "expiry" => &self.expiry,
            _ => "",
        }
    }
}

/// The provider's answer from the return address: recorded once, for this customer's own
/// recent order, only with a good signature.
#[utoipa::path(post, path = "/paymentdetails/confirmCard", tag = "billing",
    request_body(content((ConfirmCardRequest = "multipart/form-data"), (ConfirmCardRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn confirm_card(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<ConfirmCardRequest>,
) -> Result<Json<Done>, AppError> {
    require_card_payer(&state, &user).await?;
    let params: Vec<(&str, &str)> = SIGNED_RETURN.iter().map(|name| (*name, form.signed(name))).collect();
    if !state.payments.card_answer_is_genuine(&params, &form.shasign) || form.success != "1" {
        tracing::warn!(customer = user.customer().get(), "card answer refused: bad signature or not a success");
        return Err(refused());
    }
    let (last4, expiry, brand, alias) =
        (form.last4.as_str(), form.expiry.as_str(), form.brand.as_str(), form.alias.as_str());
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(last4, 4) || !digits(expiry, 4) || brand.len() > 40 || alias.is_empty() || alias.len() > 64 {
        return Err(refused());
    }
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    // Used once, by the customer it was made for, while fresh: a replay changes nothing.
    let claimed = payment_orders::claim(&mut tx, Journey::CardOrder, &form.orderid, user.customer(), now).await?;
    if !claimed {
        tracing::warn!(customer = user.customer().get(), "card answer refused: unknown, used or expired order");
        return Err(refused());
    }
    let card = billing::StoredCard { brand, last4, expiry, alias };
    billing::set_card(&mut tx, user.customer(), &card, now).await?;
    tx.commit().await?;
    tracing::info!(customer = user.customer().get(), "card details updated");
    Ok(Json(Done { success: true }))
}
