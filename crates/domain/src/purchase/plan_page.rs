//! What the plan and usage page (/subscription, and a technology partner's
//! /technologypartner/subscription) shows and where its links go: a customer's call tracking
//! (numbers, pools, recording, inclusive minutes, call charges) and the upgrade centre; a
//! technology partner's API subscription has none of these, and its billing pages are its
//! portal's.

use serde::{Deserialize, Serialize};

use crate::account::AccountState;
use crate::guard::billing_page;
use crate::plan::Plan;
use crate::purchase::rules::upgrades_online;

/// A link of the page: its label, where it goes, and whether that is outside the app.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PageLink {
    pub label: String,
    pub path: String,
    pub external: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlanPage {
    /// The usage cards, recording storage, inclusive minutes, call charges and the plan
    /// comparison (and the server's services/getCallCharges).
    pub call_tracking: bool,
    /// The header's plan-change link: the upgrade centre, a technology partner's contact page,
    /// or none on a group account.
    pub plan_link: Option<PageLink>,
    /// Where the footer's Invoices link goes: the account's own portal's invoices.
    pub invoices_path: String,
    /// The current pricing breakdown is offered (not on Enterprise, whose prices are its contract's).
    pub pricing_breakdown: bool,
    /// What /subscription/upgrade opens in the purchase modal: the online upgrade on Starter,
    /// else the Enterprise offer.
    pub upgrade_scope: String,
}

pub const UPGRADE_CENTRE: &str = "Upgrade centre";
pub const CONTACT_ABOUT_PLAN: &str = "Contact us about your plan";

/// The page for this account.
pub fn plan_page(acc: &AccountState) -> PlanPage {
    let plan_link = if acc.is_tech_partner {
        Some(PageLink { label: CONTACT_ABOUT_PLAN.into(), path: "/contactus".into(), external: true })
    } else if acc.is_group_account {
        None
    } else {
        Some(PageLink { label: UPGRADE_CENTRE.into(), path: "/upgradecentre".into(), external: false })
    };
    let plan = acc.plan();
    PlanPage {
        call_tracking: !acc.is_tech_partner,
        plan_link,
        invoices_path: billing_page("/invoices", acc),
        pricing_breakdown: plan != Plan::Enterprise,
        upgrade_scope: if upgrades_online(plan) { "upgrade" } else { "enterprise" }.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guard::{guard, GuardStep};

    fn customer() -> AccountState {
        AccountState {
            package_name: "Professional".into(),
            user_auth_code: 25,
            can_view_admin_menu: true,
            can_purchase: true,
            has_billing: true,
            can_access_billing: true,
            package_scopes: vec!["admin_view_invoices".into(), "billing_subscription".into()],
            ..AccountState::default()
        }
    }

    #[test]
    fn starter_upgrades_online_and_enterprise_has_no_pricing_breakdown() {
        let starter = AccountState { package_name: "Starter".into(), ..customer() };
        let enterprise = AccountState { package_name: "Enterprise".into(), ..customer() };
        assert_eq!(plan_page(&starter).upgrade_scope, "upgrade");
        assert_eq!(plan_page(&customer()).upgrade_scope, "enterprise");
        assert!(plan_page(&customer()).pricing_breakdown);
        assert!(!plan_page(&enterprise).pricing_breakdown);
    }

    #[test]
    fn a_customer_sees_call_tracking_and_the_upgrade_centre() {
        let page = plan_page(&customer());
        assert!(page.call_tracking);
        assert_eq!(page.plan_link.map(|l| l.path), Some("/upgradecentre".to_string()));
        assert_eq!(page.invoices_path, "/invoices");
        let group = AccountState { is_group_account: true, ..customer() };
        assert_eq!(plan_page(&group).plan_link, None, "group accounts get no upgrade-centre link");
    }

    #[test]
    fn a_technology_partner_sees_its_subscription_and_its_portal_links() {
        let tech = AccountState { is_tech_partner: true, ..customer() };
        let page = plan_page(&tech);
        assert!(!page.call_tracking, "no numbers, pools or call charges");
        assert_eq!(page.invoices_path, "/technologypartner/invoices");
        let link = page.plan_link.unwrap();
        assert_eq!((link.path.as_str(), link.external), ("/contactus", true));
        // Each link lands where it says, not back on the subscription page.
        assert_eq!(guard(&page.invoices_path, &tech), GuardStep::Allow);
        assert_eq!(guard(&link.path, &tech), GuardStep::Allow);
        assert_ne!(guard("/upgradecentre", &tech), GuardStep::Allow, "the upgrade centre is not theirs");
        assert_ne!(guard("/invoices", &tech), GuardStep::Allow);
    }
}
