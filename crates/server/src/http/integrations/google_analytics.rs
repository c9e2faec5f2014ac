//! admin/getGAConnectOptions and managegoogleanalytics/connect (spec: "Google Analytics setup").

use crate::store::CustomerId;
use std::collections::BTreeMap;

use axum::extract::State;
use axum::Json;
use domain::integrations::validate_ga_connect;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::providers::ad_platforms::{AdPlatforms, GaProperty, ProviderError, Sandbox};
use crate::state::AppState;
use crate::store::integrations;

const GA: &str = "google_analytics";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(options)).routes(routes!(connect))
}

/// A Google Analytics property of the account.
#[derive(Serialize, ToSchema)]
struct GaConnectProperty {
    /// The property's id, `G-HLD0000101`.
    ua: String,
    url: String,
}

#[derive(Serialize, ToSchema)]
struct GaConnectOptions {
    connected: bool,
    properties: Vec<GaConnectProperty>,
}

/// The account's properties, when Google Analytics is connected.
async fn properties(state: &AppState, customer: CustomerId) -> Result<Option<Vec<GaProperty>>, AppError> {
    if integrations::find(&state.db, customer, GA).await?.is_none() {
        return Ok(None);
    }
    match Sandbox(&state.db).ga_properties(customer).await {
        Ok(found) => Ok(Some(found)),
        Err(ProviderError::Refused) => Ok(Some(Vec::new())),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

/// The properties to choose from, once Google Analytics is connected.
#[utoipa::path(get, path = "/admin/getGAConnectOptions", tag = "integrations", responses((status = 200, body = GaConnectOptions)))]
async fn options(State(state): State<AppState>, user: AccountUser) -> Result<Json<GaConnectOptions>, AppError> {
    user.usable(&state, GA).await?;
    let found = properties(&state, user.customer()).await?;
    Ok(Json(GaConnectOptions {
        connected: found.is_some(),
        properties: found.unwrap_or_default().into_iter().map(|p| GaConnectProperty { ua: p.ua, url: p.url }).collect(),
    }))
}

/// The most characters a field takes as posted.
const RAW_MAX: usize = 1_000;

/// A property's id: one of the account's options, so not blank.
fn property_id() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::required::<RAW_MAX, RAW_MAX>()
}

/// How calls are sent to the property (`integrations::GA_PROPERTY_TYPES`).
fn property_types() -> utoipa::openapi::schema::Object {
    crate::http::contract::bounds::keys(domain::integrations::GA_PROPERTY_TYPES)
}

/// The property chosen and how calls are sent to it. The domain's rules
/// (`validate_ga_connect`) decide; these bounds only stop absurd input first. (The browser also
/// posts each property's URL as `form_ga_property_url[id]`: only an echo, not read.)
#[derive(Deserialize, Validate, ToSchema)]
struct GaConnectRequest {
    /// One of the options' `ua`.
    #[serde(default)]
    #[garde(length(chars, max = RAW_MAX))]
    #[schema(required = true, schema_with = property_id)]
    form_ga_property_id: String,
    /// 1 events, 2 virtual pageviews.
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    #[schema(required = true, schema_with = property_types)]
    form_ga_property_type: String,
}

/// Stores the chosen property (with the provider's URL for it) and its type.
#[utoipa::path(post, path = "/managegoogleanalytics/connect", tag = "integrations",
    request_body(content((GaConnectRequest = "multipart/form-data"), (GaConnectRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn connect(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<GaConnectRequest>,
) -> Result<Json<Done>, AppError> {
    user.usable(&state, GA).await?;
    user.require_manage()?;
    let Some(found) = properties(&state, user.customer()).await? else {
        return Err(AppError::NotFound);
    };
    let id = form.form_ga_property_id.trim();
    let kind = form.form_ga_property_type.trim();
    let ids: Vec<String> = found.iter().map(|p| p.ua.clone()).collect();
    validate_ga_connect(id, kind, &ids).map_err(AppError::Validation)?;
    // The URL is the property's own, from the provider (the posted one is only an echo).
    let url = found.iter().find(|p| p.ua == id).map(|p| p.url.clone()).unwrap_or_default();
    let settings = BTreeMap::from([
        ("propertyId".to_string(), id.to_string()),
        ("propertyUrl".to_string(), url),
        ("propertyType".to_string(), kind.to_string()),
    ]);
    if !integrations::update_settings(&state.db, user.customer(), GA, &settings).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}
