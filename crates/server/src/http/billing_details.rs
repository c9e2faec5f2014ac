//! billingdetails/getBillingDetails and billingdetails/saveBillingDetails (issue 14): the
//! billing details form, for those with the billing access flag; validated by the domain's
//! billing rules, the same the browser runs.

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::billing::{validate_billing_details, BillingDetailsForm};
use domain::{billing_page, guard, GuardStep};
use serde::Serialize;

use crate::http::account_user::AccountUser;
use crate::http::direct_debit::new_mandate_url;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::billing;

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/billingdetails/getBillingDetails", get(billing_details))
        .route("/billingdetails/saveBillingDetails", post(save_billing_details))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Address {
    company_name: String,
    street1: String,
    street2: String,
    town: String,
    county: String,
    post_code: String,
    country: String,
}

#[derive(Serialize)]
struct Contact {
    name: String,
    email: String,
    telephone: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct BillingDetails {
    address: Address,
    contact: Contact,
    po_number: String,
    /// What the customer pays by, in words ('Visa ending 4242, expires 08/28', 'Direct Debit').
    payment_method: String,
    /// '1' card, '2' Direct Debit.
    payment_method_type: String,
    /// The mandate page a Direct Debit customer updates their bank details on.
    direct_debit_url: Option<String>,
}

#[derive(Serialize)]
struct Saved {
    success: bool,
}

/// The billing pages' guard (the billing access flag, in the account's portal), else 403.
fn require_billing(user: &AccountUser) -> Result<(), AppError> {
    if guard(&billing_page("/billing/details", &user.account), &user.account) == GuardStep::Allow {
        Ok(())
    } else {
        Err(AppError::Forbidden)
    }
}

fn payment_method(stored: &billing::StoredBillingDetails) -> String {
    if stored.payment_method_type == "2" {
        return match (stored.direct_debit_account_ending.as_str(), stored.direct_debit_reference.as_str()) {
            ("", _) | (_, "") => "Direct Debit".to_string(),
            (ending, reference) => format!("Direct Debit from account ending {ending} (mandate {reference})"),
        };
    }
    if stored.card_last4.is_empty() {
        return "Card".to_string();
    }
    let expiry = match stored.card_expiry.as_str() {
        mmyy if mmyy.len() == 4 => format!(", expires {}/{}", &mmyy[..2], &mmyy[2..]),
        _ => String::new(),
    };
    format!("{} ending {}{expiry}", stored.card_brand, stored.card_last4)
}

async fn billing_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<BillingDetails>, AppError> {
    require_billing(&user)?;
    let stored =
        billing::load(&state.db, user.account.customer_id).await?.unwrap_or_else(|| billing::StoredBillingDetails {
            company_name: user.account.customer_name.clone(),
            country: "United Kingdom".into(),
            payment_method_type: "1".into(),
            ..Default::default()
        });
    Ok(Json(BillingDetails {
        payment_method: payment_method(&stored),
        // A fresh flow at the provider's mandate page each time the page is shown.
        direct_debit_url: match stored.payment_method_type.as_str() {
            "2" => Some(new_mandate_url(&state, user.account.customer_id).await?),
            _ => None,
        },
        payment_method_type: stored.payment_method_type,
        po_number: stored.po_number,
        contact: Contact {
            name: stored.contact_name,
            email: stored.contact_email,
            telephone: stored.contact_telephone,
        },
        address: Address {
            company_name: stored.company_name,
            street1: stored.street1,
            street2: stored.street2,
            town: stored.town,
            county: stored.county,
            post_code: stored.post_code,
            country: stored.country,
        },
    }))
}

async fn save_billing_details(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<Saved>, AppError> {
    require_billing(&user)?;
    let details = BillingDetailsForm {
        company_name: form.text("form_companyName").to_string(),
        street1: form.text("form_street1").to_string(),
        street2: form.text("form_street2").to_string(),
        town: form.text("form_town").to_string(),
        county: form.text("form_county").to_string(),
        post_code: form.text("form_postCode").to_string(),
        contact_name: form.text("form_contactName").to_string(),
        contact_email: form.text("form_contactEmail").to_string(),
        contact_telephone: form.text("form_contactTelephone").to_string(),
        po_number: form.text("form_poNumber").to_string(),
    };
    let errors = validate_billing_details(&details);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    billing::save(&state.db, user.account.customer_id, &details, state.clock.now()).await?;
    tracing::info!(customer = user.account.customer_id, "billing details saved");
    Ok(Json(Saved { success: true }))
}
