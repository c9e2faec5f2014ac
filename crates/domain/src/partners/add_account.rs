//! The Add partner account dialog: the account name of spec section 5 and, optionally, the
//! client's account owner, invited by email (the user form's own rules and field names).

use serde::{Deserialize, Serialize};

use crate::users::{validate_user_form, UserForm, UserFormContext};
use crate::validation::FieldErrors;
use crate::{in_class, CharacterClass};

pub const ACCOUNT_NAME_MAX: usize = 80;
pub const ACCOUNT_REQUIRED: &str = "Account is required.";
pub const ACCOUNT_CHARACTERS: &str =
    "Invalid characters found. Allowed Characters are numbers, letters, hyphens, underscores and spaces";
pub const ACCOUNT_TOO_LONG: &str = "Account must not exceed 80 characters.";
pub const CUSTOMER_CREATED: &str = "Customer was created.";

/// What partnerportal/addAccount receives: accountName, and form_first_name, form_last_name and
/// form_email for the owner to invite (all three empty: nobody is invited).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AddAccountForm {
    pub account_name: String,
    pub owner_first_name: String,
    pub owner_last_name: String,
    pub owner_email: String,
}

impl AddAccountForm {
    /// True when any owner field is filled in: then all three are needed.
    pub fn invites_owner(&self) -> bool {
        [&self.owner_first_name, &self.owner_last_name, &self.owner_email].iter().any(|v| !v.trim().is_empty())
    }
}

/// An account name's characters: letters, digits, hyphens, underscores and spaces.
pub const ACCOUNT_NAME_CHARACTERS: CharacterClass =
    &[(' ', ' '), ('-', '-'), ('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];

fn allowed(c: char) -> bool {
    in_class(ACCOUNT_NAME_CHARACTERS, c)
}

/// The account name's rules, in the spec's order: required, characters, length.
pub fn account_name_problem(name: &str) -> Option<&'static str> {
    let name = name.trim();
    if name.is_empty() {
        Some(ACCOUNT_REQUIRED)
    } else if !name.chars().all(allowed) {
        Some(ACCOUNT_CHARACTERS)
    } else if name.chars().count() > ACCOUNT_NAME_MAX {
        Some(ACCOUNT_TOO_LONG)
    } else {
        None
    }
}

/// The account code a new client is known by: the initials of its first three words and its
/// id ("Greenway Garden Centre", 601: "GGC-601"); "AC" when the name has no letters.
pub fn account_code(name: &str, id: i64) -> String {
    let initials: String = name
        .split([' ', '-', '_'])
        .filter_map(|word| word.chars().find(char::is_ascii_alphanumeric))
        .take(3)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    format!("{}-{id}", if initials.is_empty() { "AC".to_string() } else { initials })
}

/// Field errors keyed by the post's names (accountName, form_first_name, form_last_name,
/// form_email); empty when the form may be saved.
pub fn validate_add_account(form: &AddAccountForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if let Some(message) = account_name_problem(&form.account_name) {
        errors.add("accountName", message);
    }
    if form.invites_owner() {
        let owner = UserForm {
            first_name: form.owner_first_name.clone(),
            last_name: form.owner_last_name.clone(),
            email: form.owner_email.clone(),
            auth_code: "25".into(),
            customer: "new".into(),
            has_access_to_new_outbound: Some(false),
            call_recording: "0".into(),
            outbound_number: String::new(),
        };
        let ctx = UserFormContext { loaded_call_recording: "0".into(), ..UserFormContext::default() };
        if let Err(owner_errors) = validate_user_form(&owner, &ctx) {
            for (field, message) in owner_errors.iter() {
                errors.add(field, message);
            }
        }
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> AddAccountForm {
        AddAccountForm { account_name: name.into(), ..AddAccountForm::default() }
    }

    #[test]
    fn the_account_name_is_required_and_blank_is_empty() {
        assert_eq!(validate_add_account(&named("")).get("accountName"), Some(ACCOUNT_REQUIRED));
        assert_eq!(validate_add_account(&named("   ")).get("accountName"), Some(ACCOUNT_REQUIRED));
    }

    #[test]
    fn letters_digits_hyphens_underscores_and_spaces_only() {
        assert!(validate_add_account(&named("Greenway Garden-Centre_2")).is_empty());
        for bad in ["Smith & Sons", "O'Brien", "Café Rouge", "a.b", "tab\there", "€"] {
            assert_eq!(validate_add_account(&named(bad)).get("accountName"), Some(ACCOUNT_CHARACTERS), "{bad}");
        }
    }

    #[test]
    fn eighty_characters_are_allowed_and_eighty_one_are_not() {
        assert!(validate_add_account(&named(&"a".repeat(80))).is_empty());
        assert_eq!(validate_add_account(&named(&"a".repeat(81))).get("accountName"), Some(ACCOUNT_TOO_LONG));
        // Surrounding spaces are not counted: the name is stored trimmed.
        assert!(validate_add_account(&named(&format!("  {}  ", "a".repeat(80)))).is_empty());
    }

    #[test]
    fn the_character_rule_is_reported_before_the_length() {
        let name = format!("{}!", "a".repeat(90));
        assert_eq!(validate_add_account(&named(&name)).get("accountName"), Some(ACCOUNT_CHARACTERS));
    }

    #[test]
    fn account_codes_are_initials_and_the_id() {
        assert_eq!(account_code("Greenway Garden Centre", 601), "GGC-601");
        assert_eq!(account_code("riverside veterinary practice ltd", 602), "RVP-602");
        assert_eq!(account_code("Acme", 7), "A-7");
        assert_eq!(account_code("north-east_2 Plumbing", 8), "NE2-8");
        assert_eq!(account_code("  ", 9), "AC-9");
    }

    #[test]
    fn no_owner_fields_means_nobody_is_invited_and_nothing_else_is_checked() {
        assert!(!named("Acme").invites_owner());
        assert!(validate_add_account(&named("Acme")).is_empty());
    }

    #[test]
    fn any_owner_field_asks_for_all_three_with_the_user_forms_messages() {
        let form = AddAccountForm { owner_email: "owner@example.com".into(), ..named("Acme") };
        let errors = validate_add_account(&form);
        assert_eq!(errors.get("form_first_name"), Some("First name is required."));
        assert_eq!(errors.get("form_last_name"), Some("Last name is required."));
        assert_eq!(errors.get("form_email"), None);
        let form = AddAccountForm {
            owner_first_name: "Gwen".into(),
            owner_last_name: "Green".into(),
            owner_email: "not an email".into(),
            ..named("Acme")
        };
        assert_eq!(validate_add_account(&form).get("form_email"), Some("Must be a valid email."));
        let form = AddAccountForm { owner_email: "gwen@greenway.example".into(), ..form };
        assert!(validate_add_account(&form).is_empty());
    }
}
