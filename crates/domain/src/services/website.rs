//! The website form (/services/website): a website added by its address alone, with the pool
//! its plan includes (Starter's website call tracking), its numbers local to the number the
//! website shows, written on the page as that number is.

use crate::reports::phone::stored_number;
use crate::services::dynamic_pool::NAME_MAX;
use crate::validation::FieldErrors;

/// The name of the pool a website gets from the website form.
pub const WEBSITE_POOL_NAME: &str = "Website visitors";
pub const WEBSITE_NOT_INCLUDED: &str =
    "Your plan's website tracking is in use: add another website from Add dynamic URLs, where its price is shown.";
pub const WEBSITE_REQUIRED: &str = "Website address is required.";
pub const WEBSITE_TOO_LONG: &str = "Maximum website address length is 60 characters.";
pub const NUMBER_SHOWN_INVALID: &str = "Type the phone number your website shows, such as 0117 496 0123.";

/// The website form: its address (as a dynamic URL's) and, optionally, the phone number the
/// website shows (the number the script swaps). Answers the number as stored ("" for none).
pub fn validate_website(address: &str, number_shown: &str) -> Result<String, FieldErrors> {
    let mut errors = FieldErrors::new();
    let address = address.trim();
    if address.is_empty() {
        errors.add("websiteUrl", WEBSITE_REQUIRED);
    } else if address.chars().count() > NAME_MAX {
        errors.add("websiteUrl", WEBSITE_TOO_LONG);
    }
    let number = stored_number(number_shown);
    let digits = number.chars().filter(char::is_ascii_digit).count();
    if !number_shown.trim().is_empty() && !(10..=15).contains(&digits) {
        errors.add("numberShown", NUMBER_SHOWN_INVALID);
    }
    errors.into_result().map(|()| number)
}

/// A number prefix of the inventory with the free numbers it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PrefixStock {
    pub id: i64,
    /// As the inventory writes it ("0117 496"); its digits are compared.
    pub prefix: String,
    pub free: i64,
}

/// The prefix a website's pool takes its `needed` numbers from: of those with enough free, the
/// one sharing the most leading digits with the number the website shows (at least 4, an area
/// code's start: a local number for a local business), else the first with enough.
pub fn website_prefix(number_shown: &str, stock: &[PrefixStock], needed: i64) -> Option<i64> {
    let enough: Vec<&PrefixStock> = stock.iter().filter(|p| p.free >= needed).collect();
    let shown = stored_number(number_shown);
    let shared = |p: &PrefixStock| {
        p.prefix.chars().filter(char::is_ascii_digit).zip(shown.chars()).take_while(|(a, b)| a == b).count()
    };
    enough
        .iter()
        .filter(|p| shared(p) >= 4)
        .max_by_key(|p| (shared(p), std::cmp::Reverse(p.id)))
        .or(enough.first())
        .map(|p| p.id)
}

/// How the website writes its pool's numbers (the pool form's number format id): as the number
/// it shows is grouped ("0117 496 0123": 0XXX XXX XXXX; "020 7946 0000": 0XX XXXX XXXX), else
/// 0XXXX XXXXXX.
pub fn website_number_format(number_shown: &str) -> i64 {
    let national = stored_number(number_shown);
    let digits = national.as_bytes();
    match digits {
        [b'0', b'2', ..] => 3,
        [b'0', b'1', a, b, ..] if *a == b'1' || *b == b'1' => 2,
        [b'0', b'3' | b'8' | b'9', ..] => 2,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stock(id: i64, prefix: &str, free: i64) -> PrefixStock {
        PrefixStock { id, prefix: prefix.into(), free }
    }

    #[test]
    fn a_website_needs_its_address_and_takes_its_number_in_any_common_form() {
        assert_eq!(validate_website("www.lakesidephysio.example", "").unwrap(), "");
        assert_eq!(validate_website("lakesidephysio.example", "+44 117 496-0123").unwrap(), "01174960123");
        assert_eq!(validate_website("x", "(0117) 496 0123").unwrap(), "01174960123");
        let errors = validate_website("  ", "12").unwrap_err();
        assert_eq!(errors.get("websiteUrl"), Some(WEBSITE_REQUIRED));
        assert_eq!(errors.get("numberShown"), Some(NUMBER_SHOWN_INVALID));
        let long = validate_website(&"a".repeat(61), "").unwrap_err();
        assert_eq!(long.get("websiteUrl"), Some(WEBSITE_TOO_LONG));
        assert!(validate_website("x", "call us").is_err(), "no digits at all");
    }

    #[test]
    fn the_website_s_numbers_are_local_to_the_number_it_shows() {
        let all = [stock(1, "0330 496", 50), stock(2, "0117 496", 50), stock(3, "0161496", 50)];
        assert_eq!(website_prefix("0117 496 0123", &all, 5), Some(2), "Bristol");
        assert_eq!(website_prefix("+44 161 555 0000", &all, 5), Some(3), "Manchester, by area code");
        assert_eq!(website_prefix("020 7946 0000", &all, 5), Some(1), "no local prefix: the first");
        assert_eq!(website_prefix("", &all, 5), Some(1));
    }

    #[test]
    fn a_prefix_without_enough_free_numbers_is_passed_over() {
        let low = [stock(1, "0330496", 50), stock(2, "0117496", 3)];
        assert_eq!(website_prefix("0117 496 0123", &low, 5), Some(1));
        assert_eq!(website_prefix("0117 496 0123", &[stock(2, "0117496", 3)], 5), None);
    }

    #[test]
    fn the_pool_s_numbers_are_written_as_the_website_writes_its_own() {
        assert_eq!(website_number_format("0117 496 0123"), 2);
        assert_eq!(website_number_format("020 7946 0000"), 3);
        assert_eq!(website_number_format("01632 960123"), 1);
        assert_eq!(website_number_format("0800 123 4567"), 2);
        assert_eq!(website_number_format(""), 1);
    }
}
