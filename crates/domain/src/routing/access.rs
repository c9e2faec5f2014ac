//! Who may do what on the routing screens (spec/call-routing.md section 6).

use serde::Serialize;

use crate::account::AccountState;
use crate::route_table::ADVANCED_ROUTING_SCOPES;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RoutingAccess {
    /// Routing pages need a non-group account and provisioning rights.
    pub can_view: bool,
    /// Bulk Connect: also an administrator and the routing_simple scope.
    pub can_connect: bool,
    /// Advanced connect, the editors and the audio list: any advanced routing scope.
    pub has_advanced: bool,
}

pub fn routing_access(account: &AccountState) -> RoutingAccess {
    let can_view = !account.is_group_account && account.can_provision;
    RoutingAccess {
        can_view,
        can_connect: can_view && account.is_administrator && account.has_scope("routing_simple"),
        has_advanced: can_view && ADVANCED_ROUTING_SCOPES.iter().any(|s| account.has_scope(s)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(scopes: &[&str]) -> AccountState {
        AccountState {
            can_provision: true,
            is_administrator: true,
            package_scopes: scopes.iter().map(|s| s.to_string()).collect(),
            ..Default::default()
        }
    }

    #[test]
    fn an_administrator_with_routing_simple_may_connect_but_not_use_advanced_features() {
        let access = routing_access(&account(&["routing_simple"]));
        assert_eq!(access, RoutingAccess { can_view: true, can_connect: true, has_advanced: false });
    }

    #[test]
    fn any_advanced_scope_opens_the_advanced_features() {
        assert!(routing_access(&account(&["routing_queue"])).has_advanced);
        assert!(routing_access(&account(&["advanced_call_handling"])).has_advanced);
        assert!(!routing_access(&account(&["routing_queue"])).can_connect);
    }

    #[test]
    fn group_accounts_and_users_who_cannot_provision_get_nothing() {
        let group = AccountState { is_group_account: true, ..account(&["routing_simple", "routing_ivr"]) };
        assert_eq!(routing_access(&group), RoutingAccess { can_view: false, can_connect: false, has_advanced: false });
        let no_provision = AccountState { can_provision: false, ..account(&["routing_simple"]) };
        assert!(!routing_access(&no_provision).can_view);
    }

    #[test]
    fn a_user_may_view_but_not_connect() {
        let user = AccountState { is_administrator: false, ..account(&["routing_simple"]) };
        assert_eq!(routing_access(&user), RoutingAccess { can_view: true, can_connect: false, has_advanced: false });
    }
}
