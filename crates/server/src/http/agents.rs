//! Outbound agents (/agents and /agents/{id}, docs/outbound-api.md): the users with
//! outbound access, their outbound number, campaign and the last 30 days' calls and talk time;
//! giving access within the agents the account pays for (checked in one transaction) and taking
//! it back; an agent's page with their outbound calls. Every call needs the Agents menu item
//! (domain `agents::opens_agents`: new outbound and the outbound permission); changes need a
//! user admin. Another customer's user, or a user who is not an agent, is 404.

use crate::http::contract::bounds;
use crate::http::kit::extract::{Path, Query};
use axum::extract::State;
use axum::Json;
use domain::agents::{
    agents_summary, can_buy_agents, can_edit_agents, format_talk_time, give_access_problem, give_access_question,
    opens_agents, take_access_question, AgentSeats, ADD_AGENT_SCOPE, AGENT_LIMIT_REACHED,
};
use domain::caller_ids::{caller_id_choice_problem, caller_id_choices};
use domain::reports::phone::format_uk;
use domain::{format_date_time, format_money, AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::Done;
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::agents as store;
use crate::store::{caller_ids, charges, outbound, users};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_agents))
        .routes(routes!(get_agent))
        .routes(routes!(give_access))
        .routes(routes!(take_access))
        .routes(routes!(set_campaign))
        .routes(routes!(set_caller_id))
}

const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
const PAGE_SIZE: i64 = 25;
const PAGE_SIZE_MAX: i64 = 100;

/// /agents: the Agents menu item and its guard; changes need a user admin.
pub struct AgentsRights;

impl PageRights for AgentsRights {
    fn opens(account: &AccountState) -> bool {
        opens_agents(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_agents(account)
    }
}

/// A user of the page.
pub type AgentsUser = PageUser<AgentsRights>;

/// The account's agents against those it pays for.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentSeatsView {
    agents: i64,
    paid: i64,
    free: i64,
    /// "2 of 3 paid agents in use (1 free)."
    summary: String,
}

impl From<AgentSeats> for AgentSeatsView {
    fn from(seats: AgentSeats) -> Self {
        AgentSeatsView { agents: seats.agents, paid: seats.paid, free: seats.free(), summary: agents_summary(seats) }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentView {
    id: i64,
    name: String,
    email: String,
    /// The number the agent's calls show, or "".
    outbound_number: String,
    /// The agent's campaign's id, if any.
    campaign_id: Option<i64>,
    /// The agent's campaign, or "".
    campaign: String,
    /// Outbound calls in the last 30 days.
    calls30_days: i64,
    /// Their length in seconds, and as shown ("1h 02m").
    talk_seconds30_days: i64,
    talk_time30_days: String,
    /// The confirmation before taking access.
    take_question: String,
}

fn agent_view(row: store::AgentRow) -> AgentView {
    let name = full_name(&row.forename, &row.surname);
    AgentView {
        id: row.id,
        take_question: take_access_question(&name),
        name,
        email: row.email,
        outbound_number: row.outbound_number,
        campaign_id: row.campaign_id,
        campaign: row.campaign.unwrap_or_default(),
        calls30_days: row.calls,
        talk_time30_days: format_talk_time(row.talk_seconds),
        talk_seconds30_days: row.talk_seconds,
    }
}

fn full_name(forename: &str, surname: &str) -> String {
    format!("{forename} {surname}").trim().to_string()
}

/// A user who may be given outbound access.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentCandidate {
    id: i64,
    name: String,
    /// The confirmation before giving access.
    give_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentsPage {
    agents: Vec<AgentView>,
    seats: AgentSeatsView,
    /// The account's users who may be given access (home on this account, no other accounts).
    candidates: Vec<AgentCandidate>,
    /// Whether the user may give and take access.
    can_edit: bool,
    /// Whether the user may buy another agent: the purchase modal of `addAgentScope`.
    can_buy: bool,
    /// The add-on that pays for one more agent (its price comes from services/getAddonPrice).
    add_agent_scope: String,
    /// Said before a user is chosen when every paid agent is in use (the refusal giving access
    /// would meet), else None.
    all_in_use: Option<String>,
}

/// The account's agents by name with their last 30 days, the paid agents and who may be given
/// access.
#[utoipa::path(get, path = "/agents/getAgents", tag = "outbound",
    responses((status = 200, body = AgentsPage), (status = 403, description = "No Agents menu item")))]
