//! admin/getGAConnectOptions and managegoogleanalytics/connect (spec: "Google Analytics setup").

use std::collections::BTreeMap;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::integrations::validate_ga_connect;
use serde::Serialize;

use super::AccountUser;
use crate::ad_platforms::{AdPlatforms, GaProperty, ProviderError, Sandbox};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::integrations;

const GA: &str = "google_analytics";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/admin/getGAConnectOptions", get(options))
        .route("/managegoogleanalytics/connect", post(connect))
}

#[derive(Serialize)]
struct Property {
    ua: String,
    url: String,
}

#[derive(Serialize)]
struct Options {
    connected: bool,
    properties: Vec<Property>,
}

/// The account's properties, when Google Analytics is connected.
async fn properties(state: &AppState, customer: i64) -> Result<Option<Vec<GaProperty>>, AppError> {
    if integrations::find(&state.db, customer, GA).await?.is_none() {
        return Ok(None);
    }
    match Sandbox(&state.db).ga_properties(customer).await {
        Ok(found) => Ok(Some(found)),
        Err(ProviderError::Refused) => Ok(Some(Vec::new())),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

async fn options(State(state): State<AppState>, user: AccountUser) -> Result<Json<Options>, AppError> {
    user.usable(&state, GA).await?;
    let found = properties(&state, user.customer()).await?;
    Ok(Json(Options {
        connected: found.is_some(),
        properties: found.unwrap_or_default().into_iter().map(|p| Property { ua: p.ua, url: p.url }).collect(),
    }))
}

#[derive(Serialize)]
struct Done {
    success: bool,
}

async fn connect(State(state): State<AppState>, user: AccountUser, form: FormData) -> Result<Json<Done>, AppError> {
    user.usable(&state, GA).await?;
    user.require_manage()?;
    let Some(found) = properties(&state, user.customer()).await? else {
        return Err(AppError::NotFound);
    };
    let id = form.text("form_ga_property_id").trim();
    let kind = form.text("form_ga_property_type").trim();
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
