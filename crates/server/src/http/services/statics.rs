//! Static numbers: services/getStaticDetails (the form's lists, price list and
//! statics left on the account), classicnumbers/searchForNumbers (free numbers of a prefix) and
//! classicnumbers/buyNumbers: in one transaction the numbers leave the inventory (each once: of
//! two buyers exactly one gets it), each becomes a routing entry filed under the chosen plan and
//! lists, and provisioning is requested. Numbers above the plan's are charged on the invoice from
//! the month they were bought; buying them needs the terms ticked.

use crate::store::CustomerId;
use std::collections::HashSet;

use axum::extract::State;
use axum::Json;
use domain::purchase::{number_purchase_note, NumberPurchase};
use domain::services::inline_add::InlineList;
use domain::services::static_number::{
    numbers_count_problem, recording_problem, validate_static_number, StaticNumberForm, MEDIA_DESCRIPTION_MAX,
    NUMBERS_PER_PURCHASE_MAX, NUMBER_TAKEN,
};
use domain::users::terms_problem;
use domain::{billing_frequency_word, format_pence, guard, FieldErrors, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::contract::bounds;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::routing::change_log::ChangeLog;
use crate::state::AppState;
use crate::store::{
    charges, customers, destinations, inventory, number_lists, prices, routing_entries, service_plans, usage,
};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(static_details))
        .routes(routes!(search_for_numbers))
        .routes(routes!(buy_numbers))
}

/// How many free numbers a search offers.
pub const SEARCH_RESULTS: i64 = 10;

#[derive(Serialize, ToSchema)]
pub(super) struct ListItem {
    pub id: i64,
    pub description: String,
}

#[derive(Serialize, ToSchema)]
struct DestinationPlanChoice {
    id: i64,
    plan: String,
}

#[derive(Serialize, ToSchema)]
pub struct NumberPrefixOption {
    pub id: i64,
    pub prefix: String,
    pub description: String,
}

#[derive(Serialize, ToSchema)]
pub struct CostPerCall {
    cost: String,
    range: String,
}

#[derive(Serialize, ToSchema)]
pub struct PriceList {
    /// Pounds.
    price: f64,
    billing_frequency: String,
    minimum_term: i64,
    cost_per_call: Vec<CostPerCall>,
}

/// What buying one more costs, said before the form's Buy button (the domain's
/// `number_purchase_note`): included in the plan, or the price and the invoice that first charges it.
#[derive(Serialize, ToSchema)]
pub struct PurchaseNote {
    /// Whether the plan's allowance covers it.
    included: bool,
    /// 'Included in your plan: 3 static numbers left, ...' or the price and the first invoice's date.
    text: String,
}

/// The note for buying one more `item` ('static', 'dynamic_pool') named `what` in the sentence.
pub(super) async fn purchase_note(
    state: &AppState,
    user: &AccountUser,
    item: &str,
    what: &str,
    left_in_plan: i64,
) -> Result<PurchaseNote, AppError> {
    let price = prices::price(&state.db, item, user.account.plan().name()).await?;
    let frequency_word = billing_frequency_word(price.as_ref().map_or("1", |p| p.billing_frequency.as_str()), None);
    let included = usage::allowance(user.account.plan().name());
    let purchase = NumberPurchase {
        what,
        included_in_plan: if item == "static" { included.static_numbers } else { included.pools },
        left_in_plan,
        price_pence: price.as_ref().and_then(|p| p.price_pence).unwrap_or(0),
        frequency_word: &frequency_word,
        minimum_term_months: price.as_ref().map_or(1, |p| p.minimum_term_months),
    };
    let note = number_purchase_note(&purchase, state.clock.now(), &user.account.customer_time_zone)
        .map_err(AppError::Internal)?;
    Ok(PurchaseNote { included: note.included, text: note.text })
}

