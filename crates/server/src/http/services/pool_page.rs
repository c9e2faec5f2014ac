//! A pool's page (/dynamicurls/{id}/{pool}): its numbers with their calls in the last
//! 30 days, and its health figure (the domain's `pool_health`) over the stored visits of the
//! last 72 hours, the window the visits that never call are kept. Gated like the dynamic URL
//! pages; a pool of another customer, or of another dynamic URL, is 404.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::reports::format_uk;
use domain::services::dynamic_pool::NUMBERS_PER_POOL;
use domain::services::pool_health::{pool_health, PoolHealth, HEALTH_WINDOW_SECONDS};
use domain::{guard, GuardStep};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::visit_figures;

use super::pool_numbers::{extra_numbers_offer, ExtraNumbersOffer};

const DAY: i64 = 24 * 60 * 60;

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get_pool))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PoolNumberCalls {
    /// UK format, "0117 496 0100".
    number: String,
    calls_last_30_days: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct PoolPage {
    id: i64,
    name: String,
    dynamic_url_id: i64,
    dynamic_url: String,
    numbers: Vec<PoolNumberCalls>,
    health: PoolHealth,
    /// The health figure's window [from, to), seconds since the epoch: the last 72 hours.
    window_from: i64,
    window_to: i64,
    /// Whether the user may buy numbers (the pool purchase form), and how many a pool holds.
    can_buy: bool,
    numbers_per_pool: i64,
    /// The numbers the health figure recommends, with their price, when the user may buy them.
    extra_numbers: Option<ExtraNumbersOffer>,
}

fn positive(text: &str) -> Result<i64, AppError> {
    text.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

/// A pool's numbers, their calls and the pool's health figure.
#[utoipa::path(get, path = "/dynamicurls/getPool/{id}/{pool}", tag = "services",
    params(("id" = i64, Path, minimum = 1), ("pool" = i64, Path, minimum = 1)),
    responses((status = 200, body = PoolPage), (status = 403, description = "No dynamic URL pages"),
        (status = 404, description = "Not a pool of this dynamic URL of the account")))]
async fn get_pool(
    State(state): State<AppState>,
    user: AccountUser,
    Path((id, pool)): Path<(String, String)>,
) -> Result<Json<PoolPage>, AppError> {
    let (id, pool) = (positive(&id)?, positive(&pool)?);
    // The page's guard, and the menu's Dynamic > URLs (not a group account), as the list's calls.
    if guard(&format!("/dynamicurls/{id}/{pool}"), &user.account) != GuardStep::Allow
        || !domain::integrations::shows_dynamic_urls(&user.account)
    {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let (name, dynamic_url) = visit_figures::pool(&state.db, customer, id, pool).await?.ok_or(AppError::NotFound)?;
    let now = state.clock.now();
    let numbers = visit_figures::pool_numbers(&state.db, customer, pool, (now - 30 * DAY, now + 1)).await?;
    let window = (now - HEALTH_WINDOW_SECONDS, now + 1);
    let size = u32::try_from(numbers.len()).unwrap_or(u32::MAX);
    let counts = visit_figures::pool_visit_counts(&state.db, customer, pool, size, window).await?;
    let health = pool_health(&counts);
    let can_buy = guard(&format!("/services/dynamic/{id}"), &user.account) == GuardStep::Allow;
    let extra_numbers = match can_buy {
        true => extra_numbers_offer(&state, &user, &name, i64::from(health.missing_numbers)).await?,
        false => None,
    };
    Ok(Json(PoolPage {
        id: pool,
        name,
        dynamic_url_id: id,
        dynamic_url,
        numbers: numbers
            .into_iter()
            .map(|(number, calls)| PoolNumberCalls { number: format_uk(&number), calls_last_30_days: calls })
            .collect(),
        health,
        window_from: window.0,
        window_to: now,
        can_buy,
        numbers_per_pool: NUMBERS_PER_POOL as i64,
        extra_numbers,
    }))
}
