//! Manage CLI (/outboundcli, docs/outbound-cli-api.md): the caller ids the account's
//! agents may present. Its own tracked numbers are caller ids as they are; an outside number is
//! added with a code sent to it through the verification provider (a sandbox here,
//! `caller_id_verification.rs`), verified with that code (10 minutes, 5 tries, a new code once a
//! minute: domain `caller_ids::verification`), and removed. Codes sent and wrong codes are
//! limited by account and number per day, and each call that sends or tries a code by account
//! per minute (domain `caller_ids::limits`), whatever the rows went through. Each agent restricted to the list
//! (cliRestricted) presents only a listed number; the server refuses an unlisted one wherever a
//! caller id is set (here and users/save). Every call needs the Manage CLI menu item: new
//! outbound and auth code 25 (the account owner). Another customer's ids are 404.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::caller_ids::{
    self, check_attempt, may_present, opens_manage_cli, remove_question, status, too_many_requests, validate_code,
    validate_outside_number, wrong_code_message, wrong_code_refusal, CallerIdStatus, CodeState, SendRefusal,
    MAX_ATTEMPTS, ON_THE_LIST,
};
use domain::{AccountState, FieldErrors};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::providers::caller_id_verification::{claim_send, code_hash, new_code};
use crate::state::AppState;
use crate::store::api_rate;
use crate::store::caller_id_code_events as events;
use crate::store::caller_ids::{self as store, OutsideRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_caller_ids))
        .routes(routes!(add_caller_id))
        .routes(routes!(verify_caller_id))
        .routes(routes!(resend_code))
        .routes(routes!(remove_caller_id))
        .routes(routes!(restrict_agent))
}

const TEXT_MAX: usize = 1_000;

/// /outboundcli: the Manage CLI menu item (auth code 25) for every call.
pub struct ManageCliRights;

impl PageRights for ManageCliRights {
    fn opens(account: &AccountState) -> bool {
        opens_manage_cli(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        opens_manage_cli(account)
    }
}

/// A user of the page: the account owner.
pub type ManageCliUser = PageUser<ManageCliRights>;

/// One of the account's tracked numbers: a caller id of its own.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TrackedCallerId {
    number: String,
    /// "static" or "pool".
    kind: String,
    /// The pool's name ("" for a static number).
    pool_name: String,
}

/// An outside number on the list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct OutsideCallerId {
    id: i64,
    number: String,
    status: CallerIdStatus,
    /// When the current code stops working (unix seconds); None once verified.
    code_expires_at: Option<i64>,
    /// Wrong codes the current code still allows.
    tries_left: i64,
    verified_at: Option<i64>,
    added_by: String,
    added_at: i64,
    /// The remove confirmation's question.
    remove_question: String,
}

/// An agent of the account and whether they are restricted to the list.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CliAgent {
    id: i64,
    name: String,
    /// The caller id the agent presents ("" for none).
    outbound_number: String,
    cli_restricted: bool,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CallerIdsPage {
    tracked: Vec<TrackedCallerId>,
    outside: Vec<OutsideCallerId>,
    agents: Vec<CliAgent>,
}

fn code_state(row: &OutsideRow) -> CodeState {
    CodeState { sent_at: row.code_sent_at, attempts: row.attempts, verified: row.verified_at.is_some() }
}

fn outside_view(row: OutsideRow, now: i64) -> OutsideCallerId {
    let state = code_state(&row);
    let status = status(&state, now);
    OutsideCallerId {
        id: row.id,
        code_expires_at: (!state.verified).then(|| row.code_sent_at.saturating_add(caller_ids::CODE_LIFETIME_SECONDS)),
        tries_left: if state.verified { 0 } else { (MAX_ATTEMPTS - row.attempts).max(0) },
        verified_at: row.verified_at,
        added_by: row.added_by_email,
        added_at: row.added_at,
        remove_question: remove_question(&row.number, status),
        number: row.number,
        status,
    }
}

