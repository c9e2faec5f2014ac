//! Who may open a phone in the browser: a user who reaches the account's call routing (to test
//! its numbers), or an agent with outbound access (to call out). Nobody else gets credentials.

use crate::routing::routing_access;
use crate::AccountState;

pub const PHONE_NOT_OPEN: &str = "Open the phone first: its call carries the test.";
pub const PHONE_UNAVAILABLE: &str = "The phone cannot connect just now: try again in a minute.";

/// What the phone lets the user do.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PhoneAccess {
    /// Test calls to the account's own numbers.
    pub test_calls: bool,
    /// Calls out from the account's verified numbers: the account's outbound agents.
    pub calls_out: bool,
}

impl PhoneAccess {
    pub fn any(self) -> bool {
        self.test_calls || self.calls_out
    }
}

pub fn phone_access(account: &AccountState) -> PhoneAccess {
    PhoneAccess {
        test_calls: routing_access(account).can_view,
        calls_out: account.has_outbound
            && account.can_access_outbound
            && account.is_outbound_agent
            && !account.is_group_account,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> AccountState {
        AccountState {
            can_provision: true,
            can_view_admin_menu: true,
            is_administrator: true,
            user_auth_code: 25,
            package_scopes: vec!["routing_simple".into()],
            ..AccountState::default()
        }
    }

    #[test]
    fn routing_users_test_and_outbound_agents_call_out() {
        let access = phone_access(&owner());
        assert!(access.test_calls && !access.calls_out && access.any());
        let agent = AccountState {
            has_outbound: true,
            can_access_outbound: true,
            is_outbound_agent: true,
            can_provision: false,
            ..owner()
        };
        let access = phone_access(&agent);
        assert!(!access.test_calls && access.calls_out);
        let not_an_agent = AccountState { is_outbound_agent: false, ..agent.clone() };
        assert!(!phone_access(&not_an_agent).calls_out, "outbound rights without being an agent");
        let neither = AccountState { can_provision: false, ..owner() };
        assert!(!phone_access(&neither).any());
        let group = AccountState { is_group_account: true, ..agent };
        assert!(!phone_access(&group).any(), "a group account has neither routing nor outbound");
    }
}
