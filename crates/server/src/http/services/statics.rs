//! Static numbers (issue 15): services/getStaticDetails (the form's lists, price list and
//! statics left on the account), classicnumbers/searchForNumbers (free numbers of a prefix) and
//! classicnumbers/buyNumbers: in one transaction the numbers leave the inventory (each once: of
//! two buyers exactly one gets it), each becomes a routing entry filed under the chosen plan and
//! lists, and provisioning is requested. Numbers above the plan's are charged on the invoice from
//! the month they were bought; buying them needs the terms ticked.

use std::collections::HashSet;

use axum::extract::State;
use axum::routing::{get, post};
use axum::{Json, Router};
use domain::services::inline_add::InlineList;
use domain::services::static_number::{validate_static_number, StaticNumberForm, NUMBERS_PER_PURCHASE_MAX};
use domain::users::terms_problem;
use domain::{billing_frequency_word, format_pence, guard, FieldErrors, GuardStep};
use serde::Serialize;

use crate::http::account_user::AccountUser;
use crate::http::error::AppError;
use crate::http::form::FormData;
use crate::state::AppState;
use crate::store::{charges, customers, destinations, inventory, number_lists, prices, service_plans, usage};

pub(super) fn router() -> Router<AppState> {
    Router::new()
        .route("/services/getStaticDetails", get(static_details))
        .route("/classicnumbers/searchForNumbers", post(search_for_numbers))
        .route("/classicnumbers/buyNumbers", post(buy_numbers))
}

/// How many free numbers a search offers.
pub const SEARCH_RESULTS: i64 = 10;
pub const NUMBER_TAKEN: &str = "A number you chose has just been bought by someone else. Please choose again.";
pub const RECORDING_UNAVAILABLE: &str = "Call recording is not available on this account.";

#[derive(Serialize)]
pub(super) struct Item {
    pub id: i64,
    pub description: String,
}

#[derive(Serialize)]
struct DestinationPlan {
    id: i64,
    plan: String,
}

#[derive(Serialize)]
pub struct Prefix {
    pub id: i64,
    pub prefix: String,
    pub description: String,
}

#[derive(Serialize)]
pub struct CostPerCall {
    cost: String,
    range: String,
}

#[derive(Serialize)]
pub struct PriceList {
    /// Pounds.
    price: f64,
    billing_frequency: String,
    minimum_term: i64,
    cost_per_call: Vec<CostPerCall>,
}

