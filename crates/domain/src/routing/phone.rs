//! The destination phone number rule shared by basic connect and destination numbers.

use super::constants::{DESTINATION_DIGITS_MAX, DESTINATION_DIGITS_MIN};
use crate::reports::phone::typed_number;

pub const DESTINATION_REQUIRED: &str = "Destination is required.";
pub const DESTINATION_NOT_A_NUMBER: &str = "Destination must be a number.";
pub const DESTINATION_TOO_SHORT: &str = "Destination must be at least 8 digits in length.";
pub const DESTINATION_TOO_LONG: &str = "Destination must not exceed 20 digits in length.";
pub const DESTINATION_ONLY_NUMBERS: &str = "Destination can have only numbers.";

/// The message for a destination number that breaks the rule, if it does: required, then "not
/// a number" (no digits at all), "only numbers" (digits mixed with anything else), then length.
/// The number is read as typed (`typed_number`: spaces, dashes and +44 are fine).
pub fn destination_problem(value: &str) -> Option<&'static str> {
    let value = &typed_number(value);
    if value.is_empty() {
        Some(DESTINATION_REQUIRED)
    } else if !value.chars().any(|c| c.is_ascii_digit()) {
        Some(DESTINATION_NOT_A_NUMBER)
    } else if !value.chars().all(|c| c.is_ascii_digit()) {
        Some(DESTINATION_ONLY_NUMBERS)
    } else if value.len() < DESTINATION_DIGITS_MIN {
        Some(DESTINATION_TOO_SHORT)
    } else if value.len() > DESTINATION_DIGITS_MAX {
        Some(DESTINATION_TOO_LONG)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_destination_message_has_its_case() {
        assert_eq!(destination_problem(" "), Some("Destination is required."));
        assert_eq!(destination_problem("abc"), Some("Destination must be a number."));
        assert_eq!(destination_problem("0161 496 0000"), None, "typed as people write numbers");
        assert_eq!(destination_problem("+44 161 496-0000"), None);
        assert_eq!(destination_problem("0161 496 000x"), Some("Destination can have only numbers."));
        assert_eq!(destination_problem("+353 1 234 5678"), Some("Destination can have only numbers."));
        assert_eq!(destination_problem("0161496"), Some("Destination must be at least 8 digits in length."));
        assert_eq!(destination_problem(&"1".repeat(21)), Some("Destination must not exceed 20 digits in length."));
    }

    #[test]
    fn eight_to_twenty_digits_are_accepted() {
        assert_eq!(destination_problem("01614960"), None);
        assert_eq!(destination_problem(&"1".repeat(20)), None);
        assert_eq!(destination_problem("01614960000"), None);
    }
}