#[derive(Serialize, ToSchema)]
pub(super) struct CountryCodeOption {
    id: i64,
    description: String,
    code: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct StaticDetails {
    media_owners: Vec<ListItem>,
    departments: Vec<ListItem>,
    channels: Vec<ListItem>,
    campaigns: Vec<ListItem>,
    destination_plans: Vec<DestinationPlanChoice>,
    prefixes: Vec<NumberPrefixOption>,
    restricted_destination_prefixes: Vec<String>,
    pricelist: PriceList,
    statics_available_on_account: i64,
    /// What buying one more costs, for the form to say before Buy.
    purchase_note: PurchaseNote,
    country_codes: Vec<CountryCodeOption>,
    /// Whether the customer has inbound call recording (the form's recording switch).
    call_recording_available: bool,
}

#[derive(Serialize, ToSchema)]
struct FreeNumber {
    id: i64,
    number: String,
}

#[derive(Serialize, ToSchema)]
struct FreeNumbers {
    numbers: Vec<FreeNumber>,
}

#[derive(Serialize, ToSchema)]
struct BoughtNumbers {
    numbers: Vec<String>,
}

/// The static number form's guard (purchase right, online purchase, the services scope).
fn require_static_form(user: &AccountUser) -> Result<(), AppError> {
    match guard("/services/static", &user.account) {
        GuardStep::Allow => Ok(()),
        _ => Err(AppError::Forbidden),
    }
}

async fn items(state: &AppState, customer: CustomerId, list: InlineList) -> Result<Vec<ListItem>, AppError> {
    let rows = number_lists::list(&state.db, customer, list).await?;
    Ok(rows.into_iter().map(|(id, description)| ListItem { id, description }).collect())
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

pub(super) async fn prefixes(state: &AppState) -> Result<Vec<NumberPrefixOption>, AppError> {
    let rows = inventory::prefixes(&state.db).await?;
    Ok(rows.into_iter().map(|(id, prefix, description)| NumberPrefixOption { id, prefix, description }).collect())
}

pub(super) async fn country_codes(state: &AppState) -> Result<Vec<CountryCodeOption>, AppError> {
    let codes = destinations::international_codes(&mut *state.db.acquire().await?).await?;
    Ok(codes.into_iter().map(|c| CountryCodeOption { id: c.id, description: c.description, code: c.code }).collect())
}

#[utoipa::path(get, path = "/services/getStaticDetails", tag = "services", responses((status = 200, body = StaticDetails)))]
async fn static_details(State(state): State<AppState>, user: AccountUser) -> Result<Json<StaticDetails>, AppError> {
    require_static_form(&user)?;
    let customer = user.customer();
    let plans = service_plans::list(&mut *state.db.acquire().await?, customer).await?;
    let statics_left = usage::held(&state.db, customer, user.account.plan().name()).await?.statics_left();
    Ok(Json(StaticDetails {
        media_owners: items(&state, customer, InlineList::MediaOwner).await?,
        departments: items(&state, customer, InlineList::Department).await?,
        channels: items(&state, customer, InlineList::Channel).await?,
        campaigns: items(&state, customer, InlineList::Campaign).await?,
        destination_plans: plans.into_iter().map(|(id, plan)| DestinationPlanChoice { id, plan }).collect(),
        prefixes: prefixes(&state).await?,
        restricted_destination_prefixes: inventory::restricted_prefixes(&state.db).await?,
        pricelist: price_list(&state, "static", user.account.plan().name()).await?,
        statics_available_on_account: statics_left,
        purchase_note: purchase_note(&state, &user, "static", "static number", statics_left).await?,
        country_codes: country_codes(&state).await?,
        call_recording_available: customers::flags(&state.db, customer).await?.has_inbound_recording,
    }))
}

/// The prefix whose free numbers to offer.
#[derive(Deserialize, Validate, ToSchema)]
struct SearchNumbersRequest {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = crate::http::contract::bounds::id)]
    prefix: Option<i64>,
}

#[utoipa::path(post, path = "/classicnumbers/searchForNumbers", tag = "services",
    request_body(content((SearchNumbersRequest = "multipart/form-data"), (SearchNumbersRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = FreeNumbers)))]
async fn search_for_numbers(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<SearchNumbersRequest>,
) -> Result<Json<FreeNumbers>, AppError> {
    require_static_form(&user)?;
    let prefix = form.prefix.unwrap_or(0);
    if prefix <= 0 || !inventory::prefix_exists(&state.db, prefix).await? {
        return Err(AppError::field("prefix", domain::services::static_number::PREFIX_REQUIRED));
    }
    let numbers = inventory::free_numbers(&state.db, prefix, SEARCH_RESULTS, state.clock.now()).await?;
    Ok(Json(FreeNumbers { numbers: numbers.into_iter().map(|(id, number)| FreeNumber { id, number }).collect() }))
}

/// The static number form. The domain's rules (`validate_static_number`) decide; these bounds
/// only stop absurd input first. Flags are "1" for on; a list not chosen is 0 or empty.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct BuyNumbersRequest {
    /// A prefix the number inventory holds (PREFIX_REQUIRED otherwise: stored rows).
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    prefix: Option<i64>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    destinationPlan: Option<i64>,
    /// "1": record the calls (when the account has inbound recording).
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    callRecording: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    campaign: Option<i64>,
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<MEDIA_DESCRIPTION_MAX, TEXT_MAX>)]
    mediaDescription: String,
    /// 0 for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = 0)))]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    channel: Option<i64>,
    /// 0 for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = 0)))]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    department: Option<i64>,
    /// 0 for none.
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(inner(range(min = 0)))]
    #[schema(schema_with = bounds::whole_in::<0, { i64::MAX }>)]
    mediaOwner: Option<i64>,
    /// The free numbers' ids (from classicnumbers/searchForNumbers), each once.
    #[serde(default, rename = "numbers[]")]
    #[garde(length(max = 1_000), inner(length(chars, max = ID_TEXT_MAX)))]
    #[schema(required = true, schema_with = chosen_ids)]
    numbers: Vec<String>,
    /// "1": the terms are ticked (needed beyond the plan's numbers).
    #[serde(default)]
    #[garde(length(max = bounds::FLAG_MAX))]
    #[schema(schema_with = bounds::flag)]
    terms: String,
}

