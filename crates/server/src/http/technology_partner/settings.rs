//! technologypartner/getSettings and saveSettings: the partner's website and technical
//! contact, checked by the domain's rules (the billing details' contact rules).

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::partners::profile::{validate_tech_partner_profile, TechPartnerProfile};
use serde::Serialize;

use super::require_page;
use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::tech_partners;

const PAGE: &str = "/technologypartner/settings";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/technologypartner/getSettings", get(get_settings))
        .route("/technologypartner/saveSettings", post(save_settings))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Settings {
    company_name: String,
    #[serde(flatten)]
    profile: TechPartnerProfile,
}

async fn get_settings(State(state): State<AppState>, user: AccountUser) -> Result<Json<Settings>, AppError> {
    require_page(&user, PAGE)?;
    let profile = tech_partners::profile(&state.db, user.account.customer_id).await?;
    Ok(Json(Settings { company_name: user.account.customer_name.clone(), profile }))
}

#[derive(Serialize)]
struct Saved {
    success: bool,
}

async fn save_settings(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<Saved>, AppError> {
    require_page(&user, PAGE)?;
    let profile = TechPartnerProfile {
        website: form.text("form_website").trim().to_string(),
        contact_name: form.text("form_contactName").trim().to_string(),
        contact_email: form.text("form_contactEmail").trim().to_string(),
        contact_telephone: form.text("form_contactTelephone").trim().to_string(),
    };
    let errors = validate_tech_partner_profile(&profile);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let partner = user.account.customer_id;
    tech_partners::save_profile(&state.db, partner, &profile, state.clock.now()).await?;
    tracing::info!(partner, user = user.session.user_id, "technology partner settings saved");
    Ok(Json(Saved { success: true }))
}
