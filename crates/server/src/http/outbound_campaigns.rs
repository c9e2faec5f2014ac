//! Outbound campaigns (/outboundcampaigns and /outboundcampaigns/{id},
//! docs/outbound-api.md): the account's campaigns with the agents on each, edited (the name's
//! rules of the spec's addCampaign, unique in the account) and deleted (refused while agents use
//! it, naming them), and the daily / weekly / monthly report emails the account offers (the
//! spec's getAll carries them). The spec's getAll and addCampaign live with the user form
//! (http/users/outbound.rs). Every call needs the Campaigns menu item (domain
//! `agents::opens_outbound_campaigns`); changes need an administrator. Another customer's
//! campaign is 404.

use crate::http::contract::bounds;
use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::agents::{
    campaign_delete_question, campaign_delete_refusal, can_edit_outbound_campaigns, opens_outbound_campaigns,
    validate_campaign, CAMPAIGN_FIELD, CAMPAIGN_NAME_NOT_UNIQUE,
};
use domain::{AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::agents as store;
use crate::store::outbound;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_campaigns))
        .routes(routes!(get_campaign))
        .routes(routes!(edit_campaign))
        .routes(routes!(delete_campaign))
        .routes(routes!(save_report_settings))
        .routes(routes!(save_recording))
}

const TEXT_MAX: usize = 1_000;

/// /outboundcampaigns: the Campaigns menu item and its guard; changes need an administrator.
pub struct OutboundCampaignsRights;

impl PageRights for OutboundCampaignsRights {
    fn opens(account: &AccountState) -> bool {
        opens_outbound_campaigns(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_outbound_campaigns(account)
    }
}

/// A user of the page.
pub type OutboundCampaignsUser = PageUser<OutboundCampaignsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundCampaignView {
    id: i64,
    name: String,
    /// Agents on the campaign; a campaign with agents cannot be deleted.
    agents: i64,
    /// The delete confirmation's question, or the refusal naming the agents.
    delete_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundCampaignsPage {
    campaigns: Vec<OutboundCampaignView>,
    /// The outbound report emails the account offers its users (the user form's checkboxes).
    outbound_daily_enabled: bool,
    outbound_weekly_enabled: bool,
    outbound_monthly_enabled: bool,
    /// Whether agents' calls out from the browser phone are recorded.
    record_outbound_calls: bool,
    /// Whether the user may add, edit and delete campaigns and change the report emails.
    can_edit: bool,
}

fn agent_name(forename: &str, surname: &str) -> String {
    format!("{forename} {surname}").trim().to_string()
}

async fn delete_question(state: &AppState, id: i64, name: &str, agents: i64) -> Result<String, AppError> {
    if agents == 0 {
        return Ok(campaign_delete_question(name));
    }
    let names: Vec<String> =
        store::campaign_agents(&state.db, id).await?.iter().map(|(_, f, s, _)| agent_name(f, s)).collect();
    Ok(campaign_delete_refusal(&names))
}

/// The account's campaigns by name with their agents, and the report emails on offer.
#[utoipa::path(get, path = "/outboundcampaigns/getCampaigns", tag = "outbound",
    responses((status = 200, body = OutboundCampaignsPage), (status = 403, description = "No Campaigns menu item")))]
