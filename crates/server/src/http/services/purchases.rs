//! services/upgrade and services/addAddon: a purchase checks the permission, the package and the
//! scope, then in one transaction (the customer locked) changes the plan or add-ons and starts
//! the charge the pricing breakdown and the next invoice show; an upgrade re-prices the running
//! add-ons on the new plan. A repeated purchase changes nothing and charges nothing.

use axum::extract::State;
use axum::Json;
use domain::agents::ADD_AGENT_SCOPE;
use domain::purchase::may_upgrade;
use domain::purchase::rules::{
    extend_recording_storage, outbound_user, upgrades_online, NOT_ONLINE, PRICE_ON_APPLICATION,
    RECORDING_STORAGE_FREE_DAYS, RECORDING_STORAGE_STEP_DAYS, UPGRADE_FIRST,
};
use domain::purchase::{addon_sale, AddonRepricing, AddonSale};
use domain::{FieldErrors, Plan};
use garde::Validate;
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::prices::MAX_SCOPE_LENGTH;
use super::repricing::PlanPrices;
use crate::http::contract::Done;
use crate::http::kit::account_user::AccountUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::charges::{self, NewCharge};
use crate::store::{prices, users};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(upgrade)).routes(routes!(add_addon))
}

fn refused(field: &str, message: &str) -> AppError {
    let mut errors = FieldErrors::new();
    errors.add(field, message);
    AppError::Validation(errors)
}

impl AccountUser {
    /// Buying online: the purchase right on an account that buys online.
    fn require_purchase(&self) -> Result<(), AppError> {
        if self.account.can_purchase_online() {
            Ok(())
        } else {
            Err(AppError::Forbidden)
        }
    }
}

/// Starter to Professional, by the account owner; other plan changes are by contacting us.
#[utoipa::path(post, path = "/services/upgrade", tag = "services", responses((status = 200, body = Done)))]
async fn upgrade(State(state): State<AppState>, user: AccountUser) -> Result<Json<Done>, AppError> {
    user.require_purchase()?;
    if !may_upgrade(&user.account) {
        return Err(AppError::Forbidden);
    }
    if !upgrades_online(user.account.plan()) {
        return Err(refused("upgrade", NOT_ONLINE));
    }
    let price = prices::price(&state.db, "plan", "Professional").await?;
    let Some(pence) = price.as_ref().and_then(|p| p.price_pence) else {
        return Err(refused("upgrade", NOT_ONLINE));
    };
    let professional = PlanPrices::load(&state.db, Plan::Professional).await?;
    let customer = user.customer();
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    charges::lock_customer(&mut tx, customer).await?;
    // A second click (or tab) finds the customer on Professional already: nothing is charged.
    if !charges::upgrade_to_professional(&mut tx, customer).await? {
        return Err(refused("upgrade", NOT_ONLINE));
    }
    // Every running add-on is charged at Professional's price from now on (the comparison showed
    // the same); one Professional includes is no longer charged.
    for addon in charges::running_addons(&mut tx, customer).await? {
        match professional.reprice(&addon.item, addon.unit_price_pence) {
            AddonRepricing::Keep => {}
            AddonRepricing::End => charges::end_charge(&mut tx, addon.id, now).await?,
            AddonRepricing::Reprice(pence) => {
                charges::end_charge(&mut tx, addon.id, now).await?;
                let price = professional.price(&addon.item);
                let repriced = NewCharge {
                    customer_id: customer,
                    item: &addon.item,
                    description: price.map_or(&addon.description, |p| &p.description),
                    user_id: addon.user_id,
                    quantity: addon.quantity,
                    unit_price_pence: pence,
                    billing_frequency: price.map_or(&addon.billing_frequency, |p| &p.billing_frequency),
                    created_by: user.session.user_id,
                };
                charges::start(&mut tx, &repriced, now).await?;
            }
        }
    }
    charges::end(&mut tx, customer, "plan", now).await?;
    let frequency = price.as_ref().map(|p| p.billing_frequency.as_str()).unwrap_or("1");
    let charge = NewCharge {
        customer_id: customer,
        item: "plan",
        description: price.as_ref().map(|p| p.description.as_str()).unwrap_or("Professional plan"),
        user_id: None,
        quantity: 1,
        unit_price_pence: pence,
        billing_frequency: frequency,
        created_by: user.session.user_id,
    };
    charges::start(&mut tx, &charge, now).await?;
    tx.commit().await?;
    tracing::info!(customer = customer.get(), "upgraded to Professional");
    Ok(Json(Done { success: true }))
}