/// The longest text a form field here holds before the domain reads it.
const TEXT_MAX: usize = 1_000;
/// The longest id posted as text.
const ID_TEXT_MAX: usize = 40;

/// 1 to `NUMBERS_PER_PURCHASE_MAX` ids as text, each once.
fn chosen_ids() -> utoipa::openapi::schema::Array {
    utoipa::openapi::schema::ArrayBuilder::new()
        .items(bounds::id_text(ID_TEXT_MAX))
        .min_items(Some(1))
        .max_items(Some(NUMBERS_PER_PURCHASE_MAX))
        .unique_items(true)
        .build()
}

fn static_form(form: &BuyNumbersRequest) -> StaticNumberForm {
    StaticNumberForm {
        prefix: form.prefix.unwrap_or(0),
        destination_plan: form.destinationPlan.unwrap_or(0),
        call_recording: form.callRecording == "1",
        campaign: form.campaign.unwrap_or(0),
        media_description: form.mediaDescription.clone(),
        channel: form.channel.unwrap_or(0),
        department: form.department.unwrap_or(0),
        media_owner: form.mediaOwner.unwrap_or(0),
    }
}

/// The chosen numbers' ids: 1 to NUMBERS_PER_PURCHASE_MAX distinct positive ids.
fn chosen_numbers(form: &BuyNumbersRequest) -> Result<Vec<i64>, AppError> {
    let raw = &form.numbers;
    if let Some(problem) = numbers_count_problem(raw.len()) {
        return Err(AppError::field("numbers", problem));
    }
    let ids: Vec<i64> = raw.iter().filter_map(|v| v.trim().parse().ok()).filter(|id| *id > 0).collect();
    let distinct: HashSet<i64> = ids.iter().copied().collect();
    if ids.len() != raw.len() || distinct.len() != ids.len() {
        return Err(AppError::field("numbers", NUMBER_TAKEN));
    }
    Ok(ids)
}

/// Every id the form names is the customer's (another customer's: 404, as if it did not exist).
async fn check_owned(state: &AppState, customer: CustomerId, form: &StaticNumberForm) -> Result<(), AppError> {
    if service_plans::description(&mut *state.db.acquire().await?, customer, form.destination_plan).await?.is_none()
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

#[utoipa::path(post, path = "/classicnumbers/buyNumbers", tag = "services",
    request_body(content((BuyNumbersRequest = "multipart/form-data"), (BuyNumbersRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = BoughtNumbers)))]
async fn buy_numbers(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<BuyNumbersRequest>,
) -> Result<Json<BoughtNumbers>, AppError> {
    require_static_form(&user)?;
    let customer = user.customer();
    let order = static_form(&form);
    let errors: FieldErrors = validate_static_number(&order);
    if !errors.is_empty() {
        return Err(AppError::Validation(errors));
    }
    let ids = chosen_numbers(&form)?;
    check_owned(&state, customer, &order).await?;
    if order.call_recording {
        let has_inbound_recording = customers::flags(&state.db, customer).await?.has_inbound_recording;
        if let Some(problem) = recording_problem(order.call_recording, has_inbound_recording) {
            return Err(AppError::field("callRecording", problem));
        }
    }
    let allowance = usage::allowance(user.account.plan().name());
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    // One purchase of the customer at a time: the count of numbers held is then exact.
    charges::lock_customer(&mut tx, customer).await?;
    let held = routing_entries::count_of_kind(&mut tx, customer, "static").await?;
    // Included statics are used first; beyond them the numbers cost money, so the terms count.
    if held + ids.len() as i64 > allowance.static_numbers {
        if let Some(message) = terms_problem(form.terms == "1") {
            return Err(AppError::field("terms", message));
        }
    }
    let mut bought = Vec::with_capacity(ids.len());
    let mut changes = ChangeLog::new(&state, &user);
    for id in &ids {
        let Some(number) = inventory::take(&mut tx, order.prefix, *id, now).await? else {
            // Someone else was quicker: nothing of this purchase happens.
            return Err(AppError::field("numbers", NUMBER_TAKEN));
        };
        let entry = routing_entries::insert_static(&mut tx, customer, &number, &order, now).await?;
        changes.record_new_entry(&mut tx, entry).await?;
        bought.push(number);
    }
    tx.commit().await?;
    tracing::info!(customer = customer.get(), count = bought.len(), "static numbers bought");
    Ok(Json(BoughtNumbers { numbers: bought }))
}
