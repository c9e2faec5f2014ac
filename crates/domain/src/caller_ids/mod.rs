//! Manage CLI and the outbound terms (/outboundcli and /outboundterms): the caller ids
//! an account's agents may present (its own tracked numbers and outside numbers verified with a
//! code), the verification code's rules, whether an agent restricted to the list may present a
//! number, and the outbound terms an owner accepts once. The server decides with these
//! functions; the browser checks the same form rules through wasm.

pub mod limits;
pub mod list;
pub mod number_kind;
pub mod terms;
pub mod verification;

pub use limits::{
    send_refusal, too_many_requests, wrong_code_refusal, SendHistory, SendRefusal, DAY_SECONDS, RESEND_WAIT,
    RESEND_WAIT_SECONDS, VERIFIED_ALREADY,
};
pub use list::{
    caller_id_choice_problem, caller_id_choices, in_use_refusal, may_present, validate_outside_number,
    NOT_A_CALLER_ID_CHOICE, NOT_ON_THE_LIST, NUMBER_REQUIRED, ON_THE_LIST, OUTSIDE_MAX, TOO_MANY_OUTSIDE,
    TRACKED_ALREADY,
};
pub use number_kind::{caller_id_kind_message, uk_number_kind, UkNumberKind, CALLER_ID_PREFIXES, UK_NUMBER_DIGITS};
pub use terms::{OutboundTerms, OUTBOUND_TERMS};
pub use verification::{
    check_attempt, code_from_random, remove_question, resend_refusal, status, validate_code, wrong_code_message,
    CallerIdStatus, CodeState, CODE_EXPIRED, CODE_FORMAT, CODE_LENGTH, CODE_LIFETIME_SECONDS, MAX_ATTEMPTS,
    TOO_MANY_TRIES,
};

use crate::account::{AccountState, AuthLevel};
use crate::guard::{guard, GuardStep};

/// Who opens /outboundcli and makes its calls: the Manage CLI menu item (new outbound, auth
/// code 25, the account owner) and its guard.
pub fn opens_manage_cli(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/outboundcli", account)
}

/// Who reads /outboundterms: an admin-area user of an account with (new) outbound.
pub fn opens_outbound_terms(account: &AccountState) -> bool {
    account.has_outbound && guard("/outboundterms", account) == GuardStep::Allow
}

/// Who accepts the outbound terms for the account: its owner (auth code 25).
pub fn can_accept_outbound_terms(account: &AccountState) -> bool {
    opens_outbound_terms(account) && account.user_auth_code >= AuthLevel::ACCOUNT_OWNER
}

#[cfg(test)]
mod tests {
    use super::*;

    fn account(level: u8) -> AccountState {
        AccountState {
            package_name: "Professional".into(),
            user_auth_code: level,
            can_view_admin_menu: true,
            is_administrator: level >= 20,
            has_outbound: true,
            can_access_outbound: true,
            ..Default::default()
        }
    }

    #[test]
    fn only_the_account_owner_opens_manage_cli() {
        assert!(opens_manage_cli(&account(25)));
        assert!(!opens_manage_cli(&account(20)));
        assert!(!opens_manage_cli(&account(10)));
        assert!(!opens_manage_cli(&AccountState { has_outbound: false, ..account(25) }));
    }

    #[test]
    fn administrators_read_the_outbound_terms_and_only_the_owner_accepts_them() {
        assert!(can_accept_outbound_terms(&account(25)));
        assert!(opens_outbound_terms(&account(20)));
        assert!(!can_accept_outbound_terms(&account(20)));
        assert!(!opens_outbound_terms(&AccountState { has_outbound: false, ..account(25) }));
    }
}
