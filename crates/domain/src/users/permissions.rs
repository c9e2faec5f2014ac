use serde::{Deserialize, Serialize};

/// A permission a user holds on a customer account, by the spec's key.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Permission {
    #[serde(rename = "PERM_REPORTS")]
    Reports,
    #[serde(rename = "PERM_BILLING")]
    Billing,
    #[serde(rename = "PERM_SERVICES_ADMIN")]
    ServicesAdmin,
    #[serde(rename = "PERM_USER_ADMIN")]
    UserAdmin,
    #[serde(rename = "PERM_PURCHASE")]
    Purchase,
    #[serde(rename = "PERM_VOICEMAIL")]
    Voicemail,
    #[serde(rename = "PERM_VIEW_EDIT_USERS")]
    ViewEditUsers,
    #[serde(rename = "PERM_EDIT_API")]
    EditApi,
    #[serde(rename = "PERM_CALL_RECORDING")]
    CallRecording,
    #[serde(rename = "PERM_ACCOUNTS")]
    Accounts,
    #[serde(rename = "PERM_ADD_ACCOUNTS")]
    AddAccounts,
    #[serde(rename = "PERM_REWARDS")]
    Rewards,
    #[serde(rename = "PERM_OUTBOUND")]
    Outbound,
}

impl Permission {
    pub const ALL: [Permission; 13] = [
        Permission::Reports,
        Permission::Billing,
        Permission::ServicesAdmin,
        Permission::UserAdmin,
        Permission::Purchase,
        Permission::Voicemail,
        Permission::ViewEditUsers,
        Permission::EditApi,
        Permission::CallRecording,
        Permission::Accounts,
        Permission::AddAccounts,
        Permission::Rewards,
        Permission::Outbound,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Permission::Reports => "PERM_REPORTS",
            Permission::Billing => "PERM_BILLING",
            Permission::ServicesAdmin => "PERM_SERVICES_ADMIN",
            Permission::UserAdmin => "PERM_USER_ADMIN",
            Permission::Purchase => "PERM_PURCHASE",
            Permission::Voicemail => "PERM_VOICEMAIL",
            Permission::ViewEditUsers => "PERM_VIEW_EDIT_USERS",
            Permission::EditApi => "PERM_EDIT_API",
            Permission::CallRecording => "PERM_CALL_RECORDING",
            Permission::Accounts => "PERM_ACCOUNTS",
            Permission::AddAccounts => "PERM_ADD_ACCOUNTS",
            Permission::Rewards => "PERM_REWARDS",
            Permission::Outbound => "PERM_OUTBOUND",
        }
    }

    pub fn from_key(key: &str) -> Option<Permission> {
        Permission::ALL.into_iter().find(|p| p.key() == key)
    }

    pub fn label(self) -> &'static str {
        match self {
            Permission::Reports => "Reports",
            Permission::Billing => "Billing",
            Permission::ServicesAdmin => "Number/campaign admin",
            Permission::UserAdmin => "User admin",
            Permission::Purchase => "Can purchase",
            Permission::Voicemail => "Voicemail",
            Permission::ViewEditUsers => "View & edit users",
            Permission::EditApi => "Edit API",
            Permission::CallRecording => "Call recording access",
            Permission::Accounts => "Accounts",
            Permission::AddAccounts => "Add accounts",
            Permission::Rewards => "Rewards",
            Permission::Outbound => "Outbound",
        }
    }
}

/// The editing user's rights on the account, which decide the grid's editable columns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct GridRights {
    pub can_access_reports: bool,
    pub can_access_billing: bool,
    pub can_edit_numbers_campaigns: bool,
    pub is_user_admin: bool,
    pub can_purchase: bool,
    pub is_partner: bool,
    /// Advanced call features on the account: the Voicemail column exists only then.
    pub has_call_advance_features: bool,
    pub can_edit_users: bool,
    pub can_edit_api: bool,
    /// A user's own permissions are read-only to them.
    pub editing_self: bool,
}

/// A column of the permission grid: a permission, its heading and whether the editor may change it.
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GridColumn {
    pub permission: Permission,
    pub label: String,
    pub editable: bool,
}

fn column(permission: Permission, editable: bool, editing_self: bool) -> GridColumn {
    GridColumn { permission, label: permission.label().to_string(), editable: editable && !editing_self }
}

