//! Connecting an integration (the connect link's `authUrl`, then the provider's return to
//! `/integrations/callback`), and removing one after the password is confirmed.

use std::collections::BTreeMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::integrations::IntegrationDef;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::AccountUser;
use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::providers::ad_platforms::{AdPlatforms, ProviderError, Sandbox};
use crate::state::AppState;
use crate::store::integrations::ConnectFlow;
use crate::store::sessions::Session;
use crate::store::{accounts, confirmations, integrations};

/// The tag manager is connected like an integration (for the website check's tag set-up),
/// without a card of its own.
pub const TAG_MANAGER: &str = "google_tag_manager";

/// Where providers send the browser back.
pub const CALLBACK_PATH: &str = "/integrations/callback";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(connect_link)).routes(routes!(remove))
}

/// The provider's consent page, with this session's flow in it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationAuthUrl {
    pub auth_url: String,
}

/// Starts a connect flow for this session and gives the provider's consent address.
pub async fn auth_url(
    state: &AppState,
    session: &Session,
    identifier: &str,
    return_to: &str,
) -> Result<IntegrationAuthUrl, AppError> {
    let flow = integrations::begin_connect(&state.db, session, identifier, return_to, state.clock.now()).await?;
    Ok(IntegrationAuthUrl { auth_url: Sandbox(&state.db).authorize_url(identifier, &flow, CALLBACK_PATH) })
}

/// Starts connecting an OAuth integration: the browser goes on to `authUrl`.
#[utoipa::path(get, path = "/integrations/connect/{identifier}", tag = "integrations",
    params(("identifier" = String, Path, description = "The integration, `google_ads`", max_length = 100)),
    responses((status = 200, body = IntegrationAuthUrl)))]
async fn connect_link(
    State(state): State<AppState>,
    user: AccountUser,
    Path(identifier): Path<String>,
) -> Result<Json<IntegrationAuthUrl>, AppError> {
    let def = may_connect(&state, &user, &identifier).await?.ok_or(AppError::NotFound)?;
    // Google Analytics goes on to choosing a property; the others back to their page.
    let back = if def.identifier == "google_analytics" { "/ga_connect" } else { def.destination };
    Ok(Json(auth_url(&state, &user.session, def.identifier, &format!("/manage{back}")).await?))
}

/// Whether this user may connect `identifier` on the account they are on: an OAuth integration
/// whose card offers Connect or Configure (else 404 or 403), or the tag manager of the website
/// checks (dynamic URLs shown, else 403); and the right to manage integrations (else 403).
/// The integration's definition, none for the tag manager.
async fn may_connect(
    state: &AppState,
    user: &AccountUser,
    identifier: &str,
) -> Result<Option<&'static IntegrationDef>, AppError> {
    if identifier == TAG_MANAGER {
        user.require_dynamic()?;
        user.require_manage()?;
        return Ok(None);
    }
    let def = user.usable(state, identifier).await?;
    if !def.oauth {
        return Err(AppError::NotFound);
    }
    user.require_manage()?;
    Ok(Some(def))
}

/// Where the browser lands after the provider sent it back.
pub enum FlowEnd {
    Connected(String),
    Declined(String),
    /// Not a flow this session started (or it expired, or was used).
    Unknown,
}

/// The provider's return: the flow must be this session's, in time and not used before (it is
/// used up here); the user must still be allowed to connect the integration on the customer the
/// flow was started on (whichever account the session is on now); the code must have been given
/// for that customer and integration. Then the integration is configured for that customer.
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
    if !still_may_connect(state, session, &flow).await? {
        tracing::warn!(
            user = session.user_id,
            customer = flow.customer_id.get(),
            integration = flow.identifier,
            "connect flow refused: the user may no longer connect it"
        );
        return Ok(FlowEnd::Declined(format!("{}{sep}error=forbidden", flow.return_to)));
    }
    match Sandbox(&state.db).exchange(&flow.identifier, code, flow.customer_id, now).await {
        Ok(grant) => {
            integrations::configure(
                &state.db,
                flow.customer_id,
                &flow.identifier,
                &grant.account,
                &BTreeMap::new(),
                None,
                None,
                session.user_id,
                now,
            )
            .await?;
            tracing::info!(customer = flow.customer_id.get(), integration = flow.identifier, "integration connected");
            Ok(FlowEnd::Connected(format!("{}{sep}connected=1", flow.return_to)))
        }
        Err(ProviderError::Refused) => Ok(FlowEnd::Declined(format!("{}{sep}error=failed", flow.return_to))),
        Err(ProviderError::Provider(e)) => Err(AppError::Internal(e)),
    }
}

/// The connect link's checks again, on the flow's customer as the user stands there now (their
/// access, level and rights, the package and the integration's card may have changed).
async fn still_may_connect(state: &AppState, session: &Session, flow: &ConnectFlow) -> Result<bool, AppError> {
    let account = accounts::load_state(
        &state.db,
        session.user_id,
        flow.customer_id,
        &state.settings.product_name,
        state.clock.now(),
    )
    .await?;
    let Some(account) = account else { return Ok(false) };
    // The checks read no kept page, so the numbers version is not needed here.
    let user = AccountUser { session: session.clone(), account, numbers_version: 0 };
    match may_connect(state, &user, &flow.identifier).await {
        Ok(_) => Ok(true),
        Err(AppError::Forbidden | AppError::NotFound) => Ok(false),
        Err(other) => Err(other),
    }
}

/// Removes an integration's connection, with the key handleajax/confirmPassword gave (used up
/// here: a key removes once).
#[utoipa::path(post, path = "/integrations/remove/{identifier}/{key}", tag = "integrations",
    params(
        ("identifier" = String, Path, description = "The integration, `hubspot`", max_length = 100),
        ("key" = String, Path, description = "The password confirmation's key", max_length = 200),
    ),
    responses((status = 200, body = Done)))]
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
    tracing::info!(customer = user.customer().get(), integration = def.identifier, "integration removed");
    Ok(Json(Done { success: true }))
}
