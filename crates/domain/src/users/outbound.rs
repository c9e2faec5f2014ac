//! Who sees a user's outbound settings, and the terms an outbound user is bought on.

use crate::account::AccountState;

pub const ACCEPT_TERMS: &str = "Please accept the terms and conditions.";

/// A purchase's terms tickbox: its message while it is not ticked.
pub fn terms_problem(accepted: bool) -> Option<&'static str> {
    (!accepted).then_some(ACCEPT_TERMS)
}

/// The user form's outbound section (and the outbound calls behind it): not on partner or
/// group accounts, nor for a technology partner's reports login.
pub fn shows_outbound(account: &AccountState) -> bool {
    !account.is_partner && !account.is_group_account && !account.tech_partner_reports_login
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn customer_accounts_show_outbound_and_partner_group_and_tech_reports_logins_do_not() {
        assert!(shows_outbound(&AccountState::default()));
        assert!(!shows_outbound(&AccountState { is_partner: true, ..Default::default() }));
        assert!(!shows_outbound(&AccountState { is_group_account: true, ..Default::default() }));
        assert!(!shows_outbound(&AccountState { tech_partner_reports_login: true, ..Default::default() }));
    }

    #[test]
    fn a_purchase_needs_its_terms_ticked() {
        assert_eq!(terms_problem(false), Some("Please accept the terms and conditions."));
        assert_eq!(terms_problem(true), None);
    }
}
