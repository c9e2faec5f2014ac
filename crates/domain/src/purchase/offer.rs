//! What the purchase modal offers for a scope: the add-on screen or the upgrade screen, whether
//! the plan must be upgraded first, its title and button, and whether a price is fetched.

use serde::{Deserialize, Serialize};

use super::addons::{addon_sale, AddonSale};
use crate::account::{AccountState, AuthLevel};
use crate::plan::Plan;

pub const ENTERPRISE_TITLE: &str = "Upgrade to Enterprise";
pub const PROFESSIONAL_TITLE: &str = "Upgrade to Professional";
/// A legacy package's upgrade: to a current plan, arranged by the account manager.
pub const CHANGE_PLAN_TITLE: &str = "Upgrade your plan";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OfferScreen {
    /// The add-on's details, with its price.
    AddOn,
    /// The plan upgrade.
    Upgrade,
}

/// What an Upgrade or Add-on chip (or any other way into the purchase modal) offers for a
/// scope the account lacks: one rule for the menu's chip, the modal and services/getAddonPrice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum OfferKind {
    /// An add-on of the current plan (or one bought before, bought again): its price, 'Add'.
    AddOn,
    /// An add-on of the next plan only (Starter: Professional's add-ons): the upgrade, then the
    /// add-on, both priced.
    UpgradeAndAdd,
    /// Comes with the next plan sold online (Starter to Professional): the upgrade, priced.
    UpgradePlan,
    /// Comes only with Enterprise (or the enterprise scope itself): 'Upgrade to Enterprise',
    /// price on application, no price fetched; the account manager arranges it.
    Enterprise,
    /// A legacy package changes plan through the account manager; nothing is priced online.
    ChangePlan,
}

