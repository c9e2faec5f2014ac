//! Connecting an integration (the connect link's `authUrl`, then the provider's return to
//! `/integrations/callback`), setting up our own ones with their forms, and removing one after
//! the password is confirmed.

use std::collections::BTreeMap;

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::integrations::{settings_fields, validate_settings};
use serde::Serialize;

use super::AccountUser;
use crate::ad_platforms::{AdPlatforms, ProviderError, Sandbox};
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::sessions::Session;
use crate::store::{confirmations, integrations};

/// The tag manager is connected like an integration (for the website check's tag set-up),
/// without a card of its own.
pub const TAG_MANAGER: &str = "google_tag_manager";

/// Where providers send the browser back.
pub const CALLBACK_PATH: &str = "/integrations/callback";

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/integrations/connect/{identifier}", get(connect_link))
        .route("/integrations/remove/{identifier}/{key}", post(remove))
        .route("/integrations/settings/{identifier}", post(save_settings))
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthUrl {
    pub auth_url: String,
}

/// Starts a connect flow for this session and gives the provider's consent address.
pub async fn auth_url(
    state: &AppState,
    session: &Session,
    identifier: &str,
    return_to: &str,
) -> Result<AuthUrl, AppError> {
    let flow = integrations::begin_connect(&state.db, session, identifier, return_to, state.clock.now()).await?;
    Ok(AuthUrl { auth_url: Sandbox(&state.db).authorize_url(identifier, &flow, CALLBACK_PATH) })
}

async fn connect_link(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
) -> Result<Json<AuthUrl>, AppError> {
    let def = user.usable(&state, &identifier).await?;
    if !def.oauth {
        return Err(AppError::NotFound);
    }
    user.require_manage()?;
    // Google Analytics goes on to choosing a property; the others back to their page.
    let back = if def.identifier == "google_analytics" { "/ga_connect" } else { def.destination };
    Ok(Json(auth_url(&state, &user.session, def.identifier, &format!("/manage{back}")).await?))
}

/// Where the browser lands after the provider sent it back.
pub enum FlowEnd {
    Connected(String),
    Declined(String),
    /// Not a flow this session started (or it expired, or was used).
    Unknown,
}

/// The provider's return: the flow must be this session's; the code is exchanged and the
/// integration configured for the customer the flow was started on.
pub async fn finish_connect_flow(
    state: &AppState,
    session: &Session,
    flow_state: &str,
    code: Option<&str>,
) -> Result<FlowEnd, AppError> {
    let now = state.clock.now();
    let Some(flow) = integrations::finish_connect(&state.db, session, flow_state, now).await? else {
        return Ok(FlowEnd::Unknown);
    };
    let sep = if flow.return_to.contains('?') { '&' } else { '?' };
    let Some(code) = code.filter(|c| !c.is_empty()) else {
        return Ok(FlowEnd::Declined(format!("{}{sep}error=denied", flow.return_to)));
    };
    match Sandbox(&state.db).exchange(&flow.identifier, code, now).await {
        Ok(grant) => {
            integrations::configure(
                &state.db,
                flow.customer_id,
                &flow.identifier,
                &grant.account,
                &BTreeMap::new(),
                session.user_id,
                now,
            )
            .await?;
            tracing::info!(customer = flow.customer_id, integration = flow.identifier, "integration connected");
            Ok(FlowEnd::Connected(format!("{}{sep}connected=1", flow.return_to)))
        }
        Err(ProviderError::Refused) => Ok(FlowEnd::Declined(format!("{}{sep}error=failed", flow.return_to))),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

#[derive(Serialize)]
pub struct Done {
    success: bool,
}

async fn remove(
    State(state): State<AppState>,
    user: AccountUser,
    Path((identifier, key)): Path<(String, String)>,
) -> Result<Json<Done>, AppError> {
    let def = domain::integrations::integration(&identifier).ok_or(AppError::NotFound)?;
    if !def.removable {
        return Err(AppError::NotFound);
    }
    user.require_manage()?;
    // The key from handleajax/confirmPassword is used up first, so it cannot be replayed.
    if key.len() > 200 || !confirmations::consume(&state.db, &user.session, &key, state.clock.now()).await? {
        return Err(AppError::Forbidden);
    }
    if !integrations::remove(&state.db, user.customer(), def.identifier).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = user.customer(), integration = def.identifier, "integration removed");
    Ok(Json(Done { success: true }))
}

async fn save_settings(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
    form: FormData,
) -> Result<Json<Done>, AppError> {
    let def = user.usable(&state, &identifier).await?;
    let fields = settings_fields(def.identifier).ok_or(AppError::NotFound)?;
    user.require_manage()?;
    let values: BTreeMap<String, String> =
        fields.iter().map(|f| (f.to_string(), form.text(f).trim().to_string())).collect();
    validate_settings(def.identifier, &values).map_err(AppError::Validation)?;
    integrations::configure(
        &state.db,
        user.customer(),
        def.identifier,
        "",
        &values,
        user.session.user_id,
        state.clock.now(),
    )
    .await?;
    Ok(Json(Done { success: true }))
}