/// The permission grid's columns in order, each editable or not (spec section 6).
pub fn permission_grid_columns(r: &GridRights) -> Vec<GridColumn> {
    let mut columns = vec![
        column(Permission::Reports, r.can_access_reports, r.editing_self),
        column(Permission::Billing, r.can_access_billing, r.editing_self),
        column(Permission::ServicesAdmin, r.can_edit_numbers_campaigns, r.editing_self),
        column(Permission::UserAdmin, r.is_user_admin, r.editing_self),
        column(Permission::Purchase, r.can_purchase || r.is_partner, r.editing_self),
    ];
    if r.has_call_advance_features {
        columns.push(column(Permission::Voicemail, true, r.editing_self));
    }
    columns.push(column(Permission::ViewEditUsers, r.can_edit_users, r.editing_self));
    columns.push(column(Permission::EditApi, r.can_edit_api || r.is_partner, r.editing_self));
    if r.is_partner {
        columns.push(column(Permission::CallRecording, true, r.editing_self));
    }
    columns
}

/// The editing partner user's own portal rights, which gate the partner permission columns.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PartnerRights {
    pub can_access_partner_billing: bool,
    pub is_user_admin: bool,
    pub can_access_partner_accounts: bool,
    pub can_add_partner_accounts: bool,
    pub can_access_partner_rewards: bool,
    pub editing_self: bool,
}

/// The partner permission columns: Billing, User admin, Accounts, Add accounts, Rewards.
pub fn partner_permission_columns(r: &PartnerRights) -> Vec<GridColumn> {
    vec![
        column(Permission::Billing, r.can_access_partner_billing, r.editing_self),
        column(Permission::UserAdmin, r.is_user_admin, r.editing_self),
        column(Permission::Accounts, r.can_access_partner_accounts, r.editing_self),
        column(Permission::AddAccounts, r.can_add_partner_accounts, r.editing_self),
        column(Permission::Rewards, r.can_access_partner_rewards, r.editing_self),
    ]
}

/// The permissions saved for the partner's own account: the grid's, with the partner
/// permissions appended (once each) when the account is a partner's.
pub fn permissions_to_save(grid: &[Permission], partner: &[Permission], is_partner: bool) -> Vec<Permission> {
    let mut saved: Vec<Permission> = vec![];
    let extra: &[Permission] = if is_partner { partner } else { &[] };
    for p in grid.iter().chain(extra) {
        if !saved.contains(p) {
            saved.push(*p);
        }
    }
    saved
}

/// What a new user at a level starts with, before the editor changes anything.
pub fn default_permissions(auth_code: u8) -> Vec<Permission> {
    use Permission::*;
    match auth_code {
        25 => vec![Reports, Billing, ServicesAdmin, UserAdmin, Purchase, Voicemail, ViewEditUsers, EditApi],
        20 => vec![Reports, Billing, ServicesAdmin, Purchase, Voicemail, EditApi],
        _ => vec![Reports],
    }
}

