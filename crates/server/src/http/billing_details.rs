//! billingdetails/getBillingDetails and billingdetails/saveBillingDetails: the
//! billing details form, for those with the billing access flag; validated by the domain's
//! billing rules, the same the browser runs.

use axum::extract::State;
use axum::Json;
use domain::billing::{validate_billing_details, BillingDetailsForm};
use domain::{billing_page, guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::direct_debit::mandate_url;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::billing;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(billing_details)).routes(routes!(save_billing_details))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BillingAddress {
    company_name: String,
    street1: String,
    street2: String,
    town: String,
    county: String,
    post_code: String,
    country: String,
}

#[derive(Serialize, ToSchema)]
struct BillingContact {
    name: String,
    email: String,
    telephone: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct BillingDetails {
    address: BillingAddress,
    contact: BillingContact,
    po_number: String,
    /// What the customer pays by, in words ('Visa ending 4242, expires 08/28', 'Direct Debit').
    payment_method: String,
    /// '1' card, '2' Direct Debit.
    payment_method_type: String,
    /// The mandate page a Direct Debit customer updates their bank details on.
    direct_debit_url: Option<String>,
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

/// The billing details form's values and how the customer pays.
#[utoipa::path(get, path = "/billingdetails/getBillingDetails", tag = "billing", responses((status = 200, body = BillingDetails)))]
async fn billing_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<BillingDetails>, AppError> {
    require_billing(&user)?;
    let stored = billing::load(&state.db, user.customer()).await?.unwrap_or_else(|| billing::StoredBillingDetails {
        company_name: user.account.customer_name.clone(),
        country: "United Kingdom".into(),
        payment_method_type: "1".into(),
        ..Default::default()
    });
    Ok(Json(BillingDetails {
        payment_method: payment_method(&stored),
        // The user's live flow at the provider's mandate page (a new one once used or stale).
        direct_debit_url: match stored.payment_method_type.as_str() {
            "2" => Some(mandate_url(&state, user.customer(), user.session.user_id).await?),
            _ => None,
        },
        payment_method_type: stored.payment_method_type,
        po_number: stored.po_number,
        contact: BillingContact {
            name: stored.contact_name,
            email: stored.contact_email,
            telephone: stored.contact_telephone,
        },
        address: BillingAddress {
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

/// The most characters a billing field takes as posted, before the domain's rules.
const RAW_MAX: usize = 1_000;

/// The billing details' field `I` (`billing::BILLING_FIELDS`) as the domain judges it.
fn billing_field<const I: usize>() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::contact_field(domain::billing::BILLING_FIELDS[I], RAW_MAX)
}

/// The billing details form. The domain's billing rules (`validate_billing_details`) decide;
/// these bounds only stop absurd input first.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct SaveBillingDetailsRequest {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = billing_field::<0>)]
    form_companyName: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = billing_field::<1>)]
    form_street1: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = billing_field::<2>)]
    form_street2: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = billing_field::<3>)]
    form_town: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = billing_field::<4>)]
    form_county: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = billing_field::<5>)]
    form_postCode: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = billing_field::<6>)]
    form_contactName: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = billing_field::<7>)]
    form_contactEmail: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = billing_field::<8>)]
    form_contactTelephone: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = billing_field::<9>)]
    form_poNumber: String,
}

/// Saves the billing details form (not the payment method: that changes on its own pages).
#[utoipa::path(post, path = "/billingdetails/saveBillingDetails", tag = "billing",
    request_body(content((SaveBillingDetailsRequest = "multipart/form-data"), (SaveBillingDetailsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn save_billing_details(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<SaveBillingDetailsRequest>,
) -> Result<Json<Done>, AppError> {
    require_billing(&user)?;
    let details = BillingDetailsForm {
        company_name: form.form_companyName,
        street1: form.form_street1,
        street2: form.form_street2,
        town: form.form_town,
        county: form.form_county,
        post_code: form.form_postCode,
        contact_name: form.form_contactName,
        contact_email: form.form_contactEmail,
        contact_telephone: form.form_contactTelephone,
        po_number: form.form_poNumber,
    };
    let errors = validate_billing_details(&details);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    billing::save(&state.db, user.customer(), &details, state.clock.now()).await?;
    tracing::info!(customer = user.customer().get(), "billing details saved");
    Ok(Json(Done { success: true }))
}

#[cfg(test)]
mod contract_tests {
    use super::*;

    #[test]
    fn the_forms_required_fields_are_the_domains() {
        let schema = serde_json::to_value(<SaveBillingDetailsRequest as utoipa::PartialSchema>::schema()).unwrap();
        let required: Vec<&str> =
            schema["required"].as_array().map(|r| r.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default();
        for (name, _, needed, _) in domain::billing::BILLING_FIELDS {
            assert_eq!(required.contains(&name), needed, "{name}");
        }
    }
}
