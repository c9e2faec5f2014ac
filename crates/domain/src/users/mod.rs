//! The users area: the user form, authority levels and the permission grid
//! (spec/shell-users-integrations.md sections 4, 5, 6 and 8).

mod authority;
mod email;
mod new_password;
mod outbound;
mod outbound_campaign;
mod permissions;
mod tenancy;
mod user_form;

pub use authority::{assignable_auth_codes, authority_label, delete_refusal, may_manage, offers_delete, DeleteRequest};
pub use authority::{CANNOT_DELETE_HIGHER, CANNOT_DELETE_LAST_OWNER, CANNOT_DELETE_SELF};
pub use email::{is_valid_email, EMAIL_LOCAL_SPECIALS};
pub use new_password::{validate_new_password, NEW_PASSWORD_MIN};
pub use outbound::{shows_outbound, terms_problem, ACCEPT_TERMS};
pub use outbound_campaign::{validate_campaign_name, CAMPAIGN_NAME_MAX};
pub use permissions::{
    default_permissions, hears_recordings, merge_permissions, partner_permission_columns, permission_grid_columns,
    permissions_to_save, GridColumn, GridRights, PartnerRights, Permission,
};
pub use tenancy::{
    editor_level_on, has_other_accounts, identity_editable, may_change_access, removal_refusal, LevelOn,
    CANNOT_REMOVE_LAST_OWNER, CANNOT_REMOVE_SELF,
};
pub use user_form::{outbound_number_message, validate_user_form, UserForm, UserFormContext};
pub use user_form::{
    CALL_RECORDING_NOT_ALLOWED, EMAIL_IN_USE, NO_PERMISSIONS_FOR_OUTBOUND, OUTBOUND_SERVICE_CHANGED, USER_EMAIL_MAX,
    USER_FIRST_NAME_MAX, USER_LAST_NAME_MAX,
};
pub use user_form::{OUTBOUND_NUMBER_MAX, OUTBOUND_NUMBER_MIN, OUTBOUND_NUMBER_PREFIXES};