/// The account's caller ids: its tracked numbers, its outside numbers with their status, and
/// its agents with their restriction.
#[utoipa::path(get, path = "/outboundcli/getCallerIds", tag = "outbound",
    responses((status = 200, body = CallerIdsPage), (status = 403, description = "Not the account owner, or no outbound")))]
async fn get_caller_ids(State(state): State<AppState>, user: ManageCliUser) -> Result<Json<CallerIdsPage>, AppError> {
    let customer = user.customer();
    let now = state.clock.now();
    let tracked = store::tracked(&state.db, customer)
        .await?
        .into_iter()
        .map(|t| TrackedCallerId { number: t.number, kind: t.kind, pool_name: t.pool_name })
        .collect();
    let outside = store::outside(&state.db, customer).await?.into_iter().map(|r| outside_view(r, now)).collect();
    let agents = store::agents(&state.db, customer)
        .await?
        .into_iter()
        .map(|a| CliAgent {
            id: a.id,
            name: format!("{} {}", a.forename, a.surname).trim().to_string(),
            outbound_number: a.outbound_number,
            cli_restricted: a.cli_restricted,
        })
        .collect();
    Ok(Json(CallerIdsPage { tracked, outside, agents }))
}

/// The outside number form.
#[derive(Deserialize, Validate, ToSchema)]
struct OutsideNumberFields {
    /// A UK landline or mobile number: 11 digits starting 01, 02, 071 to 075 or 077 to 079 (no
    /// 070 personal number, no 076 pager); not a tracked number nor listed already.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::caller_id_number)]
    form_number: String,
}

fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// Too many calls of a kind from the account this minute (429): the words, the same on the
/// form's field, and the seconds until the minute ends.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TooManyCalls {
    success: bool,
    /// "TOO_MANY_REQUESTS".
    code: String,
    message: String,
    /// The message on the call's field (form_number or form_code).
    errors: std::collections::BTreeMap<String, String>,
    retry_after: i64,
}

/// Counts a call of `kind` (add, resend, verify) against the account's minute: past
/// `REQUESTS_PER_MINUTE`, 429 with the words on `field` too.
async fn limit_requests(state: &AppState, customer: CustomerId, kind: &str, field: &str) -> Result<(), AppError> {
    let bucket = format!("outboundcli:{kind}:{customer}");
    let usage = api_rate::hit(&state.db, &bucket, caller_ids::limits::REQUESTS_PER_MINUTE, state.clock.now()).await?;
    let Some(message) = too_many_requests(usage.used) else { return Ok(()) };
    let body = TooManyCalls {
        success: false,
        code: "TOO_MANY_REQUESTS".into(),
        message: message.into(),
        errors: [(field.to_string(), message.to_string())].into(),
        retry_after: usage.reset,
    };
    Err(AppError::TooManyRequests(message.into(), serde_json::to_value(body).unwrap_or_default()))
}

/// A refusal to send a code, on `field`.
fn send_refused(field: &str, refusal: SendRefusal) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add(field, refusal.message());
    AppError::Coded(refusal.code(), errors)
}

/// Sends `code` to the number through the provider (the code itself is never logged).
async fn send_code(state: &AppState, customer: CustomerId, number: &str, code: &str) -> Result<(), AppError> {
    state
        .caller_id_codes
        .send(customer, number, code, state.clock.now())
        .await
        .map_err(|e| AppError::Internal(format!("the verification code was not sent: {e}")))
}

/// Adds an outside number and sends it a code (the sandbox phone shows it).
#[utoipa::path(post, path = "/outboundcli/addCallerId", tag = "outbound",
    request_body(content((OutsideNumberFields = "multipart/form-data"), (OutsideNumberFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved),
        (status = 422, description = "form_number's message: VALIDATION_FAILED, or no code sent now: RESEND_TOO_SOON, \
            NUMBER_DAILY_LIMIT, ACCOUNT_DAILY_LIMIT"),
        (status = 429, body = TooManyCalls, description = "Too many calls from the account this minute (errors.form_number)")))]
