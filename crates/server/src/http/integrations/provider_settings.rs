//! The settings of Google Ads and HubSpot once connected: the login's accounts or portals, from
//! the provider, to choose one; and what is sent there (domain `provider_settings`).

use crate::store::CustomerId;
use std::collections::BTreeMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::integrations::{provider_settings, validate_provider_settings, ProviderSettingsDef};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::ad_platforms::{AdPlatforms, ProviderAccount, ProviderError, Sandbox};
use crate::state::AppState;
use crate::store::integrations;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options)).routes(routes!(save))
}

/// An account (Google Ads) or portal (HubSpot) of the connected login.
#[derive(Serialize, ToSchema)]
struct ProviderAccountOption {
    /// `123-456-7890`, or a HubSpot Hub ID.
    id: String,
    name: String,
}

/// What the settings form offers and what is chosen now.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProviderSettingsOptions {
    connected: bool,
    accounts: Vec<ProviderAccountOption>,
    /// The account or portal chosen ("" for none yet).
    account_id: String,
    /// What is sent (values of the domain's options).
    sends: Vec<String>,
}

/// The settings stored: the account's id and name, and what is sent (comma-separated).
pub const ACCOUNT_ID: &str = "accountId";
pub const ACCOUNT_NAME: &str = "accountName";
pub const SENDS: &str = "sends";

/// An integration with such a form (else 404) that this user may configure (else 404 or 403).
async fn form_of(
    state: &AppState,
    user: &AccountUser,
    identifier: &str,
) -> Result<&'static ProviderSettingsDef, AppError> {
    let def = provider_settings(identifier).ok_or(AppError::NotFound)?;
    user.usable(state, def.identifier).await?;
    Ok(def)
}

/// The login's accounts, when the integration is connected on this customer.
async fn accounts(
    state: &AppState,
    customer: CustomerId,
    identifier: &str,
) -> Result<Option<Vec<ProviderAccount>>, AppError> {
    if integrations::find(&state.db, customer, identifier).await?.is_none() {
        return Ok(None);
    }
    match Sandbox(&state.db).accounts(identifier, customer).await {
        Ok(found) => Ok(Some(found)),
        Err(ProviderError::Refused) => Ok(Some(Vec::new())),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

/// The accounts or portals to choose from, and the current choice.
#[utoipa::path(get, path = "/integrations/provider_settings/{identifier}", tag = "integrations",
    params(("identifier" = String, Path, description = "`google_ads` or `hubspot`", max_length = 100)),
    responses((status = 200, body = ProviderSettingsOptions)))]
async fn options(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
) -> Result<Json<ProviderSettingsOptions>, AppError> {
    let def = form_of(&state, &user, &identifier).await?;
    let found = accounts(&state, user.customer(), def.identifier).await?;
    let stored = integrations::find(&state.db, user.customer(), def.identifier).await?.map(|c| c.settings_map());
    let stored = stored.unwrap_or_default();
    Ok(Json(ProviderSettingsOptions {
        connected: found.is_some(),
        accounts: found
            .unwrap_or_default()
            .into_iter()
            .map(|a| ProviderAccountOption { id: a.account_id, name: a.name })
            .collect(),
        account_id: stored.get(ACCOUNT_ID).cloned().unwrap_or_default(),
        sends: stored
            .get(SENDS)
            .map(|s| s.split(',').filter(|v| !v.is_empty()).map(String::from).collect())
            .unwrap_or_default(),
    }))
}

/// The account or portal chosen and what is sent. The domain's rules decide; these bounds only
/// stop absurd input first.
#[derive(Deserialize, Validate, ToSchema)]
struct ProviderSettingsRequest {
    /// One of the options' `id`.
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    form_account_id: String,
    /// What is sent, each once.
    #[serde(default, rename = "form_sends[]")]
    #[garde(length(max = 100), inner(length(chars, max = 100)))]
    form_sends: Vec<String>,
}

/// Stores the account chosen (with the provider's name for it) and what is sent.
#[utoipa::path(post, path = "/integrations/provider_settings/{identifier}", tag = "integrations",
    params(("identifier" = String, Path, description = "`google_ads` or `hubspot`", max_length = 100)),
    request_body(content((ProviderSettingsRequest = "multipart/form-data"), (ProviderSettingsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn save(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
    Form { fields: form, .. }: Form<ProviderSettingsRequest>,
) -> Result<Json<Done>, AppError> {
    let def = form_of(&state, &user, &identifier).await?;
    user.require_manage()?;
    let Some(found) = accounts(&state, user.customer(), def.identifier).await? else {
        return Err(AppError::NotFound);
    };
    let id = form.form_account_id.trim();
    let ids: Vec<String> = found.iter().map(|a| a.account_id.clone()).collect();
    validate_provider_settings(def.identifier, id, &form.form_sends, &ids).map_err(AppError::Validation)?;
    // The name is the provider's own, in the options' order of things sent.
    let name = found.iter().find(|a| a.account_id == id).map(|a| a.name.clone()).unwrap_or_default();
    let sends: Vec<&str> =
        def.sends.iter().map(|o| o.value).filter(|v| form.form_sends.iter().any(|s| s == v)).collect();
    let settings = BTreeMap::from([
        (ACCOUNT_ID.to_string(), id.to_string()),
        (ACCOUNT_NAME.to_string(), name),
        (SENDS.to_string(), sends.join(",")),
    ]);
    if !integrations::update_settings(&state.db, user.customer(), def.identifier, &settings).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = user.customer().get(), integration = def.identifier, "integration settings saved");
    Ok(Json(Done { success: true }))
}
