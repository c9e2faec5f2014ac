//! The outbound terms (/outboundterms, docs/outbound-cli-api.md): the current
//! version's text, which the account owner accepts once; recorded in terms_acceptances like
//! the other terms (who, when, which version) and shown afterwards. Read by an admin-area user
//! of an account with outbound; accepted only by its owner (auth code 25).

use axum::extract::State;
use axum::Json;
use domain::caller_ids::{can_accept_outbound_terms, opens_outbound_terms, OUTBOUND_TERMS};
use domain::AccountState;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::state::AppState;
use crate::store::caller_ids as store;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_outbound_terms)).routes(routes!(accept_outbound_terms))
}

/// /outboundterms: read with outbound, accepted by the owner.
pub struct OutboundTermsRights;

impl PageRights for OutboundTermsRights {
    fn opens(account: &AccountState) -> bool {
        opens_outbound_terms(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_accept_outbound_terms(account)
    }
}

pub type OutboundTermsUser = PageUser<OutboundTermsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundTermsPage {
    version: String,
    title: String,
    paragraphs: Vec<String>,
    /// Who accepted this version for the account (their email), if anyone has.
    accepted_by: Option<String>,
    /// When (unix seconds).
    accepted_at: Option<i64>,
    /// Whether this user may accept (the account owner, while not accepted).
    can_accept: bool,
}

async fn page(state: &AppState, user: &OutboundTermsUser) -> Result<OutboundTermsPage, AppError> {
    let accepted = store::terms_accepted(&state.db, user.customer(), OUTBOUND_TERMS.version).await?;
    Ok(OutboundTermsPage {
        version: OUTBOUND_TERMS.version.into(),
        title: OUTBOUND_TERMS.title.into(),
        paragraphs: OUTBOUND_TERMS.paragraphs.iter().map(|p| p.to_string()).collect(),
        can_accept: user.can_edit() && accepted.is_none(),
        accepted_by: accepted.as_ref().map(|(email, _)| email.clone()),
        accepted_at: accepted.map(|(_, at)| at),
    })
}

/// The current outbound terms and who accepted them for the account, and when.
#[utoipa::path(get, path = "/outboundterms/getTerms", tag = "outbound",
    responses((status = 200, body = OutboundTermsPage), (status = 403, description = "No outbound")))]
async fn get_outbound_terms(
    State(state): State<AppState>,
    user: OutboundTermsUser,
) -> Result<Json<OutboundTermsPage>, AppError> {
    Ok(Json(page(&state, &user).await?))
}

/// The owner accepts the current version for the account, once: a second acceptance is 422
/// TERMS_ACCEPTED_ALREADY naming who accepted.
#[utoipa::path(post, path = "/outboundterms/acceptTerms", tag = "outbound",
    responses((status = 200, body = OutboundTermsPage), (status = 403, description = "Not the account owner"),
        (status = 422, description = "TERMS_ACCEPTED_ALREADY")))]
async fn accept_outbound_terms(
    State(state): State<AppState>,
    user: OutboundTermsUser,
) -> Result<Json<OutboundTermsPage>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    if !store::accept_terms(&state.db, customer, user.account.user_id, OUTBOUND_TERMS.version, state.clock.now())
        .await?
    {
        let (email, _) = store::terms_accepted(&state.db, customer, OUTBOUND_TERMS.version).await?.unwrap_or_default();
        let mut errors = domain::FieldErrors::new();
        errors.add("form_terms", domain::caller_ids::terms::accepted_already(&email));
        return Err(AppError::Coded("TERMS_ACCEPTED_ALREADY", errors));
    }
    tracing::info!(
        customer = customer.get(),
        user = user.account.user_id,
        version = OUTBOUND_TERMS.version,
        "outbound terms accepted"
    );
    Ok(Json(page(&state, &user).await?))
}
