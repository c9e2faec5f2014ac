use crate::account::AuthLevel;

pub const CANNOT_DELETE_SELF: &str = "You cannot delete your current user";
pub const CANNOT_DELETE_LAST_OWNER: &str = "You cannot delete the last account owner on a customer";
pub const CANNOT_DELETE_HIGHER: &str = "You cannot delete a user with higher authorisation than yourself";

/// The name of an authorisation level.
pub fn authority_label(code: u8) -> &'static str {
    match code {
        AuthLevel::ACCOUNT_OWNER => "Account Owner",
        AuthLevel::ADMINISTRATOR => "Administrator",
        AuthLevel::USER => "User",
        _ => "Unknown",
    }
}

/// A user edits, resets or deletes only users at or below their own level.
pub fn may_manage(actor_level: u8, target_level: u8) -> bool {
    target_level <= actor_level
}

/// The levels a user may give: their own and those below.
pub fn assignable_auth_codes(actor_level: u8) -> Vec<u8> {
    [AuthLevel::USER, AuthLevel::ADMINISTRATOR, AuthLevel::ACCOUNT_OWNER]
        .into_iter()
        .filter(|c| *c <= actor_level)
        .collect()
}

#[derive(Debug, Clone, Copy)]
pub struct DeleteRequest {
    pub actor_id: i64,
    pub actor_level: u8,
    pub target_id: i64,
    pub target_level: u8,
    /// The fewest account owners on any customer the target owns (the target included); None
    /// when the target owns no account.
    pub fewest_owners_where_target_owns: Option<u32>,
}

/// Why a delete is refused, in the order the spec lists the refusals; None when allowed.
pub fn delete_refusal(req: &DeleteRequest) -> Option<&'static str> {
    if req.actor_id == req.target_id {
        Some(CANNOT_DELETE_SELF)
    } else if req.fewest_owners_where_target_owns.is_some_and(|owners| owners <= 1) {
        Some(CANNOT_DELETE_LAST_OWNER)
    } else if !may_manage(req.actor_level, req.target_level) {
        Some(CANNOT_DELETE_HIGHER)
    } else {
        None
    }
}

/// Whether the users list offers Delete on a row: not when the delete would be refused for what
/// the list already knows (the row is the editor's own user, or one above the editor's level),
/// by the same rule as the refusal. The last-owner refusal needs every customer the target
/// owns, so only the delete itself checks it.
pub fn offers_delete(actor_id: i64, actor_level: u8, target_id: i64, target_level: u8) -> bool {
    delete_refusal(&DeleteRequest {
        actor_id,
        actor_level,
        target_id,
        target_level,
        fewest_owners_where_target_owns: None,
    })
    .is_none()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(actor_level: u8, target_level: u8, owners: u32) -> DeleteRequest {
        let owned = (target_level == AuthLevel::ACCOUNT_OWNER).then_some(owners);
        DeleteRequest { actor_id: 1, actor_level, target_id: 2, target_level, fewest_owners_where_target_owns: owned }
    }

    #[test]
    fn levels_have_names() {
        assert_eq!(authority_label(10), "User");
        assert_eq!(authority_label(20), "Administrator");
        assert_eq!(authority_label(25), "Account Owner");
    }

    #[test]
    fn users_manage_their_level_and_below() {
        assert!(may_manage(20, 20) && may_manage(20, 10) && !may_manage(20, 25));
        assert_eq!(assignable_auth_codes(20), vec![10, 20]);
        assert_eq!(assignable_auth_codes(25), vec![10, 20, 25]);
        assert_eq!(assignable_auth_codes(10), vec![10]);
    }

    #[test]
    fn nobody_deletes_themselves() {
        let own = DeleteRequest { target_id: 1, ..req(25, 25, 3) };
        assert_eq!(delete_refusal(&own), Some(CANNOT_DELETE_SELF));
    }

    #[test]
    fn the_last_account_owner_stays() {
        assert_eq!(delete_refusal(&req(25, 25, 1)), Some(CANNOT_DELETE_LAST_OWNER));
        assert_eq!(delete_refusal(&req(25, 25, 2)), None);
    }

    #[test]
    fn the_sole_owner_of_another_account_stays_whatever_their_level_here() {
        let admin_here_owner_elsewhere = DeleteRequest { fewest_owners_where_target_owns: Some(1), ..req(25, 20, 0) };
        assert_eq!(delete_refusal(&admin_here_owner_elsewhere), Some(CANNOT_DELETE_LAST_OWNER));
    }

    #[test]
    fn the_list_offers_delete_only_where_the_delete_is_not_refused_for_what_it_knows() {
        assert!(!offers_delete(7, 25, 7, 25), "not on your own row");
        assert!(!offers_delete(7, 20, 7, 20));
        assert_eq!(delete_refusal(&req(25, 25, 2)), None);
        assert!(offers_delete(1, 25, 2, 25));
        assert!(offers_delete(1, 20, 2, 10));
        assert!(!offers_delete(1, 20, 2, 25), "not above your level");
    }

    #[test]
    fn nobody_deletes_a_higher_level() {
        assert_eq!(delete_refusal(&req(20, 25, 2)), Some(CANNOT_DELETE_HIGHER));
        assert_eq!(delete_refusal(&req(10, 20, 2)), Some(CANNOT_DELETE_HIGHER));
        assert_eq!(delete_refusal(&req(20, 20, 2)), None);
        assert_eq!(delete_refusal(&req(20, 10, 1)), None);
    }
}
