//! What the purchase modal offers for a scope: the add-on screen or the upgrade screen, whether
//! the plan must be upgraded first, its title and button, and whether a price is fetched.

use serde::{Deserialize, Serialize};

use super::addons::is_plan_change;
use crate::account::{AccountState, AuthLevel};
use crate::plan::Plan;

pub const ENTERPRISE_TITLE: &str = "Upgrade to Enterprise";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum OfferScreen {
    /// The add-on's details, with its price.
    AddOn,
    /// The plan upgrade.
    Upgrade,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AddonOffer {
    pub screen: OfferScreen,
    /// The scope is not an add-on of the current plan: the plan is upgraded first.
    pub requires_upgrade: bool,
    /// 'Upgrade to Enterprise' for the enterprise scope, else None (the add-on's own title).
    pub title: Option<String>,
    /// 'Upgrade', 'Upgrade and add' or 'Add'.
    pub button: String,
    /// The price is fetched, except for the enterprise scope and on Enterprise (price on
    /// application) and in view-only mode.
    pub fetches_price: bool,
}

/// The offer for `scope` on this account; `view_only` is the modal opened to read, not to buy.
pub fn addon_offer(account: &AccountState, scope: &str, view_only: bool) -> AddonOffer {
    let plan = account.plan();
    let upgrade_scope = is_plan_change(scope);
    let requires_upgrade = !upgrade_scope && !account.is_addon_scope(scope) && !account.has_scope(scope);
    // A Starter customer on a just-upgrade add-on is shown the upgrade screen.
    let screen = if upgrade_scope || (plan == Plan::Starter && requires_upgrade && is_next_plan(account, scope)) {
        OfferScreen::Upgrade
    } else {
        OfferScreen::AddOn
    };
    let button = match (screen, requires_upgrade) {
        (OfferScreen::Upgrade, _) => "Upgrade",
        (OfferScreen::AddOn, true) => "Upgrade and add",
        (OfferScreen::AddOn, false) => "Add",
    };
    AddonOffer {
        screen,
        requires_upgrade: requires_upgrade || upgrade_scope,
        title: (scope == "enterprise").then(|| ENTERPRISE_TITLE.to_string()),
        button: button.to_string(),
        fetches_price: !view_only && scope != "enterprise" && plan != Plan::Enterprise,
    }
}

/// Why the purchase modal cannot sell a scope online, before any price is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum PurchaseBarrier {
    /// Not a purchaser on an account that buys online: the account owner is asked.
    NotPurchaser,
    /// Enterprise, and anything that needs it, is arranged by the account manager.
    ContactAccountManager,
    /// Only the account owner upgrades the plan.
    OwnerOnly,
}

/// Only the account owner changes the plan online (spec: a non-owner's upgrade is refused).
pub fn may_upgrade(account: &AccountState) -> bool {
    account.user_auth_code >= AuthLevel::ACCOUNT_OWNER
}

/// The barrier, if any, between this account and buying `scope` online.
pub fn purchase_barrier(account: &AccountState, scope: &str) -> Option<PurchaseBarrier> {
    let offer = addon_offer(account, scope, false);
    if !account.can_purchase_online() {
        Some(PurchaseBarrier::NotPurchaser)
    } else if !offer.fetches_price || (offer.requires_upgrade && account.plan() != Plan::Starter) {
        Some(PurchaseBarrier::ContactAccountManager)
    } else if offer.requires_upgrade && !may_upgrade(account) {
        Some(PurchaseBarrier::OwnerOnly)
    } else {
        None
    }
}

/// What the plan and usage page does with `?scope=` (or `?type=`): open the add-on modal for a
/// scope sold as an add-on, send anything else the package lacks to /subscription/upgrade, and
/// leave a scope the package has alone.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ScopeQuery {
    OpenAddOn,
    Upgrade,
    Owned,
}

pub fn scope_query(account: &AccountState, scope: &str) -> ScopeQuery {
    if account.is_addon_scope(scope) {
        ScopeQuery::OpenAddOn
    } else if account.has_scope(scope) {
        ScopeQuery::Owned
    } else {
        ScopeQuery::Upgrade
    }
}

