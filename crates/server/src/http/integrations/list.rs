//! admin/getIntegrationsList, admin/getIntegrationsSettings and
//! accountsettings/getCustomerSalesforceConfiguration.

use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use domain::integrations::{integration, IntegrationDef, INTEGRATIONS};
use domain::FieldErrors;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::integrations::{self, Configured};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(integrations_list))
        .routes(routes!(integrations_settings))
        .routes(routes!(salesforce_configuration))
}

/// An integration's stored connection: the provider's account, when, and its settings form's
/// values (or Google Analytics' property).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationConnection {
    pub account: String,
    pub connected_at: i64,
    pub settings: BTreeMap<String, String>,
    /// A password is stored for it (the FTP export's; the password itself is never sent).
    pub secret_stored: bool,
    /// The FTP export's SFTP host key the user confirmed (`SHA256:` fingerprint), "" for none.
    pub host_key: String,
}

impl From<&Configured> for IntegrationConnection {
    fn from(c: &Configured) -> Self {
        IntegrationConnection {
            account: c.account.clone(),
            connected_at: c.connected_at,
            settings: c.settings_map(),
            secret_stored: c.has_secret != 0,
            host_key: c.host_key.clone(),
        }
    }
}

/// The spec's Integration entity, plus the stored connection.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Integration {
    identifier: &'static str,
    title: &'static str,
    icon: String,
    order: u8,
    scope: &'static str,
    is_configured: bool,
    is_paid_extra: bool,
    is_beta: bool,
    is_dynamic_only: bool,
    is_recommended: bool,
    configure_url: &'static str,
    connect_url: String,
    connect_url_new_window: bool,
    connect_url_external: bool,
    remove_url: Option<String>,
    params: BTreeMap<String, String>,
    /// Always null.
    #[schema(value_type = Option<Object>)]
    manual_mode: Option<()>,
    connection: Option<IntegrationConnection>,
}

/// Google's two, which most customers connect first.
const RECOMMENDED: [&str; 2] = ["google_analytics", "google_ads"];

fn integration_entry(def: &'static IntegrationDef, configured: Option<&Configured>) -> Integration {
    let connect_url = if def.oauth {
        format!("integrations/connect/{}", def.identifier)
    } else {
        // A page of ours with the settings form, or the provider's site.
        def.destination.to_string()
    };
    Integration {
        identifier: def.identifier,
        title: def.title,
        icon: format!("/manage/integrations/{}.svg", def.identifier),
        order: def.order,
        scope: def.scope,
        is_configured: configured.is_some(),
        is_paid_extra: def.paid_extra,
        is_beta: false,
        is_dynamic_only: def.dynamic_only,
        is_recommended: RECOMMENDED.contains(&def.identifier),
        configure_url: def.destination,
        connect_url,
        connect_url_new_window: def.external,
        connect_url_external: def.external,
        remove_url: def.removable.then(|| format!("integrations/remove/{}", def.identifier)),
        params: BTreeMap::new(),
        manual_mode: None,
        connection: configured.map(IntegrationConnection::from),
    }
}

#[derive(Serialize, ToSchema)]
struct IntegrationsList {
    integrations: Vec<Integration>,
}

/// Every integration, in the overview's order, with this customer's connections.
#[utoipa::path(get, path = "/admin/getIntegrationsList", tag = "integrations", responses((status = 200, body = IntegrationsList)))]
async fn integrations_list(
    State(state): State<AppState>,
    user: AccountUser,
) -> Result<Json<IntegrationsList>, AppError> {
    let configured = integrations::list(&state.db, user.customer()).await?;
    let find = |id: &str| configured.iter().find(|c| c.identifier == id);
    Ok(Json(IntegrationsList {
        integrations: INTEGRATIONS.iter().map(|def| integration_entry(def, find(def.identifier))).collect(),
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IntegrationSettings {
    configured: Vec<&'static str>,
    dynamic_only: Vec<&'static str>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct IntegrationsSettingsAnswer {
    integration_settings: IntegrationSettings,
}

pub const LIST_INVALID: &str = "integration_list must be a JSON array of integration identifiers.";

/// The settings call's form.
#[derive(Deserialize, Validate, ToSchema)]
struct IntegrationListRequest {
    /// A JSON array of integration identifiers, `["google_analytics","marin"]`. Its own rules
    /// (`requested`) decide; this only bounds it first.
    #[serde(default)]
    #[garde(length(max = 100_000))]
    #[schema(required = true, schema_with = integration_list)]
    integration_list: String,
}

/// The list posted: at most one entry per integration, each a known identifier.
/// The longest list read (the catalogue's every identifier fits many times over).
const LIST_BYTES_MAX: usize = 2_000;

/// The list as the schema states it: the catalogue's identifiers, each once at most in number.
fn integration_list() -> utoipa::openapi::schema::Object {
    let identifiers: Vec<&str> = INTEGRATIONS.iter().map(|i| i.identifier).collect();
    crate::http::contract::bounds::json_keys(&identifiers, INTEGRATIONS.len(), LIST_BYTES_MAX)
}

fn requested(text: &str) -> Result<Vec<&'static IntegrationDef>, AppError> {
    let invalid = || {
        let mut errors = FieldErrors::new();
        errors.add("integration_list", LIST_INVALID);
        AppError::Validation(errors)
    };
    if text.len() > LIST_BYTES_MAX {
        return Err(invalid());
    }
    let names: Vec<String> = serde_json::from_str(text).map_err(|_| invalid())?;
    if names.len() > INTEGRATIONS.len() {
        return Err(invalid());
    }
    names.iter().map(|n| integration(n).ok_or_else(invalid)).collect()
}

/// Which of the integrations posted this customer has set up, and which are dynamic-only.
#[utoipa::path(post, path = "/admin/getIntegrationsSettings", tag = "integrations",
    request_body(content((IntegrationListRequest = "multipart/form-data"), (IntegrationListRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = IntegrationsSettingsAnswer)))]
async fn integrations_settings(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<IntegrationListRequest>,
) -> Result<Json<IntegrationsSettingsAnswer>, AppError> {
    let wanted = requested(&form.integration_list)?;
    let configured = integrations::list(&state.db, user.customer()).await?;
    let is_configured = |id: &str| configured.iter().any(|c| c.identifier == id);
    Ok(Json(IntegrationsSettingsAnswer {
        integration_settings: IntegrationSettings {
            configured: wanted.iter().filter(|d| is_configured(d.identifier)).map(|d| d.identifier).collect(),
            dynamic_only: wanted.iter().filter(|d| d.dynamic_only).map(|d| d.identifier).collect(),
        },
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct SalesforceConfiguration {
    configured: bool,
    account: Option<String>,
    connected_at: Option<i64>,
}

#[utoipa::path(get, path = "/accountsettings/getCustomerSalesforceConfiguration", tag = "integrations", responses((status = 200, body = SalesforceConfiguration)))]
async fn salesforce_configuration(
    State(state): State<AppState>,
    user: AccountUser,
) -> Result<Json<SalesforceConfiguration>, AppError> {
    let found = integrations::find(&state.db, user.customer(), "salesforce").await?;
    Ok(Json(SalesforceConfiguration {
        configured: found.is_some(),
        account: found.as_ref().map(|c| c.account.clone()),
        connected_at: found.map(|c| c.connected_at),
    }))
}
