use serde::{Deserialize, Serialize};

use super::email::is_valid_email;
use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const USER_FIRST_NAME_MAX: usize = 20;
pub const USER_LAST_NAME_MAX: usize = 20;
pub const USER_EMAIL_MAX: usize = 80;
pub const OUTBOUND_NUMBER_MIN: usize = 11;
pub const OUTBOUND_NUMBER_MAX: usize = 20;
/// How an outbound number (a UK geographic or mobile one) starts.
pub const OUTBOUND_NUMBER_PREFIXES: [&str; 3] = ["01", "02", "07"];

pub const EMAIL_IN_USE: &str = "This email is already in use.";
pub const CALL_RECORDING_NOT_ALLOWED: &str =
    "To enable call recording for a user you must have the feature enabled on your user and account.";
/// users/setOutboundService with a serviceId that is not the outbound service on offer now (the
/// offer changed since the page was opened).
pub const OUTBOUND_SERVICE_CHANGED: &str =
    "The outbound service on offer has changed since this page was opened. Reload the page to see it.";
pub const NO_PERMISSIONS_FOR_OUTBOUND: &str = "The user you selected does not have any permissions set up. Please configure their permissions to be able to enable Outbound.";

/// The user form's fields as posted to users/save (names in the comments).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserForm {
    /// form_first_name
    pub first_name: String,
    /// form_last_name
    pub last_name: String,
    /// form_email
    pub email: String,
    /// form_auth_code: "10", "20" or "25"
    pub auth_code: String,
    /// form_customer
    pub customer: String,
    /// hasAccessToNewOutbound: None until the form has a value for it.
    pub has_access_to_new_outbound: Option<bool>,
    /// form_recordings: "0" or "1"
    pub call_recording: String,
    /// form_user_outbound_number
    pub outbound_number: String,
}

/// What the rules need to know beyond the fields: the account, the editor and the user as
/// loaded.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UserFormContext {
    /// Accounts without auth codes do not ask for one.
    pub account_has_auth_code: bool,
    /// The call-recording value the form was loaded with ("0" for a new user).
    pub loaded_call_recording: String,
    pub account_has_inbound_recording: bool,
    pub editor_can_access_recordings: bool,
    pub existing_user: bool,
    /// Outbound was off when loaded and is being turned on.
    pub enabling_outbound: bool,
    /// Any permission ticked for the user.
    pub has_permissions: bool,
    /// The user reaches accounts beyond the editor's, so who they are (names, email, home
    /// customer, recording and outbound settings) is shown read-only and not checked: only
    /// their access to the editor's accounts can change.
    // The browser may leave it out (TypeScript `?`): serde's default fills it.
    #[cfg_attr(feature = "ts", ts(as = "Option<_>", optional))]
    pub identity_read_only: bool,
}

/// The user form's rules of spec/shell-users-integrations.md section 5, with its messages.
pub fn validate_user_form(form: &UserForm, ctx: &UserFormContext) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    if ctx.identity_read_only {
        auth_code(&mut errors, form, ctx);
        return errors.into_result();
    }
    name(&mut errors, "form_first_name", "First name", &form.first_name, USER_FIRST_NAME_MAX);
    name(&mut errors, "form_last_name", "Last name", &form.last_name, USER_LAST_NAME_MAX);

    let email = form.email.trim();
    if email.is_empty() {
        errors.add("form_email", "Email is required.");
    } else if email.chars().count() > USER_EMAIL_MAX {
        errors.add("form_email", format!("Email cannot exceed {USER_EMAIL_MAX} characters."));
    } else if !is_valid_email(email) {
        errors.add("form_email", "Must be a valid email.");
    }
    auth_code(&mut errors, form, ctx);

    if form.customer.trim().is_empty() {
        errors.add("form_customer", "Customer is required.");
    }
    match form.has_access_to_new_outbound {
        None => errors.add("hasAccessToNewOutbound", "Outbound access is required."),
        Some(true) if ctx.existing_user && ctx.enabling_outbound && !ctx.has_permissions => {
            errors.add("hasAccessToNewOutbound", NO_PERMISSIONS_FOR_OUTBOUND)
        }
        Some(_) => {}
    }

    let recording_changed = form.call_recording != ctx.loaded_call_recording;
    if recording_changed && !(ctx.account_has_inbound_recording && ctx.editor_can_access_recordings) {
        errors.add("form_recordings", CALL_RECORDING_NOT_ALLOWED);
    }

    if let Some(message) = outbound_number_message(form.outbound_number.trim()) {
        errors.add("form_user_outbound_number", message);
    }
    errors.into_result()
}