/// The scope comes with the next plan itself (not as an add-on of it).
fn is_next_plan(account: &AccountState, scope: &str) -> bool {
    account.next_package_scopes.iter().any(|s| s == scope)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scopes(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn starter() -> AccountState {
        AccountState {
            package_name: "Starter".into(),
            package_scopes: scopes(&["routing_simple"]),
            addon_scopes: scopes(&["outbound", "report_voice_tags", "upgrade"]),
            next_package_scopes: scopes(&["routing_advanced_ivr_basic", "integration_hubspot"]),
            ..AccountState::default()
        }
    }

    #[test]
    fn barriers_come_before_any_price() {
        let acc = starter();
        let owner = AccountState { user_auth_code: 25, can_purchase: true, customer_can_purchase_online: true, ..acc };
        assert_eq!(purchase_barrier(&owner, "outbound"), None);
        assert_eq!(purchase_barrier(&owner, "upgrade"), None);
        let admin = AccountState { user_auth_code: 20, ..owner.clone() };
        assert_eq!(purchase_barrier(&admin, "upgrade"), Some(PurchaseBarrier::OwnerOnly));
        assert_eq!(purchase_barrier(&admin, "outbound"), None, "administrators buy add-ons");
        assert_eq!(purchase_barrier(&owner, "enterprise"), Some(PurchaseBarrier::ContactAccountManager));
        let offline = AccountState { customer_can_purchase_online: false, ..owner.clone() };
        assert_eq!(purchase_barrier(&offline, "outbound"), Some(PurchaseBarrier::NotPurchaser));
        let professional = AccountState { package_name: "Professional".into(), ..owner };
        assert_eq!(
            purchase_barrier(&professional, "integration_hubspot"),
            Some(PurchaseBarrier::ContactAccountManager),
            "the next plan after Professional is Enterprise"
        );
    }

    #[test]
    fn the_subscription_query_opens_add_ons_and_sends_the_rest_to_the_upgrade() {
        let acc = starter();
        assert_eq!(scope_query(&acc, "outbound"), ScopeQuery::OpenAddOn);
        assert_eq!(scope_query(&acc, "routing_simple"), ScopeQuery::Owned);
        assert_eq!(scope_query(&acc, "integration_hubspot"), ScopeQuery::Upgrade);
        assert_eq!(scope_query(&acc, "no_such_scope"), ScopeQuery::Upgrade);
    }

    #[test]
    fn an_add_on_of_the_plan_is_added() {
        let offer = addon_offer(&starter(), "report_voice_tags", false);
        assert_eq!(offer.screen, OfferScreen::AddOn);
        assert!(!offer.requires_upgrade);
        assert_eq!(offer.button, "Add");
        assert!(offer.fetches_price);
        assert_eq!(offer.title, None);
    }

    #[test]
    fn starter_on_a_next_plan_scope_sees_the_upgrade_screen() {
        let offer = addon_offer(&starter(), "integration_hubspot", false);
        assert_eq!(
            (offer.screen, offer.requires_upgrade, offer.button.as_str()),
            (OfferScreen::Upgrade, true, "Upgrade")
        );
        let just_upgrade = addon_offer(&starter(), "upgrade", false);
        assert_eq!((just_upgrade.screen, just_upgrade.button.as_str()), (OfferScreen::Upgrade, "Upgrade"));
    }

    #[test]
    fn an_add_on_of_the_next_plan_only_is_upgrade_and_add() {
        // Sold as an add-on on Professional, neither in Starter nor its add-ons.
        let offer = addon_offer(&starter(), "integration_salesforce", false);
        assert_eq!(
            (offer.screen, offer.requires_upgrade, offer.button.as_str()),
            (OfferScreen::AddOn, true, "Upgrade and add")
        );
    }

    #[test]
    fn enterprise_is_titled_and_never_priced_online() {
        let offer = addon_offer(&starter(), "enterprise", false);
        assert_eq!(offer.title.as_deref(), Some("Upgrade to Enterprise"));
        assert_eq!(offer.screen, OfferScreen::Upgrade);
        assert!(!offer.fetches_price);
        let on_enterprise = AccountState { package_name: "Enterprise".into(), ..starter() };
        assert!(!addon_offer(&on_enterprise, "outbound", false).fetches_price);
        assert!(!addon_offer(&starter(), "outbound", true).fetches_price, "view only");
    }
}
