//! Destination numbers (spec/call-routing.md section 5): the numbers calls are put through to.

use serde::{Deserialize, Serialize};

use super::constants::DESTINATION_NUMBER_DESCRIPTION_MAX;
use super::phone::destination_problem;
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const INTERNATIONAL_CODE_REQUIRED: &str = "International code is required.";
pub const MAILBOX_INVALID: &str = "Mailbox must be 0 or 1.";
pub const DESTINATION_NUMBER_NOT_UNIQUE: &str = "This destination number already exists on this account.";
const DESCRIPTION: TextRule =
    TextRule::description(DESTINATION_NUMBER_DESCRIPTION_MAX, "Description must not exceed 40 characters.");

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DestinationNumberForm {
    pub description: String,
    pub destination: String,
    /// The international code's id, 0 for none.
    pub international_code: i64,
    pub mailbox: i64,
    /// Adding a number; an update changes only the description and mailbox.
    pub insert: bool,
}

/// Keys: form_number_description, form_destination_number, form_international_code, form_mailbox.
pub fn validate_destination_number(form: &DestinationNumberForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_number_description", &form.description, taken);
    if form.insert {
        if let Some(message) = destination_problem(&form.destination) {
            errors.add("form_destination_number", message);
        }
        if form.international_code <= 0 {
            errors.add("form_international_code", INTERNATIONAL_CODE_REQUIRED);
        }
    }
    if !matches!(form.mailbox, 0 | 1) {
        errors.add("form_mailbox", MAILBOX_INVALID);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> DestinationNumberForm {
        DestinationNumberForm {
            description: "Reception".into(),
            destination: "01614960000".into(),
            international_code: 1,
            mailbox: 0,
            insert: true,
        }
    }

    #[test]
    fn a_complete_new_number_is_valid() {
        assert!(validate_destination_number(&form(), &[]).is_ok());
    }

    #[test]
    fn the_description_is_required_at_most_40_and_unique() {
        let errors = validate_destination_number(&DestinationNumberForm { description: "x".repeat(41), ..form() }, &[]);
        assert_eq!(
            errors.unwrap_err().get("form_number_description"),
            Some("Description must not exceed 40 characters.")
        );
        let errors = validate_destination_number(&DestinationNumberForm { description: "".into(), ..form() }, &[]);
        assert_eq!(errors.unwrap_err().get("form_number_description"), Some("Description is required."));
        let errors = validate_destination_number(&form(), &["RECEPTION".into()]).unwrap_err();
        assert_eq!(errors.get("form_number_description"), Some("Description must be unique."));
    }

    #[test]
    fn a_new_number_needs_digits_and_an_international_code() {
        let bad = DestinationNumberForm { destination: "0161-496-x".into(), international_code: 0, ..form() };
        let errors = validate_destination_number(&bad, &[]).unwrap_err();
        assert_eq!(errors.get("form_destination_number"), Some("Destination can have only numbers."));
        assert_eq!(errors.get("form_international_code"), Some("International code is required."));
    }

    #[test]
    fn an_update_does_not_recheck_the_number() {
        let update = DestinationNumberForm { destination: "".into(), international_code: 0, insert: false, ..form() };
        assert!(validate_destination_number(&update, &[]).is_ok());
    }

    #[test]
    fn the_mailbox_is_0_or_1() {
        let errors = validate_destination_number(&DestinationNumberForm { mailbox: 2, ..form() }, &[]).unwrap_err();
        assert_eq!(errors.get("form_mailbox"), Some(MAILBOX_INVALID));
    }
}
