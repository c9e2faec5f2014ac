//! The Direct Debit mandate form's checks, as a UK bank account is given for a
//! Bacs Direct Debit: the account holder's name (Bacs keeps 18 characters), a six-digit sort
//! code and an eight-digit account number; spaces and dashes are allowed as people write them.
//! (The banks' modulus checks are not modelled.)

use crate::FieldErrors;

pub const HOLDER_REQUIRED: &str = "Please enter the account holder's name.";
pub const HOLDER_TOO_LONG: &str = "The account holder's name cannot exceed 18 characters.";
pub const SORT_CODE_INVALID: &str = "Please enter a 6-digit sort code.";
pub const ACCOUNT_NUMBER_INVALID: &str = "Please enter an 8-digit account number.";

/// Bacs keeps this many characters of the account holder's name.
pub const HOLDER_MAX: usize = 18;

/// The digits of a sort code or account number written with spaces or dashes, if that is all
/// it holds.
fn digits(text: &str) -> Option<String> {
    let kept: String = text.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
    kept.chars().all(|c| c.is_ascii_digit()).then_some(kept)
}

pub fn sort_code(text: &str) -> Option<String> {
    digits(text).filter(|d| d.len() == 6)
}

pub fn account_number(text: &str) -> Option<String> {
    digits(text).filter(|d| d.len() == 8)
}

/// The mandate form's errors by field ('holder', 'sortCode', 'accountNumber').
pub fn validate_mandate(holder: &str, sort: &str, account: &str) -> FieldErrors {
    let mut errors = FieldErrors::new();
    let holder = holder.trim();
    if holder.is_empty() {
        errors.add("holder", HOLDER_REQUIRED);
    } else if holder.chars().count() > HOLDER_MAX {
        errors.add("holder", HOLDER_TOO_LONG);
    }
    if sort_code(sort).is_none() {
        errors.add("sortCode", SORT_CODE_INVALID);
    }
    if account_number(account).is_none() {
        errors.add("accountNumber", ACCOUNT_NUMBER_INVALID);
    }
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_codes_and_account_numbers_are_written_as_people_write_them() {
        assert_eq!(sort_code("20-00-00").as_deref(), Some("200000"));
        assert_eq!(sort_code("20 00 00").as_deref(), Some("200000"));
        assert_eq!(sort_code("2000000"), None);
        assert_eq!(sort_code("20-00-0a"), None);
        assert_eq!(account_number("5543 9876").as_deref(), Some("55439876"));
        assert_eq!(account_number("554398"), None);
        assert_eq!(account_number("٥٥٤٣٩٨٧٦"), None, "only ASCII digits");
    }

    #[test]
    fn the_mandate_form_names_each_field_at_fault() {
        assert!(validate_mandate("Stone & Sons", "20-00-00", "55439876").is_empty());
        let errors = validate_mandate("  ", "2000", "");
        assert_eq!(errors.get("holder"), Some(HOLDER_REQUIRED));
        assert_eq!(errors.get("sortCode"), Some(SORT_CODE_INVALID));
        assert_eq!(errors.get("accountNumber"), Some(ACCOUNT_NUMBER_INVALID));
        let long = validate_mandate("Stone and Sons Plumbing", "200000", "55439876");
        assert_eq!(long.get("holder"), Some(HOLDER_TOO_LONG));
        assert!(validate_mandate("Stone & Sons Plumb", "200000", "55439876").is_empty());
    }
}
