//! services/getDetails: the services page's cards, one per service the customer can
//! buy online (static numbers, dynamic URLs, pools on its dynamic URLs), with the catalogue's
//! price, what the plan still includes and the marketing text. The pool card lists the
//! customer's dynamic URLs (and is left out without any).

use axum::extract::State;
use axum::Json;
use domain::services::amount_text;
use domain::{guard, GuardStep};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::state::AppState;
use crate::store::{dynamic_urls, usage};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(services))
}

/// The provider's pricing page ('Find out more').
pub const PRICING_PAGE: &str = "/pricing";

#[derive(Serialize, ToSchema)]
struct ServiceCardPrice {
    /// Pounds.
    price: f64,
    billing_frequency: String,
}

#[derive(Serialize, ToSchema)]
struct ServiceCardDetail {
    name: String,
    id: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ServiceCard {
    /// 'static', 'dynamic' or 'dynamicPool'.
    id: &'static str,
    name: &'static str,
    prices: ServiceCardPrice,
    amount: String,
    /// 0 offline only, 1 online only, 2 both (the browser words it with the domain's online_text).
    online_status: i64,
    marketing: &'static str,
    find_out_more: &'static str,
    details: Vec<ServiceCardDetail>,
}

#[derive(Serialize, ToSchema)]
struct ServiceCards {
    services: Vec<ServiceCard>,
}

async fn price_of(state: &AppState, item: &str, plan: &str) -> Result<ServiceCardPrice, AppError> {
    let (price, billing_frequency, _) = super::statics::catalogue_price(state, item, plan).await?;
    Ok(ServiceCardPrice { price, billing_frequency })
}

#[utoipa::path(get, path = "/services/getDetails", tag = "services", responses((status = 200, body = ServiceCards)))]
async fn services(State(state): State<AppState>, user: AccountUser) -> Result<Json<ServiceCards>, AppError> {
    if guard("/services", &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let plan = user.account.plan().name();
    let held = usage::held(&state.db, customer, plan).await?;
    let allowance = held.allowance;
    let urls = dynamic_urls::list(&state.db, customer).await?;
    let pools_amount = amount_text(held.pools_left(), allowance.pools, "pools");
    let mut cards = vec![
        ServiceCard {
            id: "static",
            name: "Static numbers",
            prices: price_of(&state, "static", plan).await?,
            amount: amount_text(held.statics_left(), allowance.static_numbers, "static numbers"),
            online_status: 2,
            marketing: "A local, national or freephone number for each advert, listing or vehicle: see which one made the phone ring.",
            find_out_more: PRICING_PAGE,
            details: vec![],
        },
        ServiceCard {
            id: "dynamic",
            name: "Dynamic URLs",
            prices: price_of(&state, "dynamic_pool", plan).await?,
            amount: pools_amount.clone(),
            online_status: 1,
            marketing: "Show each website visitor a number of their own and see the search, ad and page behind every call.",
            find_out_more: PRICING_PAGE,
            details: vec![],
        },
    ];
    if !urls.is_empty() {
        cards.push(ServiceCard {
            id: "dynamicPool",
            name: "Dynamic pools",
            prices: price_of(&state, "dynamic_pool", plan).await?,
            amount: pools_amount,
            online_status: 1,
            marketing: "More numbers for a busy dynamic URL, or a pool per campaign on the same website.",
            find_out_more: PRICING_PAGE,
            details: urls.into_iter().map(|u| ServiceCardDetail { name: u.description, id: u.id }).collect(),
        });
    }
    Ok(Json(ServiceCards { services: cards }))
}