fn auth_code(errors: &mut FieldErrors, form: &UserForm, ctx: &UserFormContext) {
    if ctx.account_has_auth_code && !matches!(form.auth_code.trim(), "10" | "20" | "25") {
        errors.add("form_auth_code", "Authority code is required.");
    }
}

fn name(errors: &mut FieldErrors, field: &str, label: &str, value: &str, max: usize) {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, format!("{label} is required."));
    } else if value.chars().count() > max {
        errors.add(field, format!("{label} cannot exceed {max} characters."));
    } else if !CharacterRule::NoForeignCharacters.allows(value) {
        errors.add(field, CharacterRule::NoForeignCharacters.message());
    }
}

/// The optional outbound caller number: 11 to 20 digits starting 01, 02 or 07 (also the rule
/// of an outside caller id on Manage CLI, `caller_ids::validate_outside_number`).
pub fn outbound_number_message(number: &str) -> Option<&'static str> {
    // Read as typed: spaces, dashes and +44 are fine.
    let number = &crate::reports::phone::typed_number(number);
    if number.is_empty() {
        None
    } else if !number.chars().all(|c| c.is_ascii_digit()) {
        Some("Phone number can have only numbers.")
    } else if number.len() < OUTBOUND_NUMBER_MIN {
        Some("Phone number must be at least 11 digits in length.")
    } else if number.len() > OUTBOUND_NUMBER_MAX {
        Some("Phone number must not exceed 20 digits in length.")
    } else if !OUTBOUND_NUMBER_PREFIXES.iter().any(|p| number.starts_with(p)) {
        Some("Number must start with 01, 02 or 07.")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> UserForm {
        UserForm {
            first_name: "Nina".into(),
            last_name: "Okafor".into(),
            email: "nina@harbourlane.co.uk".into(),
            auth_code: "10".into(),
            customer: "100".into(),
            has_access_to_new_outbound: Some(false),
            call_recording: "0".into(),
            outbound_number: String::new(),
        }
    }

    fn ctx() -> UserFormContext {
        UserFormContext { account_has_auth_code: true, loaded_call_recording: "0".into(), ..Default::default() }
    }

    fn message(form: &UserForm, ctx: &UserFormContext, field: &str) -> Option<String> {
        validate_user_form(form, ctx).err().and_then(|e| e.get(field).map(str::to_string))
    }

    #[test]
    fn a_complete_form_is_valid() {
        assert!(validate_user_form(&valid(), &ctx()).is_ok());
    }

    #[test]
    fn names_are_required_limited_and_without_foreign_characters() {
        let f = UserForm { first_name: " ".into(), last_name: String::new(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_first_name").as_deref(), Some("First name is required."));
        assert_eq!(message(&f, &ctx(), "form_last_name").as_deref(), Some("Last name is required."));
        let f = UserForm { first_name: "A".repeat(21), last_name: "B".repeat(21), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_first_name").as_deref(), Some("First name cannot exceed 20 characters."));
        assert_eq!(message(&f, &ctx(), "form_last_name").as_deref(), Some("Last name cannot exceed 20 characters."));
        let f = UserForm { first_name: "A".repeat(20), last_name: "Zoë".into(), ..valid() };
        assert!(validate_user_form(&f, &ctx()).is_ok());
        let f = UserForm { first_name: "Иван".into(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_first_name"), Some(CharacterRule::NoForeignCharacters.message()));
    }

    #[test]
    fn email_is_required_limited_and_valid() {
        let f = UserForm { email: String::new(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_email").as_deref(), Some("Email is required."));
        let f = UserForm { email: format!("{}@demo.test", "a".repeat(71)), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_email").as_deref(), Some("Email cannot exceed 80 characters."));
        let f = UserForm { email: "nina@".into(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_email").as_deref(), Some("Must be a valid email."));
    }

    #[test]
    fn authority_code_is_required_unless_the_account_has_none() {
        let f = UserForm { auth_code: String::new(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_auth_code").as_deref(), Some("Authority code is required."));
        let f = UserForm { auth_code: "15".into(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_auth_code").as_deref(), Some("Authority code is required."));
        let no_codes = UserFormContext { account_has_auth_code: false, ..ctx() };
        assert!(validate_user_form(&UserForm { auth_code: String::new(), ..valid() }, &no_codes).is_ok());
    }

    #[test]
    fn customer_and_outbound_access_are_required() {
        let f = UserForm { customer: String::new(), has_access_to_new_outbound: None, ..valid() };
        assert_eq!(message(&f, &ctx(), "form_customer").as_deref(), Some("Customer is required."));
        assert_eq!(message(&f, &ctx(), "hasAccessToNewOutbound").as_deref(), Some("Outbound access is required."));
    }

    #[test]
    fn call_recording_changes_need_the_feature_on_account_and_editor() {
        let f = UserForm { call_recording: "1".into(), ..valid() };
        assert_eq!(message(&f, &ctx(), "form_recordings").as_deref(), Some(CALL_RECORDING_NOT_ALLOWED));
        let account_only = UserFormContext { account_has_inbound_recording: true, ..ctx() };
        assert_eq!(message(&f, &account_only, "form_recordings").as_deref(), Some(CALL_RECORDING_NOT_ALLOWED));
        let both = UserFormContext { editor_can_access_recordings: true, ..account_only };
        assert!(validate_user_form(&f, &both).is_ok());
        let unchanged = UserFormContext { loaded_call_recording: "1".into(), ..ctx() };
        assert!(validate_user_form(&f, &unchanged).is_ok(), "keeping the loaded value is always allowed");
    }

    #[test]
    fn the_outbound_number_is_optional_but_well_formed() {
        let cases = [
            ("", None),
            ("0161496000a", Some("Phone number can have only numbers.")),
            ("0161496000", Some("Phone number must be at least 11 digits in length.")),
            ("016149600001234567890", Some("Phone number must not exceed 20 digits in length.")),
            ("03001234567", Some("Number must start with 01, 02 or 07.")),
            ("01614960000", None),
            ("02079460000", None),
            ("07700900123", None),
        ];
        for (number, expected) in cases {
            let f = UserForm { outbound_number: number.into(), ..valid() };
            assert_eq!(message(&f, &ctx(), "form_user_outbound_number").as_deref(), expected, "{number}");
        }
    }

    #[test]
    fn outbound_cannot_be_enabled_for_an_existing_user_without_permissions() {
        let f = UserForm { has_access_to_new_outbound: Some(true), ..valid() };
        let enabling = UserFormContext { existing_user: true, enabling_outbound: true, ..ctx() };
        assert_eq!(message(&f, &enabling, "hasAccessToNewOutbound").as_deref(), Some(NO_PERMISSIONS_FOR_OUTBOUND));
        let with_permissions = UserFormContext { has_permissions: true, ..enabling.clone() };
        assert!(validate_user_form(&f, &with_permissions).is_ok());
        let new_user = UserFormContext { existing_user: false, ..enabling };
        assert!(validate_user_form(&f, &new_user).is_ok());
    }

    #[test]
    fn a_read_only_identity_is_not_checked_but_the_level_is() {
        let ctx = UserFormContext { account_has_auth_code: true, identity_read_only: true, ..Default::default() };
        let blank = UserForm { auth_code: "20".into(), ..Default::default() };
        assert!(validate_user_form(&blank, &ctx).is_ok());
        let no_level = validate_user_form(&UserForm::default(), &ctx).unwrap_err();
        assert_eq!(no_level.get("form_auth_code"), Some("Authority code is required."));
        assert_eq!(no_level.get("form_first_name"), None);
    }
}
