//! Which scopes each plan sells as add-ons (spec/billing-subscription-purchase.md section 3,
//! "Add-on scopes"; spec/shell-users-integrations.md, "Add-on modal"): the one list the plans'
//! stored add-on scopes are seeded from and every add-on purchase is checked against. A scope
//! the plan includes, a service (static numbers, pools) or anything else the price catalogue
//! knows is not bought as an add-on.

use serde::{Deserialize, Serialize};

use crate::plan::Plan;

/// Scopes that change the plan rather than add to it: bought with the upgrade (or by contacting
/// the account manager), never as an add-on.
pub const PLAN_CHANGE_SCOPES: [&str; 2] = ["upgrade", "enterprise"];

const STARTER_ADDONS: &[&str] = &[
    "integration_api",
    "integration_webhooks",
    "outbound",
    "integration_sales_import",
    "report_voice_tags",
    "routing_call_recording_extended",
    "advanced_call_handling",
    // The upgrade to Professional, offered on Starter as an add-on is (the menu's chips).
    "upgrade",
];

const PROFESSIONAL_ADDONS: &[&str] = &[
    "report_voice_tags",
    "integration_speech_redaction",
    "integration_api",
    "integration_webhooks",
    "integration_salesforce",
    "integration_dealerweb",
    "outbound",
    "outbound_additional_user",
    "other_managed",
    "integration_sales_import",
    "routing_call_recording_extended",
    "other_insight",
    "integration_config_api",
    "routing_advanced_ivr",
    "sales_custom_dimensions",
];

/// The scopes `plan` offers as add-ons, as its stored add-on scopes hold them (Starter's include
/// the upgrade itself). Enterprise includes what it would sell, and the legacy package sells
/// nothing online.
pub fn plan_addon_scopes(plan: Plan) -> &'static [&'static str] {
    match plan {
        Plan::Starter => STARTER_ADDONS,
        Plan::Professional => PROFESSIONAL_ADDONS,
        Plan::Enterprise | Plan::Legacy => &[],
    }
}

/// The scope changes the plan ('upgrade', 'enterprise').
pub fn is_plan_change(scope: &str) -> bool {
    PLAN_CHANGE_SCOPES.contains(&scope)
}

/// Whether `scope` is an add-on on sale on `plan`: the only scopes an add-on purchase buys.
pub fn is_addon_on_sale(plan: Plan, scope: &str) -> bool {
    !is_plan_change(scope) && plan_addon_scopes(plan).contains(&scope)
}

/// What an add-on purchase of a scope meets on a plan.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AddonSale {
    /// An add-on of the plan: it may be bought.
    OnSale,
    /// Not sold on the plan but on the next one: the plan is upgraded first.
    UpgradeFirst,
    /// Not an add-on of this plan or the next: nothing to buy.
    NotSold,
}

/// Whether `scope` can be bought as an add-on on `plan`, or needs the upgrade first.
pub fn addon_sale(plan: Plan, scope: &str) -> AddonSale {
    if is_addon_on_sale(plan, scope) {
        AddonSale::OnSale
    } else if plan.next().is_some_and(|next| is_addon_on_sale(next, scope)) {
        AddonSale::UpgradeFirst
    } else {
        AddonSale::NotSold
    }
}

/// What a running add-on's charge becomes when the plan changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum AddonRepricing {
    /// It runs on at the price it has.
    Keep,
    /// It runs on at the new plan's price (pence per unit).
    Reprice(i64),
    /// The new plan includes it: its charge ends.
    End,
}