async fn add_caller_id(
    State(state): State<AppState>,
    user: ManageCliUser,
    Form { fields: form, .. }: Form<OutsideNumberFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    limit_requests(&state, customer, "add", "form_number").await?;
    let tracked: Vec<String> = store::tracked(&state.db, customer).await?.into_iter().map(|t| t.number).collect();
    let outside: Vec<String> = store::outside(&state.db, customer).await?.into_iter().map(|o| o.number).collect();
    let number = validate_outside_number(&form.form_number, &tracked, &outside).map_err(AppError::Validation)?;
    let now = state.clock.now();
    claim_send(&state.db, customer, &number, None, now).await?.map_err(|r| send_refused("form_number", r))?;
    // The code goes out once the number is kept (its hash with it), so a code never names a
    // number we lost; if sending fails, a new code can be asked for.
    let code = new_code();
    let hash = code_hash(customer, &number, &code);
    let id = store::insert(&state.db, customer, &number, &hash, &user.account.user_email, now)
        .await?
        .ok_or_else(|| AppError::field("form_number", ON_THE_LIST))?;
    send_code(&state, customer, &number, &code).await?;
    tracing::info!(customer = customer.get(), caller_id = id, "outside caller id added, code sent");
    Ok(Json(Saved { success: true, id }))
}

/// The code form.
#[derive(Deserialize, Validate, ToSchema)]
struct CodeFields {
    /// The six digits sent to the number.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_code: String,
}

fn code_refusal(code: &'static str, message: impl Into<String>) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add("form_code", message);
    AppError::Coded(code, errors)
}

/// Verifies an outside number with its code. Refusals (422, errors.form_code): WRONG_CODE with
/// the tries left, CODE_EXPIRED, TOO_MANY_ATTEMPTS, VERIFIED_ALREADY, WRONG_CODE_DAILY_LIMIT (the
/// number's wrong codes of the day, across removals); a malformed code is VALIDATION_FAILED and
/// uses no try. 429 past the account's calls a minute.
#[utoipa::path(post, path = "/outboundcli/verifyCallerId/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The outside caller id")),
    request_body(content((CodeFields = "multipart/form-data"), (CodeFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 404, description = "No such caller id in this account"),
        (status = 422, description = "form_code's message"),
        (status = 429, body = TooManyCalls, description = "Too many calls from the account this minute (errors.form_code)")))]
async fn verify_caller_id(
    State(state): State<AppState>,
    user: ManageCliUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<CodeFields>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id, now) = (user.customer(), path_id(&id)?, state.clock.now());
    limit_requests(&state, customer, "verify", "form_code").await?;
    let row = store::find(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    check_attempt(&code_state(&row), now).map_err(|message| {
        let code = match message {
            caller_ids::CODE_EXPIRED => "CODE_EXPIRED",
            caller_ids::TOO_MANY_TRIES => "TOO_MANY_ATTEMPTS",
            _ => "VERIFIED_ALREADY",
        };
        code_refusal(code, message)
    })?;
    let code = validate_code(&form.form_code).map_err(AppError::Validation)?;
    if let Some(message) = wrong_code_refusal(events::wrong_today(&state.db, customer, &row.number, now).await?) {
        return Err(code_refusal("WRONG_CODE_DAILY_LIMIT", message));
    }
    let hash = code_hash(customer, &row.number, &code);
    if hash == row.code_hash && store::mark_verified(&state.db, customer, id, &hash, MAX_ATTEMPTS, now).await? {
        tracing::info!(customer = customer.get(), caller_id = id, "outside caller id verified");
        return Ok(Json(Done { success: true }));
    }
    match store::count_wrong_code(&state.db, customer, id, MAX_ATTEMPTS).await? {
        Some(attempts) => {
            events::record_wrong(&state.db, customer, &row.number, now).await?;
            Err(code_refusal("WRONG_CODE", wrong_code_message(attempts)))
        }
        None => Err(code_refusal("TOO_MANY_ATTEMPTS", caller_ids::TOO_MANY_TRIES)),
    }
}

