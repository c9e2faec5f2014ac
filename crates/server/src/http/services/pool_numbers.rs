//! Buying the numbers a pool's health figure recommends (dynamicurls/addPoolNumbers): the count
//! it names, added to that pool from the inventory's prefix nearest the pool's own numbers,
//! charged as each number's share of a pool (domain `services::pool_numbers`), the terms ticked;
//! in one transaction. The offer (`extra_numbers_offer`) is on the pool's page.

use axum::extract::State;
use axum::Json;
use domain::billing_frequency_word;
use domain::services::pool_numbers::{check_extra_count, extra_number_price_pence, extra_numbers_note};
use domain::services::website::{website_prefix, PrefixStock};
use domain::users::terms_problem;
use domain::{guard, GuardStep};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::extract::Path;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::charges::{self, NewCharge};
use crate::store::{dynamic_pools, inventory, prices, visit_figures};

/// The catalogue item the extra numbers are charged as.
const ITEM: &str = "pool_numbers";

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(add_pool_numbers))
}

/// What buying `count` more numbers for a pool costs, said before Buy.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct ExtraNumbersOffer {
    /// The count the health figure recommends: what Buy adds.
    count: i64,
    /// One number's price, pence per billing period.
    unit_price_pence: i64,
    /// "13 more numbers for Website visitors: £5 each per quarter, £65 per quarter in all. ..."
    note: String,
}

/// Each number's price (pence) and the billing period's word, from the pool's catalogue price.
async fn unit_price(state: &AppState, user: &AccountUser) -> Result<(i64, String, String), AppError> {
    let price = prices::price(&state.db, "dynamic_pool", user.account.plan().name()).await?;
    let frequency = price.as_ref().map_or("1".to_string(), |p| p.billing_frequency.clone());
    let unit = extra_number_price_pence(price.and_then(|p| p.price_pence).unwrap_or(0));
    Ok((unit, billing_frequency_word(&frequency, None), frequency))
}

/// The offer of the `count` numbers a pool lacks (None when it lacks none).
pub(super) async fn extra_numbers_offer(
    state: &AppState,
    user: &AccountUser,
    pool: &str,
    count: i64,
) -> Result<Option<ExtraNumbersOffer>, AppError> {
    if count <= 0 {
        return Ok(None);
    }
    let (unit, word, _) = unit_price(state, user).await?;
    Ok(Some(ExtraNumbersOffer { count, unit_price_pence: unit, note: extra_numbers_note(count, pool, unit, &word) }))
}

/// The purchase: how many, and the terms.
#[derive(Deserialize, Validate, ToSchema)]
struct ExtraNumbersRequest {
    /// 1 to 200: the count the pool's page offers.
    #[garde(skip)]
    #[schema(minimum = 1, maximum = 200)]
    count: i64,
    /// "1": the terms are ticked.
    #[serde(default)]
    #[garde(length(max = 10))]
    terms: String,
}

#[derive(Serialize, ToSchema)]
struct ExtraNumbersAdded {
    success: bool,
    /// The numbers added to the pool.
    numbers: Vec<String>,
}

fn positive(text: &str) -> Result<i64, AppError> {
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

#[utoipa::path(post, path = "/dynamicurls/addPoolNumbers/{id}/{pool}", tag = "services",
    params(("id" = i64, Path, minimum = 1), ("pool" = i64, Path, minimum = 1)),
    request_body(content((ExtraNumbersRequest = "multipart/form-data"), (ExtraNumbersRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = ExtraNumbersAdded), (status = 403, description = "No right to buy numbers"),
        (status = 404, description = "Not a pool of this dynamic URL of the account"),
        (status = 422, description = "A count out of bounds, the terms unticked, or too few numbers left")))]
async fn add_pool_numbers(
    State(state): State<AppState>,
    user: AccountUser,
    Path((id, pool)): Path<(String, String)>,
    Form { fields: form, .. }: Form<ExtraNumbersRequest>,
) -> Result<Json<ExtraNumbersAdded>, AppError> {
    let (id, pool) = (positive(&id)?, positive(&pool)?);
    if guard(&format!("/services/dynamic/{id}"), &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let (name, _) = visit_figures::pool(&state.db, customer, id, pool).await?.ok_or(AppError::NotFound)?;
    let count = check_extra_count(form.count).map_err(|message| AppError::field("count", message))?;
    if let Some(message) = terms_problem(form.terms == "1") {
        return Err(AppError::field("terms", message));
    }
    let now = state.clock.now();
    let own = dynamic_pools::first_number(&state.db, pool).await?.unwrap_or_default();
    let stock: Vec<PrefixStock> = inventory::prefix_stock(&state.db, now)
        .await?
        .into_iter()
        .map(|(id, prefix, free)| PrefixStock { id, prefix, free })
        .collect();
    let not_enough = || AppError::field("count", domain::services::dynamic_pool::NOT_ENOUGH_NUMBERS);
    let prefix = website_prefix(&own, &stock, count).ok_or_else(not_enough)?;
    let (unit, _, frequency) = unit_price(&state, &user).await?;
    let description = format!("Extra numbers for {name}");
    let mut tx = crate::db::begin_write(&state.db).await?;
    charges::lock_customer(&mut tx, customer).await?;
    let numbers = dynamic_pools::take_numbers(&mut tx, prefix, count as usize, now).await?;
    if numbers.len() < count as usize {
        return Err(not_enough());
    }
    dynamic_pools::add_pool_numbers(&mut tx, pool, &numbers).await?;
    let charge = NewCharge {
        customer_id: customer,
        item: ITEM,
        description: &description,
        user_id: None,
        quantity: count,
        unit_price_pence: unit,
        billing_frequency: &frequency,
        created_by: user.session.user_id,
    };
    charges::start(&mut tx, &charge, now).await?;
    tx.commit().await?;
    tracing::info!(customer = customer.get(), pool, count, "pool numbers bought");
    Ok(Json(ExtraNumbersAdded { success: true, numbers }))
}