/// The offer for `scope` on this account (see [`OfferKind`]).
pub fn offer_kind(account: &AccountState, scope: &str) -> OfferKind {
    let plan = account.plan();
    if scope == "enterprise" {
        return OfferKind::Enterprise;
    }
    if plan == Plan::Legacy {
        return OfferKind::ChangePlan;
    }
    if scope == "upgrade" {
        return if plan == Plan::Starter { OfferKind::UpgradePlan } else { OfferKind::Enterprise };
    }
    if account.is_addon_scope(scope) || account.has_scope(scope) {
        return OfferKind::AddOn;
    }
    if plan == Plan::Starter {
        if is_next_plan(account, scope) {
            return OfferKind::UpgradePlan;
        }
        if addon_sale(plan, scope) == AddonSale::UpgradeFirst {
            return OfferKind::UpgradeAndAdd;
        }
    }
    OfferKind::Enterprise
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AddonOffer {
    pub kind: OfferKind,
    pub screen: OfferScreen,
    /// The plan is upgraded first (or the upgrade is what is offered).
    pub requires_upgrade: bool,
    /// The plan the upgrade leads to ('Professional', 'Enterprise'), None for an add-on of the
    /// plan or a legacy package's change.
    pub plan: Option<Plan>,
    /// 'Upgrade to Professional', 'Upgrade to Enterprise' or 'Upgrade your plan' for an upgrade,
    /// else None (the add-on's own name).
    pub title: Option<String>,
    /// 'Upgrade', 'Upgrade and add' or 'Add'.
    pub button: String,
    /// The price is fetched, except for Enterprise (price on application), a legacy package's
    /// change, on Enterprise, and in view-only mode.
    pub fetches_price: bool,
}

/// The offer for `scope` on this account; `view_only` is the modal opened to read, not to buy.
pub fn addon_offer(account: &AccountState, scope: &str, view_only: bool) -> AddonOffer {
    let kind = offer_kind(account, scope);
    let (screen, requires_upgrade, plan, title, button) = match kind {
        OfferKind::AddOn => (OfferScreen::AddOn, false, None, None, "Add"),
        OfferKind::UpgradeAndAdd => (OfferScreen::AddOn, true, Some(Plan::Professional), None, "Upgrade and add"),
        OfferKind::UpgradePlan => {
            (OfferScreen::Upgrade, true, Some(Plan::Professional), Some(PROFESSIONAL_TITLE), "Upgrade")
        }
        OfferKind::Enterprise => {
            (OfferScreen::Upgrade, true, Some(Plan::Enterprise), Some(ENTERPRISE_TITLE), "Upgrade")
        }
        OfferKind::ChangePlan => (OfferScreen::Upgrade, true, None, Some(CHANGE_PLAN_TITLE), "Upgrade"),
    };
    let priced = matches!(kind, OfferKind::AddOn | OfferKind::UpgradeAndAdd | OfferKind::UpgradePlan);
    AddonOffer {
        kind,
        screen,
        requires_upgrade,
        plan,
        title: title.map(str::to_string),
        button: button.to_string(),
        fetches_price: priced && !view_only && account.plan() != Plan::Enterprise,
    }
}

/// Why the purchase modal cannot sell a scope online, before any price is asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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

/// The barrier, if any, between this account and buying `scope` online. An account owner whose
/// customer does not buy online (a legacy package, a group account, an account set up offline)
/// is sent to the account manager, never told to ask the account owner.
pub fn purchase_barrier(account: &AccountState, scope: &str) -> Option<PurchaseBarrier> {
    let offer = addon_offer(account, scope, false);
    let owner = account.user_auth_code >= AuthLevel::ACCOUNT_OWNER;
    if !account.can_purchase_online() && !owner {
        Some(PurchaseBarrier::NotPurchaser)
    } else if !account.can_purchase_online() || !offer.fetches_price {
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
        assert_eq!(
            purchase_barrier(&offline, "outbound"),
            Some(PurchaseBarrier::ContactAccountManager),
            "the owner is not told to ask the account owner"
        );
        let offline_admin = AccountState { user_auth_code: 20, ..offline };
        assert_eq!(purchase_barrier(&offline_admin, "outbound"), Some(PurchaseBarrier::NotPurchaser));
        let no_right = AccountState { can_purchase: false, ..admin.clone() };
        assert_eq!(purchase_barrier(&no_right, "outbound"), Some(PurchaseBarrier::NotPurchaser));
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
        assert_eq!((offer.kind, offer.plan), (OfferKind::UpgradePlan, Some(Plan::Professional)));
        assert_eq!(offer.title.as_deref(), Some(PROFESSIONAL_TITLE));
        assert!(offer.fetches_price, "Professional's price is shown");
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
    fn starter_on_a_scope_only_enterprise_has_is_offered_enterprise() {
        // Voice tags and vocabularies: neither Starter, nor Professional, nor an add-on of either.
        for scope in ["integration_speech_voice_tags", "speech_vocabularies"] {
            let offer = addon_offer(&starter(), scope, false);
            assert_eq!(offer.kind, OfferKind::Enterprise, "{scope}");
            assert_eq!(offer.title.as_deref(), Some(ENTERPRISE_TITLE));
            assert_eq!((offer.screen, offer.plan), (OfferScreen::Upgrade, Some(Plan::Enterprise)));
            assert!(!offer.fetches_price, "price on application: nothing to fetch");
        }
    }

    #[test]
    fn professional_is_offered_enterprise_for_what_it_does_not_sell() {
        let professional = AccountState {
            package_name: "Professional".into(),
            addon_scopes: scopes(&["report_voice_tags"]),
            next_package_scopes: scopes(&["enterprise", "speech_vocabularies"]),
            ..AccountState::default()
        };
        assert_eq!(offer_kind(&professional, "report_voice_tags"), OfferKind::AddOn);
        assert_eq!(offer_kind(&professional, "speech_vocabularies"), OfferKind::Enterprise);
        assert_eq!(offer_kind(&professional, "upgrade"), OfferKind::Enterprise, "no online upgrade after Professional");
    }

    #[test]
    fn a_legacy_package_changes_plan_through_the_account_manager() {
        let legacy = AccountState {
            package_name: "Gold 2014".into(),
            is_legacy_package: true,
            user_auth_code: 25,
            can_purchase: true,
            ..AccountState::default()
        };
        let offer = addon_offer(&legacy, "admin_tagging_for_dynamics", false);
        assert_eq!((offer.kind, offer.screen), (OfferKind::ChangePlan, OfferScreen::Upgrade));
        assert_eq!(offer.title.as_deref(), Some(CHANGE_PLAN_TITLE), "an upgrade, not 'Add-on'");
        assert!(!offer.fetches_price);
        assert_eq!(
            purchase_barrier(&legacy, "admin_tagging_for_dynamics"),
            Some(PurchaseBarrier::ContactAccountManager),
            "the owner is not told to speak to the account owner"
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
