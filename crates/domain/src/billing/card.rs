//! Card checks (spec/billing-subscription-purchase.md section 9: expiry MMYY, CVC three digits):
//! what the card form checks as typed and what the sandbox card provider checks before it
//! accepts a card.

use serde::Serialize;

/// A card form field the payment provider sent back as refused: the flag it sets in the return
/// address (`nameError=1`) and what the payment page says beside the field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub struct CardFieldError {
    pub field: &'static str,
    pub flag: &'static str,
    pub message: &'static str,
}

pub const CARD_FIELD_ERRORS: [CardFieldError; 4] = [
    CardFieldError { field: "name", flag: "nameError", message: "Please enter the name on the card." },
    CardFieldError { field: "number", flag: "numberError", message: "Please enter a valid card number." },
    CardFieldError {
        field: "date",
        flag: "dateError",
        message: "Please enter the expiry date as MMYY, not in the past.",
    },
    CardFieldError {
        field: "cvc",
        flag: "cvcError",
        message: "Please enter the three digits on the back of your card.",
    },
];

/// The Luhn checksum over 12 to 19 digits (spaces allowed between groups).
pub fn card_number_valid(number: &str) -> bool {
    let digits: Vec<u32> = number.chars().filter(|c| *c != ' ').map(|c| c.to_digit(10).unwrap_or(99)).collect();
    if !(12..=19).contains(&digits.len()) || digits.iter().any(|d| *d > 9) {
        return false;
    }
    let sum: u32 = digits
        .iter()
        .rev()
        .enumerate()
        .map(|(i, d)| {
            if i % 2 == 1 {
                if d * 2 > 9 {
                    d * 2 - 9
                } else {
                    d * 2
                }
            } else {
                *d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// An expiry in MMYY that is a real month, this month or later (`year` four digits).
pub fn card_expiry_valid(mmyy: &str, year: i32, month: u32) -> bool {
    if mmyy.len() != 4 || !mmyy.bytes().all(|b| b.is_ascii_digit()) {
        return false;
    }
    let (mm, yy): (u32, i32) = (mmyy[..2].parse().unwrap_or(0), mmyy[2..].parse().unwrap_or(0));
    (1..=12).contains(&mm) && (2000 + yy, mm) >= (year, month)
}

/// As `card_expiry_valid`, for the UTC month of a unix time.
pub fn card_expiry_valid_at(mmyy: &str, now: i64) -> bool {
    use chrono::Datelike;
    let today = chrono::DateTime::from_timestamp(now, 0).unwrap_or_default();
    card_expiry_valid(mmyy, today.year(), today.month())
}

pub fn cvc_valid(cvc: &str) -> bool {
    cvc.len() == 3 && cvc.bytes().all(|b| b.is_ascii_digit())
}

/// The card's brand from its number's first digits.
pub fn card_brand(number: &str) -> &'static str {
    let digits: String = number.chars().filter(char::is_ascii_digit).take(4).collect();
    let first_two: u32 = digits.get(..2).and_then(|d| d.parse().ok()).unwrap_or(0);
    let first_four: u32 = digits.parse().unwrap_or(0);
    match first_two {
        _ if digits.starts_with('4') => "Visa",
        51..=55 => "Mastercard",
        _ if (2221..=2720).contains(&first_four) => "Mastercard",
        34 | 37 => "American Express",
        _ => "Card",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_card_field_has_its_own_flag_and_message() {
        for (i, error) in CARD_FIELD_ERRORS.iter().enumerate() {
            assert_eq!(error.flag, format!("{}Error", error.field));
            assert!(error.message.starts_with("Please enter ") && error.message.ends_with('.'));
            assert!(CARD_FIELD_ERRORS[i + 1..].iter().all(|other| other.field != error.field));
        }
    }

    #[test]
    fn card_numbers_pass_the_luhn_check() {
        assert!(card_number_valid("4242 4242 4242 4242"));
        assert!(card_number_valid("5555555555554444"));
        assert!(!card_number_valid("4242 4242 4242 4241"));
        assert!(!card_number_valid("4242-4242-4242-4242"));
        assert!(!card_number_valid("4242"));
    }

    #[test]
    fn expiry_is_mmyy_and_not_past() {
        assert!(card_expiry_valid("1126", 2026, 11), "this month");
        assert!(card_expiry_valid("0128", 2026, 11));
        assert!(!card_expiry_valid("1026", 2026, 11), "last month");
        assert!(!card_expiry_valid("1326", 2026, 11));
        assert!(!card_expiry_valid("11/26", 2026, 11));
        // 2026-11-23 10:00 UTC.
        assert!(card_expiry_valid_at("1126", 1_795_428_000));
        assert!(!card_expiry_valid_at("1026", 1_795_428_000));
    }

    #[test]
    fn cvc_is_three_digits_and_brands_come_from_the_number() {
        assert!(cvc_valid("123"));
        assert!(!cvc_valid("12a"));
        assert!(!cvc_valid("1234"));
        assert_eq!(card_brand("4242424242424242"), "Visa");
        assert_eq!(card_brand("5555555555554444"), "Mastercard");
        assert_eq!(card_brand("2221000000000009"), "Mastercard");
        assert_eq!(card_brand("378282246310005"), "American Express");
        assert_eq!(card_brand("6011111111111117"), "Card");
    }
}