/// An add-on to buy; `userId` names the user who gets outbound.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
struct AddAddonRequest {
    /// An add-on on sale on the customer's plan; anything else is 404 (an add-on of the next
    /// plan only: 422, upgrade first).
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    scope: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    userId: Option<i64>,
}

#[utoipa::path(post, path = "/services/addAddon", tag = "services",
    request_body(content((AddAddonRequest = "multipart/form-data"), (AddAddonRequest = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Done)))]
async fn add_addon(
    State(state): State<AppState>,
    user: AccountUser,
    Form { fields: form, .. }: Form<AddAddonRequest>,
) -> Result<Json<Done>, AppError> {
    user.require_purchase()?;
    let scope = form.scope.trim();
    if scope.is_empty() || scope.len() > MAX_SCOPE_LENGTH {
        return Err(AppError::NotFound);
    }
    // Only an add-on on sale on the customer's plan is bought here: a scope the plan includes,
    // a service (numbers, pools) or anything else is not, and is unknown as an add-on.
    let plan = user.account.plan();
    match addon_sale(plan, scope) {
        AddonSale::OnSale => {}
        AddonSale::UpgradeFirst => return Err(refused("scope", UPGRADE_FIRST)),
        AddonSale::NotSold => return Err(AppError::NotFound),
    }
    let known = prices::for_items(&state.db, &[scope]).await?;
    let of = |on: &str| known.iter().find(|p| p.plan == on);
    let Some(price) = of(plan.name()).or_else(|| of("")) else {
        return Err(AppError::NotFound);
    };
    let Some(pence) = price.price_pence else {
        return Err(refused("scope", PRICE_ON_APPLICATION));
    };
    let customer = user.customer();
    let now = state.clock.now();
    let mut tx = crate::db::begin_write(&state.db).await?;
    charges::lock_customer(&mut tx, customer).await?;
    let mut charge = NewCharge {
        customer_id: customer,
        item: scope,
        description: &price.description,
        user_id: None,
        quantity: 1,
        unit_price_pence: pence,
        billing_frequency: &price.billing_frequency,
        created_by: user.session.user_id,
    };
    match scope {
        "outbound" => {
            // Read inside the transaction: the list cannot change under the purchase.
            let candidates: Vec<i64> =
                users::without_new_outbound(&mut *tx, customer).await?.into_iter().map(|u| u.id).collect();
            // Not one of the candidates (none, negative, another customer's): the domain's message.
            let chosen = form.userId;
            let user_id = outbound_user(chosen, &candidates).map_err(|m| refused("userId", m))?;
            if charges::give_outbound(&mut tx, customer, user_id).await? {
                charges::add_scope(&mut tx, customer, scope).await?;
                charge.user_id = Some(user_id);
                charges::start(&mut tx, &charge, now).await?;
            }
        }
        ADD_AGENT_SCOPE => {
            // Each purchase pays for one more outbound agent (/agents).
            charges::add_scope(&mut tx, customer, scope).await?;
            if !charges::add_quantity(&mut tx, customer, scope, 1).await? {
                charges::start(&mut tx, &charge, now).await?;
            }
        }
        "routing_call_recording_extended" => {
            let (days, changed_at) = charges::recording_storage(&mut tx, customer).await?;
            let days = u32::try_from(days).unwrap_or(u32::MAX);
            let extended = extend_recording_storage(days, changed_at, now).map_err(|m| refused("scope", m))?;
            charges::set_recording_storage(&mut tx, customer, i64::from(extended), now).await?;
            charges::add_scope(&mut tx, customer, scope).await?;
            let steps = i64::from((extended - RECORDING_STORAGE_FREE_DAYS) / RECORDING_STORAGE_STEP_DAYS);
            if !charges::set_quantity(&mut tx, customer, scope, steps).await? {
                charge.quantity = steps;
                charges::start(&mut tx, &charge, now).await?;
            }
        }
        _ => {
            // Bought before: nothing more to add or charge.
            if charges::add_scope(&mut tx, customer, scope).await? {
                charges::start(&mut tx, &charge, now).await?;
            }
        }
    }
    tx.commit().await?;
    tracing::info!(customer = customer.get(), scope, "add-on bought");
    Ok(Json(Done { success: true }))
}