#[derive(Serialize)]
pub(super) struct CountryCode {
    id: i64,
    description: String,
    code: String,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct StaticDetails {
    media_owners: Vec<Item>,
    departments: Vec<Item>,
    channels: Vec<Item>,
    campaigns: Vec<Item>,
    destination_plans: Vec<DestinationPlan>,
    prefixes: Vec<Prefix>,
    restricted_destination_prefixes: Vec<String>,
    pricelist: PriceList,
    statics_available_on_account: i64,
    country_codes: Vec<CountryCode>,
    /// Whether the customer has inbound call recording (the form's recording switch).
    call_recording_available: bool,
}

#[derive(Serialize)]
struct FreeNumber {
    id: i64,
    number: String,
}

#[derive(Serialize)]
struct FreeNumbers {
    numbers: Vec<FreeNumber>,
}

#[derive(Serialize)]
struct Bought {
    numbers: Vec<String>,
}

/// The static number form's guard (purchase right, online purchase, the services scope).
fn require_static_form(user: &AccountUser) -> Result<(), AppError> {
    match guard("/services/static", &user.account) {
        GuardStep::Allow => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

async fn items(state: &AppState, customer: i64, list: InlineList) -> Result<Vec<Item>, AppError> {
    let rows = number_lists::list(&state.db, customer, list).await?;
    Ok(rows.into_iter().map(|(id, description)| Item { id, description }).collect())
}

/// An item's catalogue price for the plan: (pounds, the frequency's word, minimum term months).
pub(super) async fn catalogue_price(state: &AppState, item: &str, plan: &str) -> Result<(f64, String, i64), AppError> {
    let price = prices::price(&state.db, item, plan).await?;
    Ok((
        price.as_ref().and_then(|p| p.price_pence).unwrap_or(0) as f64 / 100.0,
        billing_frequency_word(price.as_ref().map_or("1", |p| p.billing_frequency.as_str()), None),
        price.as_ref().map_or(1, |p| p.minimum_term_months),
    ))
}

/// The price of an item of the catalogue, with the plan's call rates.
pub(super) async fn price_list(state: &AppState, item: &str, plan: &str) -> Result<PriceList, AppError> {
    let (price, billing_frequency, minimum_term) = catalogue_price(state, item, plan).await?;
    let rates = charges::usage_rates(&state.db, plan).await?;
    Ok(PriceList {
        price,
        billing_frequency,
        minimum_term,
        cost_per_call: rates
            .into_iter()
            .map(|rate| CostPerCall {
                cost: format!("{} {}", format_pence(rate.price_tenth_pence as f64 / 10.0), rate.frequency),
                range: rate.description,
            })
            .collect(),
    })
}

pub(super) async fn prefixes(state: &AppState) -> Result<Vec<Prefix>, AppError> {
    let rows = inventory::prefixes(&state.db).await?;
    Ok(rows.into_iter().map(|(id, prefix, description)| Prefix { id, prefix, description }).collect())
}

pub(super) async fn country_codes(state: &AppState) -> Result<Vec<CountryCode>, AppError> {
    let codes = destinations::international_codes(&state.db).await?;
    Ok(codes.into_iter().map(|c| CountryCode { id: c.id, description: c.description, code: c.code }).collect())
}

async fn static_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<StaticDetails>, AppError> {
    require_static_form(&user)?;
    let customer = user.customer();
    let plans = service_plans::list(&state.db, customer).await?;
    Ok(Json(StaticDetails {
        media_owners: items(&state, customer, InlineList::MediaOwner).await?,
        departments: items(&state, customer, InlineList::Department).await?,
        channels: items(&state, customer, InlineList::Channel).await?,
        campaigns: items(&state, customer, InlineList::Campaign).await?,
        destination_plans: plans.into_iter().map(|(id, plan)| DestinationPlan { id, plan }).collect(),
        prefixes: prefixes(&state).await?,
        restricted_destination_prefixes: inventory::restricted_prefixes(&state.db).await?,
        pricelist: price_list(&state, "static", user.account.plan().name()).await?,
        statics_available_on_account: usage::held(&state.db, customer, user.account.plan().name())
            .await?
            .statics_left(),
        country_codes: country_codes(&state).await?,
        call_recording_available: customers::flags(&state.db, customer).await?.has_inbound_recording,
    }))
}

async fn search_for_numbers(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<FreeNumbers>, AppError> {
    require_static_form(&user)?;
    let prefix = form.id("prefix");
    if prefix <= 0 || !inventory::prefix_exists(&state.db, prefix).await? {
        return Err(AppError::field("prefix", domain::services::static_number::PREFIX_REQUIRED));
    }
    let numbers = inventory::free_numbers(&state.db, prefix, SEARCH_RESULTS).await?;
    Ok(Json(FreeNumbers { numbers: numbers.into_iter().map(|(id, number)| FreeNumber { id, number }).collect() }))
}

fn static_form(form: &FormData) -> StaticNumberForm {
    StaticNumberForm {
        prefix: form.id("prefix"),
        destination_plan: form.id("destinationPlan"),
        call_recording: form.text("callRecording") == "1",
        campaign: form.id("campaign"),
        media_description: form.text("mediaDescription").to_string(),
        channel: form.id("channel"),
        department: form.id("department"),
        media_owner: form.id("mediaOwner"),
    }
}

/// The chosen numbers' ids: 1 to NUMBERS_PER_PURCHASE_MAX distinct positive ids.
fn chosen_numbers(form: &FormData) -> Result<Vec<i64>, AppError> {
    let raw = form.list("numbers");
    if raw.is_empty() || raw.len() > NUMBERS_PER_PURCHASE_MAX {
        return Err(AppError::field("numbers", format!("Choose between 1 and {NUMBERS_PER_PURCHASE_MAX} numbers.")));
    }
    let ids: Vec<i64> = raw.iter().filter_map(|v| v.trim().parse().ok()).filter(|id| *id > 0).collect();
    let distinct: HashSet<i64> = ids.iter().copied().collect();
    if ids.len() != raw.len() || distinct.len() != ids.len() {
        return Err(AppError::field("numbers", NUMBER_TAKEN));
    }
    Ok(ids)
}

/// Every id the form names is the customer's (another customer's: 404, as if it did not exist).
async fn check_owned(state: &AppState, customer: i64, form: &StaticNumberForm) -> Result<(), AppError> {
    if service_plans::description(&state.db, customer, form.destination_plan).await?.is_none()
        || !number_lists::owns(&state.db, customer, InlineList::Campaign, form.campaign).await?
    {
        return Err(AppError::NotFound);
    }
    for (list, id) in [
        (InlineList::Channel, form.channel),
        (InlineList::Department, form.department),
        (InlineList::MediaOwner, form.media_owner),
    ] {
        if id > 0 && !number_lists::owns(&state.db, customer, list, id).await? {
            return Err(AppError::NotFound);
        }
    }
    if !inventory::prefix_exists(&state.db, form.prefix).await? {
        return Err(AppError::field("prefix", domain::services::static_number::PREFIX_REQUIRED));
    }
    Ok(())
}

async fn buy_numbers(
    State(state): State<AppState>,
    user: AccountUser,
    form: FormData,
) -> Result<Json<Bought>, AppError> {
    require_static_form(&user)?;
    let customer = user.customer();
    let order = static_form(&form);
    let errors: FieldErrors = validate_static_number(&order);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let ids = chosen_numbers(&form)?;
    check_owned(&state, customer, &order).await?;
    if order.call_recording && !customers::flags(&state.db, customer).await?.has_inbound_recording {
        return Err(AppError::field("callRecording", RECORDING_UNAVAILABLE));
    }
    let allowance = usage::allowance(&state.db, user.account.plan().name()).await?;
    let now = state.clock.now();
    let mut tx = state.db.begin().await?;
    // One purchase of the customer at a time: the count of numbers held is then exact.
    charges::lock_customer(&mut tx, customer).await?;
    let (held,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM routing_entries WHERE customer_id = $1 AND kind = 'static'")
            .bind(customer)
            .fetch_one(&mut *tx)
            .await?;
    // Included statics are used first; beyond them the numbers cost money, so the terms count.
    if held + ids.len() as i64 > allowance.static_numbers {
        if let Some(message) = terms_problem(form.text("terms") == "1") {
            return Err(AppError::field("terms", message));
        }
    }
    let mut bought = Vec::with_capacity(ids.len());
    for id in &ids {
        let Some(number) = inventory::take(&mut tx, order.prefix, *id).await? else {
            // Someone else was quicker: nothing of this purchase happens.
            return Err(AppError::field("numbers", NUMBER_TAKEN));
        };
        sqlx::query(
            "INSERT INTO routing_entries (customer_id, kind, number, description, service_plan_id, call_recording,
                 campaign_id, channel_id, department_id, media_owner_id, media_description, created_at, provisioned,
                 provision_requested_at)
             VALUES ($1, 'static', $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 0, $11)",
        )
        .bind(customer)
        .bind(&number)
        .bind(order.media_description.trim())
        .bind(order.destination_plan)
        .bind(crate::db::Flag(order.call_recording))
        .bind(order.campaign)
        .bind((order.channel > 0).then_some(order.channel))
        .bind((order.department > 0).then_some(order.department))
        .bind((order.media_owner > 0).then_some(order.media_owner))
        .bind(order.media_description.trim())
        .bind(now)
        .execute(&mut *tx)
        .await?;
        bought.push(number);
    }
    tx.commit().await?;
    tracing::info!(customer, count = bought.len(), "static numbers bought");
    Ok(Json(Bought { numbers: bought }))
}
