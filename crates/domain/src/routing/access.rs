//! Who may do what on the routing screens (spec/call-routing.md section 6).

use serde::Serialize;

use crate::account::AccountState;
use crate::guard::{guard, GuardStep};
use crate::plan::Plan;
use crate::route_table::ADVANCED_ROUTING_SCOPES;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoutingAccess {
    /// Routing pages need the /routing page's guard (a customer account, not a partner or
    /// technology-partner portal, with admin-menu rights), a non-group account and
    /// provisioning rights.
    pub can_view: bool,
    /// The bulk Connect button (with rows selected): an administrator on a non-group account.
    pub shows_connect: bool,
    /// Bulk Connect enabled: also the routing_simple scope (the button shows, disabled, without).
    pub can_connect: bool,
    /// Advanced connect, the editors and the audio list: any advanced routing scope.
    pub has_advanced: bool,
    /// Changing the routing library (plans, destination plans and numbers, queues, audio,
    /// voicemail) and its add and edit buttons: an administrator with an advanced scope.
    pub can_edit: bool,
    /// Starter has no advanced scope but can upgrade: the advanced page shows its rows with the
    /// Upgrade chip and modal. Other packages without advanced scopes are sent back to /routing.
    pub offer_upgrade: bool,
    /// The list's menu item to the audio list: packages with routing_simple.
    pub shows_audio_link: bool,
    /// The routing list's Tag manager button (and the tag manager calls): editors of an account
    /// with dynamic numbers, whose pools the tag serves.
    pub shows_tag_manager: bool,
}

/// Setting up the tag manager on a container that already has the tag.
pub const TAG_MANAGER_ALREADY_SET_UP: &str = "Tag manager is already set up for this container.";

/// The campaign reference a tag manager tag carries: the account's code, else its id.
pub fn campaign_reference(account: &AccountState) -> String {
    match account.account_code.as_deref().map(str::trim) {
        Some(code) if !code.is_empty() => code.to_string(),
        _ => account.customer_id.to_string(),
    }
}

/// The page whose guard decides who reaches the routing pages and their calls.
const ROUTING_PAGE: &str = "/routing";

