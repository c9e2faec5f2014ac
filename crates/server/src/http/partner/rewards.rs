//! partnerportal/getRewards and partnerportal/getProgrammes: what the partner earned on its
//! clients' invoices, and the programmes it is approved for with their agreed rates.

use axum::extract::State;
use axum::Json;
use domain::billing::invoice::local_date;
use domain::partners::rewards::{rate_text, summarise_rewards, Programme, RewardSummary};
use domain::{format_date, guard, GuardStep};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::require_page;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::partners;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(rewards)).routes(routes!(programmes))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ProgrammeTerms {
    /// "reseller" or "referrer".
    programme: &'static str,
    approved: bool,
    /// "20%": the agreed share of clients' invoices (before VAT); None without an agreement.
    rate: Option<String>,
    /// dd/mm/yyyy.
    signed_on: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct Rewards {
    #[serde(flatten)]
    summary: RewardSummary,
    programmes: Vec<ProgrammeTerms>,
}

async fn terms(state: &AppState, user: &AccountUser) -> Result<Vec<ProgrammeTerms>, AppError> {
    let agreements = partners::agreements(&state.db, user.customer()).await?;
    let zone = &user.account.customer_time_zone;
    Ok([Programme::Reseller, Programme::Referrer]
        .into_iter()
        .map(|programme| {
            let agreement = agreements.iter().find(|a| a.programme == programme.key());
            ProgrammeTerms {
                programme: programme.key(),
                approved: match programme {
                    Programme::Reseller => user.account.partner_reseller_approved_flag,
                    Programme::Referrer => user.account.partner_referrer_approved_flag,
                },
                rate: agreement.and_then(|a| u32::try_from(a.rate_basis_points).ok()).map(rate_text),
                signed_on: agreement.and_then(|a| local_date(a.signed_at, zone).ok()).and_then(|d| format_date(&d)),
            }
        })
        .collect())
}

#[utoipa::path(get, path = "/partnerportal/getRewards", tag = "partner", responses((status = 200, body = Rewards)))]
async fn rewards(State(state): State<AppState>, user: AccountUser) -> Result<Json<Rewards>, AppError> {
    require_page(&user, "/partner/rewards")?;
    let partner = user.customer();
    let rates = partners::rates(&partners::agreements(&state.db, partner).await?);
    let invoices = partners::client_invoices(&state.db, partner).await?;
    Ok(Json(Rewards { summary: summarise_rewards(&invoices, &rates), programmes: terms(&state, &user).await? }))
}

/// For the benefits pages: open to every partner user.
#[utoipa::path(get, path = "/partnerportal/getProgrammes", tag = "partner", responses((status = 200, body = [ProgrammeTerms])))]
async fn programmes(State(state): State<AppState>, user: AccountUser) -> Result<Json<Vec<ProgrammeTerms>>, AppError> {
    if !(user.account.is_partner && guard("/partner/benefits/referrer", &user.account) == GuardStep::Allow) {
        return Err(AppError::Forbidden);
    }
    Ok(Json(terms(&state, &user).await?))
}
