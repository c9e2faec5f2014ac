//! A tag's form: its name (the description rule of the routing editors: required, at most 40
//! characters, keyboard characters, unique in the account) and its colour, a hex code on which
//! the tag's white text stays readable (the WCAG contrast rule of partner branding).

use serde::{Deserialize, Serialize};

use crate::names::TextRule;
use crate::partners::branding::{contrast_ratio, parse_hex_colour, COLOUR_FORMAT, MIN_CONTRAST};
use crate::validation::FieldErrors;

pub const TAG_NAME_MAX: usize = 40;
pub const TAG_NAME_TOO_LONG: &str = "Description must not exceed 40 characters.";
pub const COLOUR_TOO_LIGHT: &str =
    "Choose a darker colour: the tag's white text needs a contrast of at least 4.5 to 1.";
const NAME: TextRule = TextRule::description(TAG_NAME_MAX, TAG_NAME_TOO_LONG);
const WHITE: [u8; 3] = [255, 255, 255];

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TagForm {
    /// form_description
    pub description: String,
    /// form_colour, "#1a2b3c"
    pub colour: String,
}

/// Field errors of the tag form (form_description, form_colour); `taken` holds the account's
/// other tags' names.
pub fn validate_tag<S: AsRef<str>>(form: &TagForm, taken: &[S]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    NAME.check(&mut errors, "form_description", &form.description, taken);
    match parse_hex_colour(&form.colour) {
        None => errors.add("form_colour", COLOUR_FORMAT),
        Some(colour) if contrast_ratio(colour, WHITE) < MIN_CONTRAST => errors.add("form_colour", COLOUR_TOO_LIGHT),
        Some(_) => {}
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(description: &str, colour: &str, taken: &[&str]) -> FieldErrors {
        validate_tag(&TagForm { description: description.into(), colour: colour.into() }, taken)
    }

    #[test]
    fn a_tag_needs_a_short_plain_unique_name() {
        assert!(errors("Qualified lead", "#2e7d32", &[]).is_empty());
        assert_eq!(errors(" ", "#2e7d32", &[]).get("form_description"), Some("Description is required."));
        assert_eq!(errors(&"x".repeat(41), "#2e7d32", &[]).get("form_description"), Some(TAG_NAME_TOO_LONG));
        assert!(errors(&"x".repeat(40), "#2e7d32", &[]).is_empty());
        assert!(errors("Лид", "#2e7d32", &[]).get("form_description").unwrap().starts_with("Invalid characters"));
        assert_eq!(
            errors("qualified LEAD ", "#2e7d32", &["Qualified lead"]).get("form_description"),
            Some("Description must be unique.")
        );
    }

    #[test]
    fn a_colour_is_a_hex_code_dark_enough_for_white_text() {
        assert_eq!(errors("Lead", "green", &[]).get("form_colour"), Some(COLOUR_FORMAT));
        assert_eq!(errors("Lead", "#fff", &[]).get("form_colour"), Some(COLOUR_FORMAT));
        assert_eq!(errors("Lead", "#ffeb3b", &[]).get("form_colour"), Some(COLOUR_TOO_LIGHT));
        assert!(errors("Lead", "#767676", &[]).is_empty());
        assert_eq!(errors("Lead", "#777777", &[]).get("form_colour"), Some(COLOUR_TOO_LIGHT));
    }
}
