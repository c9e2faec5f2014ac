//! services/getAllPrices/{scopes} and services/getAddonPrice: the price catalogue as the upgrade
//! centre and the purchase modal read it (first step). Money leaves as pounds; the
//! browser formats it with the domain's price formatting.

use crate::store::CustomerId;
use std::collections::BTreeMap;

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::purchase::{addon_offer, is_addon_on_sale, OfferKind, OfferScreen};
use domain::{guard, GuardStep, Plan};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::{OpenApi, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::charges;
use crate::store::prices::{self, CataloguePrice};
use crate::store::users::{self, OutboundCandidate};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(FlattenedSchemas::openapi()).routes(routes!(all_prices)).routes(routes!(addon_price))
}

/// Schemas reached only through a flattened map (`CataloguePrices::addons`), which utoipa does
/// not collect from the path on its own.
#[derive(utoipa::OpenApi)]
#[openapi(components(schemas(AddonPrices)))]
struct FlattenedSchemas;

use domain::purchase::MAX_PRICE_SCOPES;
pub(super) use domain::purchase::MAX_SCOPE_LENGTH;

fn pounds(pence: Option<i64>) -> Option<f64> {
    pence.map(|p| p as f64 / 100.0)
}

#[derive(Serialize, ToSchema)]
struct ServicePrice {
    price: Option<f64>,
    billing_frequency: String,
}

#[derive(Serialize, ToSchema)]
struct PlanPrice {
    price: Option<f64>,
    billing_frequency_months: String,
    billing_frequency_id: u32,
}

