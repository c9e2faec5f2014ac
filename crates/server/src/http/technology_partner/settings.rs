//! technologypartner/getSettings and saveSettings: the partner's website and technical
//! contact, checked by the domain's rules (the billing details' contact rules).

use axum::extract::State;
use axum::Json;
use domain::partners::profile::{validate_tech_partner_profile, TechPartnerProfile};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::tech_partners;

const PAGE: &str = "/technologypartner/settings";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_settings)).routes(routes!(save_settings))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TechPartnerSettings {
    company_name: String,
    #[serde(flatten)]
    profile: TechPartnerProfile,
}

#[utoipa::path(get, path = "/technologypartner/getSettings", tag = "technology partner", responses((status = 200, body = TechPartnerSettings)))]
async fn get_settings(State(state): State<AppState>, user: AccountUser) -> Result<Json<TechPartnerSettings>, AppError> {
    require_page(&user, PAGE)?;
    let profile = tech_partners::profile(&state.db, user.customer()).await?;
    Ok(Json(TechPartnerSettings { company_name: user.account.customer_name.clone(), profile }))
}

/// The most characters a settings field takes as posted, before the domain's rules.
const RAW_MAX: usize = 1_000;

/// The contact's field `I` (`partners::profile::CONTACT_FIELDS`) as the domain judges it.
fn contact_field<const I: usize>() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::contact_field(domain::partners::profile::CONTACT_FIELDS[I], RAW_MAX)
}

/// The settings form; the domain's rules (`validate_tech_partner_profile`) decide, these
/// bounds only stop absurd input first.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct SettingsRequest {
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = crate::http::contract::bounds::website)]
    form_website: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = contact_field::<0>)]
    form_contactName: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = contact_field::<1>)]
    form_contactEmail: String,
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(schema_with = contact_field::<2>)]
    form_contactTelephone: String,
}

#[utoipa::path(post, path = "/technologypartner/saveSettings", tag = "technology partner", request_body(content((SettingsRequest = "multipart/form-data"), (SettingsRequest = "application/x-www-form-urlencoded"))), responses((status = 200, body = Done)))]
async fn save_settings(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<SettingsRequest>,
) -> Result<Json<Done>, AppError> {
    require_page(&user, PAGE)?;
    let profile = TechPartnerProfile {
        website: form.form_website.trim().to_string(),
        contact_name: form.form_contactName.trim().to_string(),
        contact_email: form.form_contactEmail.trim().to_string(),
        contact_telephone: form.form_contactTelephone.trim().to_string(),
    };
    let errors = validate_tech_partner_profile(&profile);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let partner = user.customer();
    tech_partners::save_profile(&state.db, partner, &profile, state.clock.now()).await?;
    tracing::info!(partner = partner.get(), user = user.session.user_id, "technology partner settings saved");
    Ok(Json(Done { success: true }))
}

#[cfg(test)]
mod contract_tests {
    use super::*;

    #[test]
    fn the_forms_required_fields_are_the_domains() {
        let schema = serde_json::to_value(<SettingsRequest as utoipa::PartialSchema>::schema()).unwrap();
        let required: Vec<&str> =
            schema["required"].as_array().map(|r| r.iter().filter_map(|v| v.as_str()).collect()).unwrap_or_default();
        for (name, _, needed, _) in domain::partners::profile::CONTACT_FIELDS {
            assert_eq!(required.contains(&name), needed, "{name}");
        }
    }
}