/// Sends a new code to an outside number not yet verified (at most once a minute, and within
/// the number's and the account's codes a day); the old code stops working and the tries start
/// again. 422 RESEND_TOO_SOON, NUMBER_DAILY_LIMIT, ACCOUNT_DAILY_LIMIT or VERIFIED_ALREADY; 429
/// past the account's calls a minute.
#[utoipa::path(post, path = "/outboundcli/resendCode/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The outside caller id")),
    responses((status = 200, body = Done), (status = 404, description = "No such caller id in this account"),
        (status = 422, description = "errors.form_code: why no code was sent"),
        (status = 429, body = TooManyCalls, description = "Too many calls from the account this minute (errors.form_code)")))]
async fn resend_code(
    State(state): State<AppState>,
    user: ManageCliUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id, now) = (user.customer(), path_id(&id)?, state.clock.now());
    limit_requests(&state, customer, "resend", "form_code").await?;
    let row = store::find(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    claim_send(&state.db, customer, &row.number, Some(&code_state(&row)), now)
        .await?
        .map_err(|r| send_refused("form_code", r))?;
    let code = new_code();
    if !store::new_code(&state.db, customer, id, &code_hash(customer, &row.number, &code), now).await? {
        return Err(AppError::NotFound);
    }
    send_code(&state, customer, &row.number, &code).await?;
    tracing::info!(customer = customer.get(), caller_id = id, "caller id code sent again");
    Ok(Json(Done { success: true }))
}

/// Removes an outside number (the page confirms first). Refused (422 CALLER_ID_IN_USE) while
/// a restricted agent presents it, naming them.
#[utoipa::path(post, path = "/outboundcli/removeCallerId/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The outside caller id")),
    responses((status = 200, body = Done), (status = 404, description = "No such caller id in this account"),
        (status = 422, description = "CALLER_ID_IN_USE: errors.form_number names the agents")))]
async fn remove_caller_id(
    State(state): State<AppState>,
    user: ManageCliUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let row = store::find(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let users: Vec<String> = store::agents(&state.db, customer)
        .await?
        .into_iter()
        .filter(|a| a.cli_restricted && a.outbound_number == row.number)
        .map(|a| format!("{} {}", a.forename, a.surname).trim().to_string())
        .collect();
    if !users.is_empty() {
        let mut errors = FieldErrors::new();
        errors.add("form_number", caller_ids::in_use_refusal(&row.number, &users));
        return Err(AppError::Coded("CALLER_ID_IN_USE", errors));
    }
    if !store::delete(&state.db, customer, id).await? {
        return Err(AppError::NotFound);
    }
    tracing::info!(customer = customer.get(), caller_id = id, "outside caller id removed");
    Ok(Json(Done { success: true }))
}

/// The restriction form (the user form's field name).
#[derive(Deserialize, Validate, ToSchema)]
struct RestrictFields {
    /// "1" restricts the agent to the list, "0" lifts it.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_customer_restrict_cli: String,
}

/// Restricts an agent to the list (cliRestricted) or lifts it. Restricting an agent whose
/// caller id is not on the list is 422 on form_customer_restrict_cli.
#[utoipa::path(post, path = "/outboundcli/restrictAgent/{id}", tag = "outbound",
    params(("id" = String, Path, description = "The agent's user id")),
    request_body(content((RestrictFields = "multipart/form-data"), (RestrictFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done), (status = 404, description = "No such agent in this account"),
        (status = 422, description = "The agent's caller id is not on the list")))]
async fn restrict_agent(
    State(state): State<AppState>,
    user: ManageCliUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<RestrictFields>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let agent = store::agent(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let restricted = match form.form_customer_restrict_cli.as_str() {
        "1" => true,
        "0" => false,
        _ => return Err(AppError::field("form_customer_restrict_cli", "Choose 1 or 0.")),
    };
    let allowed = store::allowed(&state.db, customer).await?;
    may_present(&agent.outbound_number, restricted, &allowed)
        .map_err(|message| AppError::field("form_customer_restrict_cli", message))?;
    store::set_restricted(&state.db, agent.id, restricted).await?;
    tracing::info!(customer = customer.get(), agent = agent.id, restricted, "agent caller id restriction saved");
    Ok(Json(Done { success: true }))
}