/// An add-on's prices on the two plans sold online.
#[derive(Serialize, ToSchema)]
struct AddonPrices {
    /// The add-on's name in the catalogue.
    name: String,
    starter: Option<f64>,
    professional: Option<f64>,
    billing_frequency: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct CataloguePrices {
    #[serde(rename = "static")]
    static_number: Option<ServicePrice>,
    dynamic_pool: Option<ServicePrice>,
    /// The customer's call recording storage, in days.
    recording_storage_length: i64,
    /// How many of the customer's users have outbound.
    outbound_users: i64,
    starter_plan: Option<PlanPrice>,
    professional_plan: Option<PlanPrice>,
    #[serde(flatten)]
    addons: BTreeMap<String, AddonPrices>,
}

#[derive(Serialize, ToSchema)]
struct AllPrices {
    prices: CataloguePrices,
}

/// The billing frequency id of the spec: 5 is one-off, otherwise the months.
fn frequency_id(frequency: &str) -> u32 {
    frequency.parse().unwrap_or(1)
}

fn plan_price(found: &[CataloguePrice], plan: &str) -> Option<PlanPrice> {
    found.iter().find(|p| p.item == "plan" && p.plan == plan).map(|p| PlanPrice {
        price: pounds(p.price_pence),
        billing_frequency_months: p.billing_frequency.clone(),
        billing_frequency_id: frequency_id(&p.billing_frequency),
    })
}

fn service_price(found: &[CataloguePrice], item: &str) -> Option<ServicePrice> {
    found
        .iter()
        .find(|p| p.item == item)
        .map(|p| ServicePrice { price: pounds(p.price_pence), billing_frequency: p.billing_frequency.clone() })
}

/// The requested scopes: comma-separated, bounded as the contract says (`bounds::price_scopes`):
/// at most `MAX_PRICE_SCOPES` parts, each at most `MAX_SCOPE_LENGTH` characters; blanks skipped.
fn requested_scopes(list: &str) -> Result<Vec<&str>, AppError> {
    let parts: Vec<&str> = list.split(',').collect();
    if parts.len() > MAX_PRICE_SCOPES || parts.iter().any(|s| s.chars().count() > MAX_SCOPE_LENGTH) {
        return Err(AppError::BadRequest("too many or too long scopes".into()));
    }
    Ok(parts.into_iter().map(str::trim).filter(|s| !s.is_empty()).collect())
}

/// The add-on scopes to price.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // the contract's description; the handler reads the path as text
struct ScopesPath {
    /// Comma-separated add-on scopes (blank ones skipped), as many and as long as the pattern allows.
    #[param(schema_with = crate::http::contract::bounds::price_scopes, required = true)]
    scopes: String,
}

#[utoipa::path(get, path = "/services/getAllPrices/{scopes}", tag = "services", params(ScopesPath), responses((status = 200, body = AllPrices)))]
async fn all_prices(
    State(state): State<AppState>,
    user: AccountUser,
    Path(list): Path<String>,
) -> Result<Json<AllPrices>, AppError> {
    // The upgrade centre's guard: purchase rights, administrator, not legacy.
    if guard("/upgradecentre", &user.account) != GuardStep::Allow {
        return Err(AppError::Forbidden);
    }
    let scopes = requested_scopes(&list)?;
    let mut items = vec!["plan", "static", "dynamic_pool"];
    items.extend(scopes.iter().copied());
    let found = prices::for_items(&state.db, &items).await?;
    let mut addons = BTreeMap::new();
    for scope in scopes {
        let on = |plan: &str| found.iter().find(|p| p.item == scope && p.plan == plan);
        let (starter, professional) = (on("Starter"), on("Professional"));
        let Some(any) = starter.or(professional) else { continue };
        addons.insert(
            scope.to_string(),
            AddonPrices {
                name: any.description.clone(),
                starter: starter.and_then(|p| pounds(p.price_pence)),
                professional: professional.and_then(|p| pounds(p.price_pence)),
                billing_frequency: any.billing_frequency.clone(),
            },
        );
    }
    Ok(Json(AllPrices {
        prices: CataloguePrices {
            static_number: service_price(&found, "static"),
            dynamic_pool: service_price(&found, "dynamic_pool"),
            starter_plan: plan_price(&found, "Starter"),
            professional_plan: plan_price(&found, "Professional"),
            recording_storage_length: charges::recording_storage_days(&state.db, user.customer()).await?,
            outbound_users: charges::outbound_users(&state.db, user.customer()).await?,
            addons,
        },
    }))
}

/// One line of the add-on price response.
#[derive(Serialize, ToSchema)]
struct PriceItem {
    price: Option<f64>,
    billing_frequency: String,
    minimum_charge: f64,
    minimum_charge_billing_frequency: String,
}

impl From<&CataloguePrice> for PriceItem {
    fn from(p: &CataloguePrice) -> Self {
        PriceItem {
            price: pounds(p.price_pence),
            billing_frequency: p.billing_frequency.clone(),
            minimum_charge: p.minimum_charge_pence as f64 / 100.0,
            minimum_charge_billing_frequency: p.minimum_charge_frequency.clone(),
        }
    }
}

#[derive(Serialize, ToSchema)]
struct UpgradePrice {
    items: Vec<PriceItem>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct AddonPrice {
    /// What the add-on (or, on the upgrade screen, the plan) is called in the catalogue.
    name: String,
    items: Vec<PriceItem>,
    users: Vec<OutboundCandidate>,
    upgrade_price: Option<UpgradePrice>,
    is_available: bool,
    requires_upgrade: bool,
}

/// The add-on (or `upgrade`) whose price the purchase modal shows.
#[derive(Deserialize, Validate, ToSchema)]
struct AddonPriceRequest {
    /// A scope of the catalogue; an unknown one is 404.
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    scope: String,
}

#[utoipa::path(post, path = "/services/getAddonPrice", tag = "services",
    request_body(content((AddonPriceRequest = "multipart/form-data"), (AddonPriceRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = AddonPrice)))]
async fn addon_price(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<AddonPriceRequest>,
) -> Result<Json<AddonPrice>, AppError> {
    let account = &user.account;
    if !account.can_purchase_online() {
        return Err(AppError::Forbidden);
    }
    let scope = form.scope.trim();
    if scope.is_empty() || scope.len() > MAX_SCOPE_LENGTH {
        return Err(AppError::NotFound);
    }
    let offer = addon_offer(account, scope, false);
    let plan = account.plan();
    // The domain's offer decides what is priced: an add-on of the plan, the upgrade (and the
    // add-on it makes possible), or nothing online (Enterprise, a legacy package's change).
    let upgrade_to = match offer.kind {
        OfferKind::AddOn => None,
        OfferKind::UpgradeAndAdd | OfferKind::UpgradePlan => offer.plan,
        OfferKind::Enterprise | OfferKind::ChangePlan => {
            // Only a scope some plan has: anything else is unknown.
            let known = scope == "enterprise"
                || prices::plan_includes(&state.db, Plan::Enterprise.name()).await?.iter().any(|s| s == scope);
            if !known {
                return Err(AppError::NotFound);
            }
            let name = offer.title.clone().unwrap_or_default();
            return Ok(Json(AddonPrice {
                name,
                items: Vec::new(),
                users: Vec::new(),
                upgrade_price: None,
                is_available: false,
                requires_upgrade: true,
            }));
        }
    };
    // The upgrade's own price: the plan it leads to.
    let upgrade = match upgrade_to {
        Some(next) => prices::price(&state.db, "plan", next.name()).await?,
        None => None,
    };
    let item = if offer.screen == OfferScreen::Upgrade {
        None
    } else {
        // An add-on bought with the upgrade is priced on the plan it will be on, and must be on
        // sale there (not a service or a scope the plan includes).
        let on_plan = upgrade_to.unwrap_or(plan);
        if !is_addon_on_sale(on_plan, scope) {
            return Err(AppError::NotFound);
        }
        let found = prices::price(&state.db, scope, on_plan.name()).await?;
        if found.is_none() {
            return Err(AppError::NotFound);
        }
        found
    };
    if offer.screen == OfferScreen::Upgrade && upgrade.is_none() {
        return Err(AppError::NotFound);
    }
    let priced = |p: &Option<CataloguePrice>| p.as_ref().is_some_and(|p| p.price_pence.is_some());
    let is_available =
        offer.fetches_price && (item.is_none() || priced(&item)) && (!offer.requires_upgrade || priced(&upgrade));
    let users = if scope == "outbound" {
        users::without_new_outbound(&state.db, CustomerId::new(account.customer_id)).await?
    } else {
        Vec::new()
    };
    let named = item.as_ref().or(upgrade.as_ref());
    Ok(Json(AddonPrice {
        name: named.map(|p| p.description.clone()).unwrap_or_default(),
        items: item.iter().map(PriceItem::from).collect(),
        users,
        upgrade_price: upgrade.as_ref().map(|p| UpgradePrice { items: vec![PriceItem::from(p)] }),
        is_available,
        requires_upgrade: offer.requires_upgrade,
    }))
}