async fn get_campaigns(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
) -> Result<Json<OutboundCampaignsPage>, AppError> {
    let customer = user.customer();
    let mut campaigns = Vec::new();
    for row in store::campaigns(&state.db, customer).await? {
        let delete_question = delete_question(&state, row.id, &row.name, row.agents).await?;
        campaigns.push(OutboundCampaignView { id: row.id, name: row.name, agents: row.agents, delete_question });
    }
    let (daily, weekly, monthly) = outbound::report_options(&state.db, customer).await?;
    Ok(Json(OutboundCampaignsPage {
        campaigns,
        outbound_daily_enabled: daily,
        outbound_weekly_enabled: weekly,
        outbound_monthly_enabled: monthly,
        record_outbound_calls: outbound::records_calls(&state.db, customer).await?,
        can_edit: user.can_edit(),
    }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CampaignAgent {
    id: i64,
    name: String,
    email: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutboundCampaignPage {
    id: i64,
    name: String,
    agents: Vec<CampaignAgent>,
    delete_question: String,
    can_edit: bool,
}

fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// One campaign with the agents on it.
#[utoipa::path(get, path = "/outboundcampaigns/getCampaign/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The campaign's id")),
    responses((status = 200, body = OutboundCampaignPage), (status = 404, description = "No such campaign in this account")))]
async fn get_campaign(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
    Path(id): Path<String>,
) -> Result<Json<OutboundCampaignPage>, AppError> {
    let (customer, id) = (user.customer(), path_id(&id)?);
    let (id, name) = store::campaign(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let agents: Vec<CampaignAgent> = store::campaign_agents(&state.db, id)
        .await?
        .into_iter()
        .map(|(id, f, s, email)| CampaignAgent { id, name: agent_name(&f, &s), email })
        .collect();
    let names: Vec<String> = agents.iter().map(|a| a.name.clone()).collect();
    let delete_question =
        if names.is_empty() { campaign_delete_question(&name) } else { campaign_delete_refusal(&names) };
    Ok(Json(OutboundCampaignPage { id, name, agents, delete_question, can_edit: user.can_edit() }))
}

/// The campaign form, as addCampaign posts it.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted name, which the 422 body's errors are keyed by
struct EditCampaignRequest {
    /// The domain's rules (`agents::validate_campaign`) decide; this only bounds it first.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required_keyboard::<{ domain::users::CAMPAIGN_NAME_MAX }, TEXT_MAX>)]
    outboundCampaignName: String,
}

/// Checks a campaign name against the domain's rules and the account's other campaigns.
pub(crate) async fn check_campaign_name(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    name: &str,
) -> Result<(), AppError> {
    let taken = store::other_names(&state.db, customer, id).await?;
    let errors = validate_campaign(name, &taken);
    if errors.is_empty() {
        Ok(())
    } else if errors.get(CAMPAIGN_FIELD) == Some(CAMPAIGN_NAME_NOT_UNIQUE) {
        Err(AppError::Coded("NAME_NOT_UNIQUE", errors))
    } else {
        Err(AppError::Validation(errors))
    }
}

/// Renames a campaign; its agents stay on it.
#[utoipa::path(post, path = "/outboundcampaigns/editCampaign/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The campaign's id")),
    request_body(content((EditCampaignRequest = "multipart/form-data"), (EditCampaignRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 404, description = "No such campaign in this account"),
        (status = 422, description = "outboundCampaignName; NAME_NOT_UNIQUE")))]
async fn edit_campaign(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<EditCampaignRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    store::campaign(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let name = form.outboundCampaignName.trim();
    check_campaign_name(&state, customer, id, name).await?;
    if !store::rename(&state.db, customer, id, name).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

/// Deletes a campaign no agent uses. In use: 422 `CAMPAIGN_IN_USE` naming the agents in
/// `errors.outboundCampaignId`.
#[utoipa::path(post, path = "/outboundcampaigns/deleteCampaign/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The campaign's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such campaign in this account"),
        (status = 422, description = "CAMPAIGN_IN_USE: the refusal names the agents")))]
async fn delete_campaign(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    store::campaign(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let mut tx = crate::db::begin_write(&state.db).await?;
    if !store::delete(&mut tx, customer, id).await? {
        drop(tx);
        // An agent uses it (the delete checks in the same statement): name them.
        let names: Vec<String> =
            store::campaign_agents(&state.db, id).await?.iter().map(|(_, f, s, _)| agent_name(f, s)).collect();
        if names.is_empty() {
            return Err(AppError::NotFound);
        }
        let mut errors = FieldErrors::new();
        errors.add("outboundCampaignId", campaign_delete_refusal(&names));
        return Err(AppError::Coded("CAMPAIGN_IN_USE", errors));
    }
    tx.commit().await?;
    Ok(Json(Done { success: true }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the getAll answer's names
struct ReportSettingsRequest {
    /// "1" offers the daily report email; anything else does not.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    outboundDailyEnabled: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    outboundWeeklyEnabled: String,
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    outboundMonthlyEnabled: String,
}

/// Sets which outbound report emails (daily, weekly, monthly) the account offers its users.
#[utoipa::path(post, path = "/outboundcampaigns/saveReportSettings", tag = "outbound",
    request_body(content((ReportSettingsRequest = "multipart/form-data"), (ReportSettingsRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn save_report_settings(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
    Form { fields: form, .. }: Form<ReportSettingsRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let on = |v: &str| v == "1";
    store::set_report_options(
        &state.db,
        user.customer(),
        on(&form.outboundDailyEnabled),
        on(&form.outboundWeeklyEnabled),
        on(&form.outboundMonthlyEnabled),
    )
    .await?;
    Ok(Json(Done { success: true }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the getCampaigns answer's name
struct RecordingRequest {
    /// "1" records agents' calls out; anything else does not.
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    recordOutboundCalls: String,
}

/// Sets whether agents' calls out from the browser phone are recorded.
#[utoipa::path(post, path = "/outboundcampaigns/saveRecording", tag = "outbound",
    request_body(content((RecordingRequest = "multipart/form-data"), (RecordingRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 403, description = "Not an administrator")))]
async fn save_recording(
    State(state): State<AppState>,
    user: OutboundCampaignsUser,
    Form { fields: form, .. }: Form<RecordingRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    outbound::set_records_calls(&state.db, user.customer(), form.recordOutboundCalls == "1").await?;
    Ok(Json(Done { success: true }))
}
