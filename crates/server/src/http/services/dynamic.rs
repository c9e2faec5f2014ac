//! Dynamic URLs and pools: services/getDynamicDetails (the form's lists and the pools
//! left on the account), managevisioncampaigns/checkEligibility (whether the plan still
//! includes a pool, else the price list) and managevisioncampaigns/insert: in one transaction a
//! new dynamic URL (or a pool on an existing one) whose pool takes its numbers from the
//! inventory, with its routing, provisioning requested; beyond the plan's pools the terms must
//! be ticked. The pool is charged on the invoice from the month it was bought.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::routing::MID_CALL_AUDIOS;
use domain::services::dynamic_pool::{
    advanced_settings_locked, validate_dynamic_pool, DynamicPoolForm, INTERNATIONAL_FORMATS, NUMBERS_PER_POOL,
    NUMBER_FORMATS, UPGRADE_PROMPT,
};
use domain::users::terms_problem;
use domain::{guard, GuardStep};
use garde::Validate;
use rand::RngCore;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::pool_form::{pool_form, PoolContract, PoolRequest};
use super::statics::{prefixes, price_list, purchase_note, NumberPrefixOption, PriceList, PurchaseNote};
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::ChangeLog;
use crate::state::AppState;
use crate::store::dynamic_pools::{self, NewDynamicUrl};
use crate::store::{audios, charges, destinations, dynamic_urls, inventory, routing_entries, service_plans, usage};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dynamic_details))
        .routes(routes!(check_eligibility))
        .routes(routes!(insert))
        .routes(routes!(pools_of))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct InternationalCodeOption {
    id: i64,
    description: String,
    country_code: String,
}

#[derive(Serialize, ToSchema)]
struct FormatOption {
    id: i64,
    format: String,
}

