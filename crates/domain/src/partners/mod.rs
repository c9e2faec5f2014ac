//! The partner portal and the technology-partner portal: the Add partner account
//! dialog of spec/shell-users-integrations.md section 5, partner rewards, partner branding, API
//! keys and the lead reports.

pub mod add_account;
pub mod api_keys;
pub mod branding;
pub mod lead_reports;
pub mod profile;
pub mod rewards;

use crate::account::AccountState;

/// The portal's entry (`login/`) and the account switch without `form_customer_id`, unless
/// `form_partner_login` is 1 (the partner's own account): a field message, as every refusal.
pub const CHOOSE_AN_ACCOUNT: &str = "Choose the account to open.";
use crate::guard::{guard, GuardStep};
use crate::menu::{build_menu, MenuNode};

fn leads_to(nodes: &[MenuNode], path: &str) -> bool {
    nodes.iter().any(|n| n.path.as_deref() == Some(path) || leads_to(&n.children, path))
}

/// A portal page the account may use: its guard allows it and the account's menu has an item
/// that leads there (the item's access flag, minimum authorisation code and partner approval
/// are met). The server answers a portal call only when its page is open, so it refuses
/// exactly what the menu hides.
pub fn portal_page_open(acc: &AccountState, path: &str) -> bool {
    guard(path, acc) == GuardStep::Allow && leads_to(&build_menu(acc).items, path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn partner() -> AccountState {
        AccountState {
            is_partner: true,
            is_user_on_partner: true,
            user_auth_code: 25,
            is_administrator: true,
            can_view_admin_menu: true,
            can_access_partner_accounts: true,
            can_access_partner_rewards: true,
            partner_reseller_approved_flag: true,
            partner_referrer_approved_flag: true,
            ..AccountState::default()
        }
    }

    #[test]
    fn partner_pages_follow_the_menus_flags_and_approvals() {
        let acc = partner();
        assert!(portal_page_open(&acc, "/partner/accounts"));
        assert!(portal_page_open(&acc, "/partner/rewards"));
        // Without reseller approval the Accounts item leads to the reseller benefits instead.
        let unapproved = AccountState { partner_reseller_approved_flag: false, ..partner() };
        assert!(!portal_page_open(&unapproved, "/partner/accounts"));
        assert!(portal_page_open(&unapproved, "/partner/rewards"));
        let no_referrals = AccountState { partner_referrer_approved_flag: false, ..partner() };
        assert!(!portal_page_open(&no_referrals, "/partner/rewards"));
        let no_right = AccountState { can_access_partner_accounts: false, ..partner() };
        assert!(!portal_page_open(&no_right, "/partner/accounts"));
    }

    #[test]
    fn a_customer_or_a_technology_partner_has_no_partner_pages() {
        let customer = AccountState { is_partner: false, is_user_on_partner: false, ..partner() };
        assert!(!portal_page_open(&customer, "/partner/accounts"));
        let tech = AccountState { is_partner: false, is_user_on_partner: false, is_tech_partner: true, ..partner() };
        assert!(!portal_page_open(&tech, "/partner/accounts"));
        assert!(portal_page_open(&tech, "/technologypartner/api-keys"));
        assert!(!portal_page_open(&partner(), "/technologypartner/api-keys"));
    }

    #[test]
    fn technology_partner_pages_need_their_level_and_report_access() {
        let tech = AccountState { is_tech_partner: true, user_auth_code: 10, ..AccountState::default() };
        assert!(!portal_page_open(&tech, "/technologypartner/api-keys"));
        assert!(!portal_page_open(&tech, "/technologypartner/reports"));
        let tech = AccountState { user_auth_code: 20, can_access_reports: true, ..tech };
        assert!(portal_page_open(&tech, "/technologypartner/api-keys"));
        assert!(portal_page_open(&tech, "/technologypartner/reports"));
        assert!(portal_page_open(&tech, "/technologypartner/settings"));
    }
}