/// The permissions stored after a save: an editable one as submitted, any other as it was
/// (a browser cannot change what its columns do not let it edit).
pub fn merge_permissions(stored: &[Permission], submitted: &[Permission], editable: &[Permission]) -> Vec<Permission> {
    Permission::ALL
        .into_iter()
        .filter(|p| if editable.contains(p) { submitted.contains(p) } else { stored.contains(p) })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(columns: &[GridColumn]) -> Vec<(&'static str, bool)> {
        columns.iter().map(|c| (c.permission.key(), c.editable)).collect()
    }

    #[test]
    fn each_column_is_editable_from_its_account_right() {
        let rights = GridRights { can_access_reports: true, is_user_admin: true, ..Default::default() };
        assert_eq!(
            keys(&permission_grid_columns(&rights)),
            vec![
                ("PERM_REPORTS", true),
                ("PERM_BILLING", false),
                ("PERM_SERVICES_ADMIN", false),
                ("PERM_USER_ADMIN", true),
                ("PERM_PURCHASE", false),
                ("PERM_VIEW_EDIT_USERS", false),
                ("PERM_EDIT_API", false),
            ]
        );
    }

    #[test]
    fn voicemail_exists_only_with_advanced_call_features() {
        let rights = GridRights { has_call_advance_features: true, ..Default::default() };
        let columns = permission_grid_columns(&rights);
        assert!(columns.iter().any(|c| c.permission == Permission::Voicemail && c.editable));
        let columns = permission_grid_columns(&GridRights::default());
        assert!(!columns.iter().any(|c| c.permission == Permission::Voicemail));
    }

    #[test]
    fn partners_may_set_purchase_api_and_call_recording() {
        let columns = permission_grid_columns(&GridRights { is_partner: true, ..Default::default() });
        let editable: Vec<_> = columns.iter().filter(|c| c.editable).map(|c| c.permission.key()).collect();
        assert_eq!(editable, vec!["PERM_PURCHASE", "PERM_EDIT_API", "PERM_CALL_RECORDING"]);
    }

    #[test]
    fn own_permissions_are_read_only() {
        let rights = GridRights {
            can_access_reports: true,
            can_access_billing: true,
            can_edit_numbers_campaigns: true,
            is_user_admin: true,
            can_purchase: true,
            can_edit_users: true,
            can_edit_api: true,
            editing_self: true,
            ..Default::default()
        };
        assert!(permission_grid_columns(&rights).iter().all(|c| !c.editable));
        let partner = PartnerRights { is_user_admin: true, editing_self: true, ..Default::default() };
        assert!(partner_permission_columns(&partner).iter().all(|c| !c.editable));
    }

    #[test]
    fn partner_columns_follow_the_portal_rights() {
        let rights =
            PartnerRights { can_access_partner_accounts: true, can_access_partner_rewards: true, ..Default::default() };
        assert_eq!(
            keys(&partner_permission_columns(&rights)),
            vec![
                ("PERM_BILLING", false),
                ("PERM_USER_ADMIN", false),
                ("PERM_ACCOUNTS", true),
                ("PERM_ADD_ACCOUNTS", false),
                ("PERM_REWARDS", true),
            ]
        );
    }

    #[test]
    fn partner_permissions_are_appended_once_for_partners_only() {
        use Permission::*;
        assert_eq!(
            permissions_to_save(&[Reports, Billing], &[Billing, Accounts], true),
            vec![Reports, Billing, Accounts]
        );
        assert_eq!(permissions_to_save(&[Reports], &[Accounts], false), vec![Reports]);
    }

    #[test]
    fn only_editable_permissions_come_from_the_form() {
        use Permission::*;
        assert_eq!(
            merge_permissions(&[Reports, Billing], &[UserAdmin, EditApi], &[Billing, UserAdmin]),
            vec![Reports, UserAdmin]
        );
        assert_eq!(merge_permissions(&[Reports], &[], &[]), vec![Reports]);
    }

    #[test]
    fn new_users_start_with_more_rights_the_higher_their_level() {
        assert_eq!(default_permissions(10), vec![Permission::Reports]);
        assert!(default_permissions(20).contains(&Permission::Purchase));
        assert!(!default_permissions(20).contains(&Permission::UserAdmin));
        assert!(default_permissions(25).contains(&Permission::UserAdmin));
    }

    #[test]
    fn keys_round_trip() {
        for p in Permission::ALL {
            assert_eq!(Permission::from_key(p.key()), Some(p));
            assert_eq!(serde_json::to_value(p).unwrap(), p.key());
        }
        assert_eq!(Permission::from_key("PERM_NOPE"), None);
    }
}

/// Who may hear an account's recordings, and read the transcripts and speech insights that
/// quote them: a user with the recordings right, on an account with inbound recording, and, for
/// a partner's user on a client's account, with that client's "Call recording access"
/// permission (`client_permission`: None for a user on their own account).
pub fn hears_recordings(
    user_right: bool,
    account_has_inbound_recording: bool,
    client_permission: Option<bool>,
) -> bool {
    user_right && account_has_inbound_recording && client_permission.unwrap_or(true)
}

#[cfg(test)]
mod recording_tests {
    use super::hears_recordings;

    #[test]
    fn recordings_need_the_users_right_the_accounts_recording_and_a_clients_permission() {
        assert!(hears_recordings(true, true, None));
        assert!(hears_recordings(true, true, Some(true)));
        assert!(!hears_recordings(false, true, None), "no right of the user's own");
        assert!(!hears_recordings(true, false, None), "the account records no inbound calls");
        assert!(!hears_recordings(true, true, Some(false)), "the client did not give the partner's user access");
        assert!(!hears_recordings(false, true, Some(true)));
    }
}