#[derive(Serialize, ToSchema)]
struct ServicePlanOption {
    id: i64,
    plan: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AudioChoice {
    id: i64,
    description: String,
    file_name: String,
}

#[derive(Serialize, ToSchema)]
struct MidCallAudioOption {
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
struct DtmfPlanOption {
    unique: String,
    id: i64,
    description: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicDetails {
    international_codes: Vec<InternationalCodeOption>,
    prefixes: Vec<NumberPrefixOption>,
    number_formats: Vec<FormatOption>,
    international_formats: Vec<FormatOption>,
    service_plans: Vec<ServicePlanOption>,
    /// For the new service plan dialog.
    restricted_destination_prefixes: Vec<String>,
    audio: Vec<AudioChoice>,
    dtmf_post_call_options: Vec<DtmfPlanOption>,
    mid_call_audio_options: Vec<MidCallAudioOption>,
    pools_available_on_account: i64,
    /// What buying one more pool costs, for the form to say before Buy.
    purchase_note: PurchaseNote,
    /// Starter: mid call divert and advanced call handling are off, with this prompt.
    advanced_settings_locked: bool,
    upgrade_prompt: &'static str,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PoolEligibility {
    enough_credits: bool,
    price_list: PriceList,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PoolInserted {
    success: bool,
    campaign_id: i64,
    numbers: Vec<String>,
}

/// The dynamic form's guard: a new dynamic URL, or a pool on one.
fn require_dynamic_form(user: &AccountUser) -> Result<(), AppError> {
    match guard("/services/dynamic", &user.account) {
        GuardStep::Allow => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

/// Pools the plan includes that the customer has not used yet.
async fn pools_left(state: &AppState, user: &AccountUser) -> Result<i64, AppError> {
    Ok(usage::held(&state.db, user.customer(), user.account.plan().name()).await?.pools_left())
}

async fn dtmf_plans(state: &AppState, customer: CustomerId) -> Result<Vec<(i64, String)>, AppError> {
    Ok(dynamic_pools::dtmf_plan_choices(&mut *state.db.acquire().await?, customer).await?)
}

fn formats(list: &[(i64, &str)]) -> Vec<FormatOption> {
    list.iter().map(|(id, format)| FormatOption { id: *id, format: format.to_string() }).collect()
}

#[utoipa::path(get, path = "/services/getDynamicDetails", tag = "services", responses((status = 200, body = DynamicDetails)))]
async fn dynamic_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<DynamicDetails>, AppError> {
    require_dynamic_form(&user)?;
    let customer = user.customer();
    let codes = destinations::international_codes(&mut *state.db.acquire().await?).await?;
    let pools_left = pools_left(&state, &user).await?;
    Ok(Json(DynamicDetails {
        international_codes: codes
            .into_iter()
            .map(|c| InternationalCodeOption { id: c.id, description: c.description, country_code: c.code })
            .collect(),
        prefixes: prefixes(&state).await?,
        number_formats: formats(&NUMBER_FORMATS),
        international_formats: formats(&INTERNATIONAL_FORMATS),
        service_plans: service_plans::list(&mut *state.db.acquire().await?, customer)
            .await?
            .into_iter()
            .map(|(id, plan)| ServicePlanOption { id, plan })
            .collect(),
        restricted_destination_prefixes: inventory::restricted_prefixes(&state.db).await?,
        audio: audios::list(&mut *state.db.acquire().await?, customer)
            .await?
            .into_iter()
            .map(|a| AudioChoice { id: a.id, description: a.description, file_name: a.file_name })
            .collect(),
        dtmf_post_call_options: dtmf_plans(&state, customer)
            .await?
            .into_iter()
            .map(|(id, description)| DtmfPlanOption { unique: format!("dtmf-{id}"), id, description })
            .collect(),
        mid_call_audio_options: MID_CALL_AUDIOS
            .iter()
            .enumerate()
            .map(|(id, name)| MidCallAudioOption { id: id as i64, description: name.to_string() })
            .collect(),
        pools_available_on_account: pools_left,
        purchase_note: purchase_note(&state, &user, "dynamic_pool", "pool", pools_left).await?,
        advanced_settings_locked: advanced_settings_locked(user.account.plan()),
        upgrade_prompt: UPGRADE_PROMPT,
    }))
}

/// What the eligibility is asked for.
#[derive(Deserialize, ToSchema, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
enum Eligibility {
    /// A new dynamic URL.
    Url,
    /// A pool on a dynamic URL.
    Pool,
}

/// What is being bought: a new dynamic URL (`url`) or a pool on the dynamic URL `campaign_id`.
#[derive(Deserialize, Validate, ToSchema)]
struct EligibilityRequest {
    #[serde(rename = "type")]
    #[garde(skip)]
    kind: Eligibility,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    campaign_id: Option<i64>,
}

#[utoipa::path(post, path = "/managevisioncampaigns/checkEligibility", tag = "services",
    request_body(content((EligibilityRequest = "multipart/form-data"), (EligibilityRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PoolEligibility)))]
async fn check_eligibility(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<EligibilityRequest>,
) -> Result<Json<PoolEligibility>, AppError> {
    require_dynamic_form(&user)?;
    if form.kind == Eligibility::Pool
        && dynamic_urls::find(&state.db, user.customer(), form.campaign_id.unwrap_or(0)).await?.is_none()
    {
        return Err(AppError::NotFound);
    }
    Ok(Json(PoolEligibility {
        enough_credits: pools_left(&state, &user).await? > 0,
        price_list: price_list(&state, "dynamic_pool", user.account.plan().name()).await?,
    }))
}

/// What the form names is the customer's and known (another customer's: 404).
pub(super) async fn check_choices(
    state: &AppState,
    user: &AccountUser,
    pool: &DynamicPoolForm,
) -> Result<(), AppError> {
    let customer = user.customer();
    if pool.campaign_id > 0 && dynamic_urls::find(&state.db, customer, pool.campaign_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    if pool.service_plan > 0
        && service_plans::description(&mut *state.db.acquire().await?, customer, pool.service_plan).await?.is_none()
    {
        return Err(AppError::NotFound);
    }
    let audio: Vec<i64> = [pool.intro_id, pool.whisper_id].into_iter().filter(|id| *id > 0).collect();
    if !audios::owns_all(&mut *state.db.acquire().await?, customer, &audio).await? {
        return Err(AppError::NotFound);
    }
    if pool.dtmf_post_call_option > 0
        && !dtmf_plans(state, customer).await?.iter().any(|(id, _)| *id == pool.dtmf_post_call_option)
    {
        return Err(AppError::NotFound);
    }
    if !inventory::prefix_exists(&state.db, pool.number_prefix).await? {
        return Err(AppError::field("numberPrefix", domain::services::dynamic_pool::PREFIX_REQUIRED));
    }
    if pool.international_code > 0
        && !destinations::international_code_exists(&mut *state.db.acquire().await?, pool.international_code).await?
    {
        return Err(AppError::field("internationalCode", domain::services::dynamic_pool::INTERNATIONAL_CODE_CHOICE));
    }
    // Starter keeps mid call divert and the advanced call handling off.
    let advanced = pool.mid_call_divert_flag
        || pool.mid_call_flag
        || pool.mid_call_audio_option > 0
        || pool.dtmf_post_call_option > 0;
    if advanced && advanced_settings_locked(user.account.plan()) {
        return Err(AppError::field("midCallDivertFlag", UPGRADE_PROMPT));
    }
    Ok(())
}

fn url_of(typed: &str) -> String {
    let typed = typed.trim();
    if typed.starts_with("http://") || typed.starts_with("https://") {
        typed.to_string()
    } else {
        format!("https://{typed}")
    }
}

fn new_reference() -> String {
    let mut raw = [0u8; 6];
    rand::thread_rng().fill_bytes(&mut raw);
    format!("dyn-{}", raw.iter().map(|b| format!("{b:02x}")).collect::<String>())
}

#[utoipa::path(post, path = "/managevisioncampaigns/insert", tag = "services",
    request_body(content((PoolContract = "multipart/form-data"), (PoolContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = PoolInserted)))]
async fn insert(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<PoolRequest>,
) -> Result<Json<PoolInserted>, AppError> {
    require_dynamic_form(&user)?;
    let pool = pool_form(&form);
    let errors = validate_dynamic_pool(&pool);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    check_choices(&state, &user, &pool).await?;
    let beyond_plan = match terms_problem(form.terms == "1") {
        Some(message) => BeyondPlan::Refuse("terms", message),
        None => BeyondPlan::Charge,
    };
    let (dynamic_url, numbers) = store_pool(&state, &user, &pool, beyond_plan).await?;
    Ok(Json(PoolInserted { success: true, campaign_id: dynamic_url, numbers }))
}

/// What a pool beyond the plan's meets: charged (the terms were ticked), or refused on `field`.
pub(super) enum BeyondPlan {
    Charge,
    Refuse(&'static str, &'static str),
}

/// Stores a checked pool in one transaction: its new dynamic URL (or the one it goes on), its
/// numbers from the inventory, its routing entry (provisioning asked) and the change log.
/// Answers the dynamic URL and the numbers.
pub(super) async fn store_pool(
    state: &AppState,
    user: &AccountUser,
    pool: &DynamicPoolForm,
    beyond_plan: BeyondPlan,
) -> Result<(i64, Vec<String>), AppError> {
    let customer = user.customer();
    let allowance = usage::allowance(user.account.plan().name());
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    charges::lock_customer(&mut tx, customer).await?;
    let held = routing_entries::count_of_kind(&mut tx, customer, "dynamic").await?;
    if let (true, BeyondPlan::Refuse(field, message)) = (held + 1 > allowance.pools, beyond_plan) {
        return Err(AppError::field(field, message));
    }
    let dynamic_url = if pool.campaign_id > 0 {
        pool.campaign_id
    } else {
        let url = NewDynamicUrl {
            description: pool.campaign_name.trim(),
            url: &url_of(&pool.campaign_name),
            reference: &new_reference(),
            bots_filter: pool.bots_flag,
            numbers_to_replace: pool.numbers_to_replace.iter().map(|n| n.trim()).filter(|n| !n.is_empty()).collect(),
            created_at: now,
        };
        dynamic_pools::insert_dynamic_url(&mut tx, customer, &url).await?
    };
    let numbers = dynamic_pools::take_numbers(&mut tx, pool.number_prefix, NUMBERS_PER_POOL, now).await?;
    if numbers.len() < NUMBERS_PER_POOL {
        return Err(AppError::field("numberPrefix", domain::services::dynamic_pool::NOT_ENOUGH_NUMBERS));
    }
    let entry = dynamic_pools::insert_pool(&mut tx, customer, pool, dynamic_url, now).await?;
    ChangeLog::new(state, user).record_new_entry(&mut tx, entry).await?;
    dynamic_pools::add_pool_numbers(&mut tx, entry, &numbers).await?;
    tx.commit().await?;
    tracing::info!(customer = customer.get(), dynamic_url, entry, "dynamic pool bought");
    Ok((dynamic_url, numbers))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct DynamicUrlPool {
    id: i64,
    name: String,
    numbers: Vec<String>,
    /// The service plan calls follow, or None for a basic destination.
    service_plan: Option<String>,
    call_recording: bool,
    provisioned: bool,
}

#[derive(Serialize, ToSchema)]
struct DynamicUrlPools {
    pools: Vec<DynamicUrlPool>,
}

/// A dynamic URL's pools with their numbers and routing (its page, /dynamicurls/{id}).
#[utoipa::path(get, path = "/dynamicurls/getPools/{id}", tag = "services", params(("id" = i64, Path, minimum = 1)), responses((status = 200, body = DynamicUrlPools)))]
async fn pools_of(
    State(state): State<AppState>,
    user: AccountUser,
    Path(id): Path<String>,
) -> Result<Json<DynamicUrlPools>, AppError> {
    let id: i64 = id.parse().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    if guard(&format!("/dynamicurls/{id}"), &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    if dynamic_urls::find(&state.db, customer, id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let pools = dynamic_pools::pools_of_url(&mut *state.db.acquire().await?, customer, id)
        .await?
        .into_iter()
        .map(|pool| DynamicUrlPool {
            id: pool.id,
            name: pool.pool_name,
            numbers: pool.numbers,
            service_plan: pool.plan,
            call_recording: pool.call_recording.into(),
            provisioned: pool.provisioned.into(),
        })
        .collect();
    Ok(Json(DynamicUrlPools { pools }))
}