async fn get_agents(State(state): State<AppState>, user: AgentsUser) -> Result<Json<AgentsPage>, AppError> {
    let customer = user.customer();
    let since = state.clock.now() - RECENT_DAYS * DAY;
    let agents = store::agents(&state.db, customer, since).await?.into_iter().map(agent_view).collect();
    let seats = store::seats(&state.db, customer).await?;
    let candidates = users::without_new_outbound(&state.db, customer)
        .await?
        .into_iter()
        .map(|u| {
            let name = full_name(&u.forename, &u.surname);
            AgentCandidate { id: u.id, give_question: give_access_question(&name), name }
        })
        .collect();
    Ok(Json(AgentsPage {
        agents,
        seats: seats.into(),
        candidates,
        can_edit: user.can_edit(),
        can_buy: can_buy_agents(&user.account),
        add_agent_scope: ADD_AGENT_SCOPE.to_string(),
        all_in_use: give_access_problem(seats, "a user"),
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
struct AgentCallsQuery {
    /// From 1.
    #[param(minimum = 1)]
    page: Option<i64>,
    #[param(minimum = 1, maximum = 100)]
    page_size: Option<i64>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentCallView {
    id: i64,
    /// "24/11/2026 09:15" in the account's time zone.
    started: String,
    /// Seconds talking once the called party answered.
    talk_seconds: i64,
    /// The talk time, "4m 05s".
    duration: String,
    /// "Landline" or "Mobile".
    kind: String,
    /// The number called, or "".
    number: String,
    /// Pounds, "0.12".
    cost: String,
    /// The outbound campaign the agent was on when calling ("" none, or not known).
    campaign: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CampaignChoice {
    id: i64,
    name: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AgentPage {
    agent: AgentView,
    calls: Vec<AgentCallView>,
    /// Every outbound call of the agent.
    total: i64,
    page: i64,
    page_size: i64,
    /// The account's campaigns, for the agent's campaign.
    campaigns: Vec<CampaignChoice>,
    /// The caller ids the agent can be given: the account's tracked numbers and verified caller ids.
    caller_ids: Vec<CallerIdChoice>,
    can_edit: bool,
}

/// A caller id an agent can be given, and how the picker names it.
#[derive(Serialize, ToSchema)]
struct CallerIdChoice {
    number: String,
    /// "01632 960123 · Tracked number", "0161 496 0000 · Pool Spring offer", "07700 900123 · Verified caller id".
    label: String,
}

/// The account's caller ids an agent can be given (domain `caller_id_choices`), each named.
async fn caller_id_choices_of(
    state: &AppState,
    customer: crate::store::CustomerId,
) -> Result<Vec<CallerIdChoice>, AppError> {
    let tracked = caller_ids::tracked(&state.db, customer).await?;
    let allowed = caller_ids::allowed(&state.db, customer).await?;
    Ok(caller_id_choices(&allowed)
        .into_iter()
        .map(|number| {
            let what = match tracked.iter().find(|t| t.number == number) {
                Some(t) if t.kind == "pool" => format!("Pool {}", t.pool_name),
                Some(_) => "Tracked number".to_string(),
                None => "Verified caller id".to_string(),
            };
            CallerIdChoice { label: format!("{} · {what}", format_uk(&number)), number }
        })
        .collect())
}

fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// One agent: their details, last 30 days and a page of their outbound calls, newest first.
/// A user who is not an agent of the account is 404.
#[utoipa::path(get, path = "/agents/getAgent/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The agent's user id"), AgentCallsQuery),
    responses((status = 200, body = AgentPage), (status = 404, description = "Not an agent of this account")))]
async fn get_agent(
    State(state): State<AppState>,
    user: AgentsUser,
    Path(id): Path<String>,
    Query(query): Query<AgentCallsQuery>,
) -> Result<Json<AgentPage>, AppError> {
    let (customer, id) = (user.customer(), path_id(&id)?);
    let since = state.clock.now() - RECENT_DAYS * DAY;
    let agent = store::agent(&state.db, customer, id, since).await?.ok_or(AppError::NotFound)?;
    let page_size = query.page_size.unwrap_or(PAGE_SIZE).clamp(1, PAGE_SIZE_MAX);
    let page = query.page.unwrap_or(1).clamp(1, 1_000_000);
    let (rows, total) = store::agent_calls(&state.db, customer, id, page_size, (page - 1) * page_size).await?;
    let calls = rows
        .into_iter()
        .map(|c| AgentCallView {
            id: c.id,
            started: format_date_time(c.started_at, user.zone()),
            duration: format_talk_time(c.talk_seconds),
            talk_seconds: c.talk_seconds,
            kind: if c.rate_item.contains("mobile") { "Mobile" } else { "Landline" }.to_string(),
            number: c.caller_number,
            cost: format_money(c.cost_tenth_pence as f64 / 1000.0),
            campaign: c.campaign.unwrap_or_default(),
        })
        .collect();
    let campaigns = outbound::campaigns(&state.db, customer)
        .await?
        .into_iter()
        .map(|(id, name)| CampaignChoice { id, name })
        .collect();
    Ok(Json(AgentPage {
        agent: agent_view(agent),
        calls,
        total,
        page,
        page_size,
        campaigns,
        caller_ids: caller_id_choices_of(&state, customer).await?,
        can_edit: user.can_edit(),
    }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted name, which the 422 body's errors are keyed by
struct GiveAccessRequest {
    /// A user of the account who is not an agent (getAgents' candidates); anything else is 404.
    #[garde(range(min = bounds::ID_MIN))]
    #[schema(schema_with = bounds::id)]
    userId: i64,
}

#[derive(Serialize, ToSchema)]
struct AccessChanged {
    success: bool,
    seats: AgentSeatsView,
}

/// Gives a user outbound access within the agents the account pays for. Every paid agent in
/// use: 422 `AGENT_LIMIT_REACHED` (errors.userId offers to buy another).
#[utoipa::path(post, path = "/agents/giveAccess", tag = "outbound",
    request_body(content((GiveAccessRequest = "multipart/form-data"), (GiveAccessRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = AccessChanged), (status = 404, description = "Not a user who may be given access"),
        (status = 422, description = "AGENT_LIMIT_REACHED")))]
async fn give_access(
    State(state): State<AppState>,
    user: AgentsUser,
    Form { fields: form, .. }: Form<GiveAccessRequest>,
) -> Result<Json<AccessChanged>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let mut tx = crate::db::begin_write(&state.db).await?;
    // One give at a time per account: the count below cannot change before the update.
    charges::lock_customer(&mut tx, customer).await?;
    let candidate = users::without_new_outbound(&mut *tx, customer)
        .await?
        .into_iter()
        .find(|u| u.id == form.userId)
        .ok_or(AppError::NotFound)?;
    let seats = store::seats(&mut *tx, customer).await?;
    if let Some(problem) = give_access_problem(seats, &full_name(&candidate.forename, &candidate.surname)) {
        let mut errors = FieldErrors::new();
        errors.add("userId", problem);
        return Err(AppError::Coded(AGENT_LIMIT_REACHED, errors));
    }
    if !charges::give_outbound(&mut tx, customer, candidate.id).await? {
        return Err(AppError::NotFound);
    }
    let seats = store::seats(&mut *tx, customer).await?;
    tx.commit().await?;
    tracing::info!(customer = customer.get(), agent = candidate.id, "outbound access given");
    Ok(Json(AccessChanged { success: true, seats: seats.into() }))
}

/// Takes outbound access from an agent; the paid agent is free for another user.
#[utoipa::path(post, path = "/agents/takeAccess/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The agent's user id")),
    responses((status = 200, body = AccessChanged), (status = 404, description = "Not an agent of this account")))]
async fn take_access(
    State(state): State<AppState>,
    user: AgentsUser,
    Path(id): Path<String>,
) -> Result<Json<AccessChanged>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    if !store::take_access(&state.db, customer, id).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = customer.get(), agent = id, "outbound access taken");
    let seats = store::seats(&state.db, customer).await?;
    Ok(Json(AccessChanged { success: true, seats: seats.into() }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted name, as the user form posts it
struct SetCampaignRequest {
    /// A campaign of the account, or "" / 0 for none; another account's campaign is 404.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    outboundCampaignId: Option<i64>,
}

/// Puts an agent on one of the account's campaigns (or none).
#[utoipa::path(post, path = "/agents/setCampaign/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The agent's user id")),
    request_body(content((SetCampaignRequest = "multipart/form-data"), (SetCampaignRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 404, description = "Not an agent or a campaign of this account")))]
async fn set_campaign(
    State(state): State<AppState>,
    user: AgentsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<SetCampaignRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let campaign = match form.outboundCampaignId {
        None | Some(0) => None,
        Some(c) if c > 0 => Some(c),
        Some(_) => return Err(AppError::NotFound),
    };
    if !store::set_campaign(&state.db, customer, id, campaign).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted name, as the user form posts it
struct SetCallerIdRequest {
    /// One of getAgent's callerIds, or "" for none.
    #[serde(default)]
    #[garde(length(chars, max = 20))]
    outboundNumber: String,
}

/// Gives an agent one of the account's tracked numbers or verified caller ids as the number
/// their calls show (or none). A number not among the choices is 422 on outboundNumber.
#[utoipa::path(post, path = "/agents/setCallerId/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The agent's user id")),
    request_body(content((SetCallerIdRequest = "multipart/form-data"), (SetCallerIdRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 404, description = "Not an agent of this account"),
        (status = 422, description = "Not one of the account's tracked numbers or verified caller ids")))]
async fn set_caller_id(
    State(state): State<AppState>,
    user: AgentsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<SetCallerIdRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    store::agent(&state.db, customer, id, 0).await?.ok_or(AppError::NotFound)?;
    let number = form.outboundNumber.trim();
    let choices = caller_id_choices(&caller_ids::allowed(&state.db, customer).await?);
    if let Some(problem) = caller_id_choice_problem(number, &choices) {
        return Err(AppError::field("outboundNumber", problem));
    }
    if !store::set_outbound_number(&state.db, customer, id, number).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = customer.get(), agent = id, "agent caller id saved");
    Ok(Json(Done { success: true }))
}
