//! Which of a user's accounts an editor may change, and whether the user's identity (email,
//! names, password, the user as a whole) is the editor's to change. A user can reach several
//! customers; an editor who manages only some of them must not rewrite who the user is
//! everywhere else.

use super::authority::may_manage;

pub const CANNOT_REMOVE_SELF: &str = "You cannot remove your own access to this account.";
pub const CANNOT_REMOVE_LAST_OWNER: &str = "You cannot remove the last account owner on a customer";

/// One customer and a level held on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelOn {
    pub customer_id: i64,
    pub level: u8,
}

/// The editor's level on a customer they manage users on, if they do.
pub fn editor_level_on(managed: &[LevelOn], customer_id: i64) -> Option<u8> {
    managed.iter().find(|m| m.customer_id == customer_id).map(|m| m.level)
}

/// The editor may set a user's access on this customer to `new_level` (None: remove it) when
/// they manage users there, at or above the user's level there now and the level given.
pub fn may_change_access(managed: &[LevelOn], customer_id: i64, current: Option<u8>, new_level: Option<u8>) -> bool {
    let Some(editor) = editor_level_on(managed, customer_id) else {
        return false;
    };
    current.is_none_or(|level| may_manage(editor, level)) && new_level.is_none_or(|level| may_manage(editor, level))
}

/// The user's identity is the editor's to change only when every customer the user can reach
/// is one the editor manages, at or above the user's level there. A user with no access at all
/// (being created) is the editor's.
pub fn identity_editable(managed: &[LevelOn], target: &[LevelOn]) -> bool {
    target.iter().all(|t| editor_level_on(managed, t.customer_id).is_some_and(|editor| may_manage(editor, t.level)))
}

/// Whether the user reaches any customer the editor does not manage (never which).
pub fn has_other_accounts(managed: &[LevelOn], target: &[LevelOn]) -> bool {
    target.iter().any(|t| editor_level_on(managed, t.customer_id).is_none())
}

/// Why removing a user's access to one customer is refused; None when allowed. `owners` is
/// the number of account owners on that customer, the user included.
pub fn removal_refusal(actor_id: i64, target_id: i64, target_level: u8, owners: u32) -> Option<&'static str> {
    if actor_id == target_id {
        Some(CANNOT_REMOVE_SELF)
    } else if target_level == crate::AuthLevel::ACCOUNT_OWNER && owners <= 1 {
        Some(CANNOT_REMOVE_LAST_OWNER)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: i64 = 1;
    const B: i64 = 2;
    const C: i64 = 3;

    fn on(customer_id: i64, level: u8) -> LevelOn {
        LevelOn { customer_id, level }
    }

    #[test]
    fn an_owner_of_one_customer_cannot_rewrite_the_owner_of_another() {
        let editor = [on(A, 25)];
        let shared_owner = [on(A, 10), on(C, 25)];
        assert!(!identity_editable(&editor, &shared_owner));
        assert!(has_other_accounts(&editor, &shared_owner));
    }

    #[test]
    fn a_user_only_on_the_editors_customers_is_the_editors() {
        let editor = [on(A, 25), on(B, 20)];
        assert!(identity_editable(&editor, &[on(A, 25), on(B, 20)]));
        assert!(!has_other_accounts(&editor, &[on(A, 25), on(B, 20)]));
        assert!(identity_editable(&editor, &[]), "a new user");
    }

    #[test]
    fn a_user_above_the_editor_on_any_customer_keeps_their_identity() {
        let editor = [on(A, 25), on(B, 20)];
        assert!(!identity_editable(&editor, &[on(A, 10), on(B, 25)]));
    }

    #[test]
    fn levels_are_compared_on_each_customer_not_the_current_one() {
        // An owner of A who is an administrator on B cannot make owners on B.
        let editor = [on(A, 25), on(B, 20)];
        assert!(may_change_access(&editor, A, Some(10), Some(25)));
        assert!(!may_change_access(&editor, B, Some(10), Some(25)));
        assert!(!may_change_access(&editor, B, Some(25), Some(10)), "nor demote an owner there");
        assert!(may_change_access(&editor, B, None, Some(20)));
        assert!(may_change_access(&editor, B, Some(20), None));
    }

    #[test]
    fn no_access_changes_on_a_customer_the_editor_does_not_manage() {
        assert!(!may_change_access(&[on(A, 25)], C, None, Some(10)));
        assert!(!may_change_access(&[on(A, 25)], C, Some(10), None));
    }

    #[test]
    fn removal_keeps_the_editor_and_the_last_owner() {
        assert_eq!(removal_refusal(7, 7, 25, 3), Some(CANNOT_REMOVE_SELF));
        assert_eq!(removal_refusal(7, 8, 25, 1), Some(CANNOT_REMOVE_LAST_OWNER));
        assert_eq!(removal_refusal(7, 8, 25, 2), None);
        assert_eq!(removal_refusal(7, 8, 10, 1), None);
    }
}