pub fn routing_access(account: &AccountState) -> RoutingAccess {
    let can_view =
        !account.is_group_account && account.can_provision && guard(ROUTING_PAGE, account) == GuardStep::Allow;
    let has_advanced = can_view && ADVANCED_ROUTING_SCOPES.iter().any(|s| account.has_scope(s));
    RoutingAccess {
        can_view,
        shows_connect: can_view && account.is_administrator,
        can_connect: can_view && account.is_administrator && account.has_scope("routing_simple"),
        has_advanced,
        can_edit: has_advanced && account.is_administrator,
        offer_upgrade: can_view && !has_advanced && account.plan() == Plan::Starter,
        shows_audio_link: can_view && account.has_scope("routing_simple"),
        shows_tag_manager: has_advanced && account.is_administrator && account.has_dynamic,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(scopes: &[&str]) -> AccountState {
        AccountState {
            can_provision: true,
            can_view_admin_menu: true,
            is_administrator: true,
            user_auth_code: 20,
            package_scopes: scopes.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn an_administrator_with_routing_simple_may_connect_but_not_use_advanced_features() {
        let access = routing_access(&account(&["routing_simple"]));
        assert!(access.can_view && access.can_connect && !access.has_advanced);
        assert!(access.shows_audio_link);
    }

    #[test]
    fn any_advanced_scope_opens_the_advanced_features() {
        assert!(routing_access(&account(&["routing_queue"])).has_advanced);
        assert!(routing_access(&account(&["advanced_call_handling"])).has_advanced);
        assert!(!routing_access(&account(&["routing_queue"])).can_connect);
    }

    #[test]
    fn bulk_connect_shows_to_administrators_and_is_enabled_by_routing_simple() {
        let without_scope = routing_access(&account(&["routing_queue"]));
        assert!(without_scope.shows_connect && !without_scope.can_connect, "shown, disabled");
        let user = AccountState { is_administrator: false, ..account(&["routing_simple"]) };
        assert!(!routing_access(&user).shows_connect);
        let group = AccountState { is_group_account: true, ..account(&["routing_simple"]) };
        assert!(!routing_access(&group).shows_connect);
    }

    #[test]
    fn group_accounts_and_users_who_cannot_provision_get_nothing() {
        let group = AccountState { is_group_account: true, ..account(&["routing_simple", "routing_ivr"]) };
        let access = routing_access(&group);
        assert!(!access.can_view && !access.can_connect && !access.has_advanced && !access.shows_audio_link);
        let no_provision = AccountState { can_provision: false, ..account(&["routing_simple"]) };
        assert!(!routing_access(&no_provision).can_view);
    }

    #[test]
    fn a_user_may_view_but_not_connect() {
        let user = AccountState { is_administrator: false, ..account(&["routing_simple"]) };
        let access = routing_access(&user);
        assert!(access.can_view && !access.can_connect && !access.has_advanced);
        let advanced_user = AccountState { is_administrator: false, ..account(&["routing_simple", "routing_ivr"]) };
        let access = routing_access(&advanced_user);
        assert!(access.has_advanced && !access.can_edit);
        assert!(routing_access(&account(&["routing_ivr"])).can_edit);
    }

    #[test]
    fn starter_is_offered_the_upgrade_instead_of_advanced_features() {
        let starter = AccountState { package_name: "Starter".into(), ..account(&["routing_simple"]) };
        assert!(routing_access(&starter).offer_upgrade);
        let legacy = AccountState { package_name: "Gold 2014".into(), is_legacy_package: true, ..account(&[]) };
        assert!(!routing_access(&legacy).offer_upgrade);
        let pro = AccountState { package_name: "Professional".into(), ..account(&["routing_simple", "routing_ivr"]) };
        assert!(!routing_access(&pro).offer_upgrade);
    }

    #[test]
    fn partner_and_technology_partner_portals_have_no_routing() {
        let partner = AccountState { is_partner: true, ..account(&["routing_simple", "routing_ivr"]) };
        assert_eq!(routing_access(&partner), routing_access(&AccountState { can_provision: false, ..partner.clone() }));
        assert!(!routing_access(&partner).can_view && !routing_access(&partner).can_edit);
        let tech = AccountState { is_tech_partner: true, ..account(&["routing_simple", "routing_ivr"]) };
        assert!(!routing_access(&tech).can_view && !routing_access(&tech).can_edit);
        let no_admin_menu = AccountState { can_view_admin_menu: false, ..account(&["routing_simple"]) };
        assert!(!routing_access(&no_admin_menu).can_view);
    }

    #[test]
    fn the_tag_manager_is_for_editors_of_accounts_with_dynamic_numbers() {
        let dynamic = AccountState { has_dynamic: true, ..account(&["routing_simple", "routing_ivr"]) };
        assert!(routing_access(&dynamic).shows_tag_manager);
        let static_only = AccountState { has_dynamic: false, ..dynamic.clone() };
        assert!(!routing_access(&static_only).shows_tag_manager);
        let user = AccountState { is_administrator: false, ..dynamic };
        assert!(!routing_access(&user).shows_tag_manager);
    }

    #[test]
    fn a_tag_carries_the_account_code_or_else_the_account_id() {
        let coded = AccountState { account_code: Some("HLD-100".into()), customer_id: 100, ..Default::default() };
        assert_eq!(campaign_reference(&coded), "HLD-100");
        let blank = AccountState { account_code: Some(" ".into()), customer_id: 314, ..Default::default() };
        assert_eq!(campaign_reference(&blank), "314");
        assert_eq!(campaign_reference(&AccountState { customer_id: 7, ..Default::default() }), "7");
    }
}
