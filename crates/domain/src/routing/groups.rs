//! Call categories, report groups and secondary report groups (spec/call-routing.md section 5):
//! a description, required and unique among the customer's others; report groups also keep to
//! a small character set.

use serde::{Deserialize, Serialize};

use crate::names::{Characters, TextRule};
use crate::validation::FieldErrors;
use crate::{in_class, CharacterClass};

/// The spec gives no length for these; 60 like the other routing descriptions.
pub const GROUP_DESCRIPTION_MAX: usize = 60;
pub const GROUP_DESCRIPTION_TOO_LONG: &str = "Description must not exceed 60 characters.";
pub const REPORT_GROUP_CHARACTERS: &str =
    "Description can only contain: numbers, letters, underscores, hyphens, spaces, \
backslashes, parenthesis, periods, commas, single quotes, ampersands (&) and forward slashes.";

const CATEGORY_DESCRIPTION: TextRule = TextRule::description(GROUP_DESCRIPTION_MAX, GROUP_DESCRIPTION_TOO_LONG);
const REPORT_GROUP_DESCRIPTION: TextRule =
    CATEGORY_DESCRIPTION.characters(Characters::Class(REPORT_GROUP_CLASS, REPORT_GROUP_CHARACTERS));

/// A call category, a report group or a secondary report group: only a description.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GroupForm {
    pub description: String,
}

/// Key: form_description. Required, at most 60, the keyboard character rule, unique.
pub fn validate_category(form: &GroupForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    CATEGORY_DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    errors.into_result()
}

/// Letters (A-Z and accented Latin ones), digits and _ - space \ ( ) . , ' & /.
pub const REPORT_GROUP_CLASS: CharacterClass = &[
    ('0', '9'),
    ('A', 'Z'),
    ('a', 'z'),
    ('\u{c0}', '\u{d6}'),
    ('\u{d8}', '\u{f6}'),
    ('\u{f8}', '\u{ff}'),
    ('_', '_'),
    ('-', '-'),
    (' ', ' '),
    ('\\', '\\'),
    ('(', ')'),
    ('.', '.'),
    (',', ','),
    ('\'', '\''),
    ('&', '&'),
    ('/', '/'),
];

/// A character of `REPORT_GROUP_CLASS`.
pub fn is_report_group_character(c: char) -> bool {
    in_class(REPORT_GROUP_CLASS, c)
}

/// Key: form_description. Required, at most 60, the report group character set, unique. The
/// same rules serve report groups and secondary report groups.
pub fn validate_report_group(form: &GroupForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    REPORT_GROUP_DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form(description: &str) -> GroupForm {
        GroupForm { description: description.into() }
    }

    fn taken(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn category(description: &str, others: &[&str]) -> Option<String> {
        validate_category(&form(description), &taken(others)).err().map(|e| e.get("form_description").unwrap().into())
    }

    fn report_group(description: &str, others: &[&str]) -> Option<String> {
        validate_report_group(&form(description), &taken(others))
            .err()
            .map(|e| e.get("form_description").unwrap().into())
    }

    #[test]
    fn report_group_characters_are_latin_letters_digits_and_a_little_punctuation() {
        assert!("Zoë's (North) & co. _-\\/,".chars().all(is_report_group_character));
        assert!(!"×÷!?@#\t".chars().any(is_report_group_character));
    }

    #[test]
    fn a_category_needs_a_description() {
        assert_eq!(category("  ", &[]).as_deref(), Some("Description is required."));
    }

    #[test]
    fn a_category_description_is_unique_ignoring_case_and_spaces() {
        assert_eq!(category("New patient", &["new patient "]).as_deref(), Some("Description must be unique."));
        assert_eq!(category("New patient", &["New patients"]), None);
    }

    #[test]
    fn a_category_description_is_at_most_60_plain_characters() {
        assert_eq!(category(&"a".repeat(60), &[]), None);
        assert_eq!(category(&"a".repeat(61), &[]).as_deref(), Some("Description must not exceed 60 characters."));
        assert!(category("Запись", &[]).unwrap().starts_with("Invalid characters found."));
    }

    #[test]
    fn a_report_group_needs_a_unique_description() {
        assert_eq!(report_group("", &[]).as_deref(), Some("Description is required."));
        assert_eq!(report_group("Branches", &["BRANCHES"]).as_deref(), Some("Description must be unique."));
        assert_eq!(report_group(&"b".repeat(61), &[]).as_deref(), Some("Description must not exceed 60 characters."));
    }

    #[test]
    fn a_report_group_keeps_to_its_character_set() {
        assert_eq!(report_group(r"Leeds & Sheffield (north) - A/B\C, Dr. O'Neil_1", &[]), None);
        assert_eq!(report_group("José", &[]), None);
        for bad in ["Leeds!", "50%", "a@b", "Leeds: north", "\"quoted\"", "Иван", "tab\there"] {
            assert_eq!(report_group(bad, &[]).as_deref(), Some(REPORT_GROUP_CHARACTERS), "{bad}");
        }
    }
}