/// A running add-on charge at `unit_pence` on the new plan: `new_unit_pence` is the price
/// catalogue's price for that plan (None when it has none, or it is priced on application), and
/// `included` says the new plan includes the scope. An included add-on is no longer charged; a
/// catalogue price replaces the old one; without one (on application) the charge runs on until
/// the account manager changes it.
pub fn reprice_addon(unit_pence: i64, new_unit_pence: Option<i64>, included: bool) -> AddonRepricing {
    match new_unit_pence {
        _ if included => AddonRepricing::End,
        Some(pence) if pence != unit_pence => AddonRepricing::Reprice(pence),
        _ => AddonRepricing::Keep,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLANS: [Plan; 4] = [Plan::Starter, Plan::Professional, Plan::Enterprise, Plan::Legacy];

    #[test]
    fn services_and_included_scopes_are_never_add_ons() {
        for plan in PLANS {
            for scope in ["static", "dynamic_pool", "dynamic_url", "outbound_user", "recording_storage", "plan"] {
                assert!(!is_addon_on_sale(plan, scope), "{scope} on {plan:?}");
                assert_eq!(addon_sale(plan, scope), AddonSale::NotSold, "{scope} on {plan:?}");
            }
        }
        assert_eq!(addon_sale(Plan::Professional, "integration_hubspot"), AddonSale::NotSold, "included");
        assert_eq!(addon_sale(Plan::Starter, "routing_simple"), AddonSale::NotSold, "included");
        assert_eq!(addon_sale(Plan::Starter, "no_such_scope"), AddonSale::NotSold);
        assert_eq!(addon_sale(Plan::Starter, ""), AddonSale::NotSold);
    }

    #[test]
    fn each_plan_sells_its_own_add_ons() {
        assert_eq!(addon_sale(Plan::Starter, "report_voice_tags"), AddonSale::OnSale);
        assert_eq!(addon_sale(Plan::Professional, "report_voice_tags"), AddonSale::OnSale);
        assert_eq!(addon_sale(Plan::Starter, "advanced_call_handling"), AddonSale::OnSale);
        assert_eq!(
            addon_sale(Plan::Professional, "advanced_call_handling"),
            AddonSale::NotSold,
            "Professional includes it"
        );
        assert_eq!(addon_sale(Plan::Professional, "routing_advanced_ivr"), AddonSale::OnSale);
    }

    #[test]
    fn an_add_on_of_the_next_plan_needs_the_upgrade_first() {
        assert_eq!(addon_sale(Plan::Starter, "integration_salesforce"), AddonSale::UpgradeFirst);
        assert_eq!(addon_sale(Plan::Starter, "outbound_additional_user"), AddonSale::UpgradeFirst);
        assert_eq!(addon_sale(Plan::Professional, "integration_salesforce"), AddonSale::OnSale);
    }

    #[test]
    fn plan_changes_are_not_bought_as_add_ons() {
        assert!(plan_addon_scopes(Plan::Starter).contains(&"upgrade"), "offered like an add-on on Starter");
        for plan in PLANS {
            assert_eq!(addon_sale(plan, "upgrade"), AddonSale::NotSold, "{plan:?}");
            assert_eq!(addon_sale(plan, "enterprise"), AddonSale::NotSold, "{plan:?}");
        }
    }

    #[test]
    fn enterprise_and_the_legacy_package_sell_nothing_online() {
        for plan in [Plan::Enterprise, Plan::Legacy] {
            assert!(plan_addon_scopes(plan).is_empty());
            assert_eq!(addon_sale(plan, "report_voice_tags"), AddonSale::NotSold, "{plan:?}");
        }
    }

    #[test]
    fn scope_names_are_exact() {
        assert!(!is_addon_on_sale(Plan::Starter, "REPORT_VOICE_TAGS"));
        assert!(!is_addon_on_sale(Plan::Starter, " report_voice_tags"));
    }

    #[test]
    fn an_upgrade_prices_each_add_on_on_the_new_plan() {
        assert_eq!(reprice_addon(3_500, Some(2_500), false), AddonRepricing::Reprice(2_500), "speech analytics");
        assert_eq!(reprice_addon(1_500, Some(1_500), false), AddonRepricing::Keep, "the same price");
    }

    #[test]
    fn an_add_on_the_new_plan_includes_is_no_longer_charged() {
        assert_eq!(reprice_addon(2_000, None, true), AddonRepricing::End);
        assert_eq!(reprice_addon(2_000, Some(1_000), true), AddonRepricing::End);
    }

    #[test]
    fn without_a_price_on_the_new_plan_the_charge_runs_on() {
        assert_eq!(reprice_addon(2_000, None, false), AddonRepricing::Keep);
    }
}
