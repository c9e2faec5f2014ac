//! Where a browser call may go: a UK geographic landline (01, 02) or mobile (071 to 075, 077 to
//! 079) of 11 digits, typed in any common form. Premium, service-charge, personal, pager,
//! directory and short numbers are refused before anything dials, each in words.

use crate::caller_ids::number_kind::{uk_number_kind, UkNumberKind, UK_NUMBER_DIGITS};
use crate::reports::phone::typed_number;

pub const OUTBOUND_EMPTY: &str = "Enter the number to call.";
pub const OUTBOUND_PREMIUM: &str = "Numbers starting 09 are premium rate: they cannot be called from here.";
pub const OUTBOUND_SERVICE_CHARGE: &str =
    "Numbers starting 084 and 087 add a service charge: they cannot be called from here.";
pub const OUTBOUND_DIRECTORY: &str = "Directory enquiries (118) cannot be called from here.";
pub const OUTBOUND_PERSONAL: &str =
    "Numbers starting 070 are personal numbers, charged at a premium rate: they cannot be called from here.";
pub const OUTBOUND_PAGER: &str = "Numbers starting 076 are pagers: they cannot be called from here.";
pub const OUTBOUND_SHORT: &str =
    "Short numbers, emergency numbers included, cannot be called from here: for an emergency dial 999 from a phone.";
pub const OUTBOUND_ABROAD: &str = "Only UK numbers can be called from here.";
pub const OUTBOUND_NOT_UK_LINE: &str = "Only UK landlines (01, 02) and mobiles (07) can be called from here.";
pub const OUTBOUND_LENGTH: &str = "A UK landline or mobile number has 11 digits, starting with 0.";

pub const OUTBOUND_NO_CALLER_ID: &str =
    "Your account has no verified caller id yet: add one on Manage CLI before calling out.";

/// The caller id a call out presents: the one chosen, else the agent's own, else the account's
/// first; always one of `choices` (the account's tracked numbers and verified outside numbers,
/// `caller_ids::caller_id_choices`), so an agent restricted to the list stays on it.
pub fn outbound_caller_id(chosen: &str, agents_own: &str, choices: &[String]) -> Result<String, &'static str> {
    let chosen = chosen.trim();
    if !chosen.is_empty() {
        return match crate::caller_ids::caller_id_choice_problem(chosen, choices) {
            Some(problem) => Err(problem),
            None => Ok(chosen.to_string()),
        };
    }
    let own = agents_own.trim();
    choices.iter().find(|c| c.as_str() == own).or(choices.first()).cloned().ok_or(OUTBOUND_NO_CALLER_ID)
}

/// The phone's words for a call out: "Calling 07700 900123 from 0161 496 0000".
pub fn call_out_label(destination: &str, caller_id: &str) -> String {
    use crate::reports::phone::format_uk;
    format!("Calling {} from {}", format_uk(destination), format_uk(caller_id))
}

/// The number to ring, as digits with the leading 0, or why it may not be rung.
pub fn outbound_destination(typed: &str) -> Result<String, &'static str> {
    let number = typed_number(typed);
    if number.is_empty() {
        return Err(OUTBOUND_EMPTY);
    }
    if number.starts_with('+') || number.starts_with("00") {
        return Err(OUTBOUND_ABROAD);
    }
    if !number.chars().all(|c| c.is_ascii_digit()) {
        return Err(OUTBOUND_NOT_UK_LINE);
    }
    if number.starts_with("118") {
        return Err(OUTBOUND_DIRECTORY);
    }
    if !number.starts_with('0') || number.len() < 6 {
        return Err(OUTBOUND_SHORT);
    }
    if number.starts_with("09") {
        return Err(OUTBOUND_PREMIUM);
    }
    if number.starts_with("084") || number.starts_with("087") {
        return Err(OUTBOUND_SERVICE_CHARGE);
    }
    match uk_number_kind(&number) {
        UkNumberKind::PersonalNumber => Err(OUTBOUND_PERSONAL),
        UkNumberKind::Pager => Err(OUTBOUND_PAGER),
        UkNumberKind::Geographic | UkNumberKind::Mobile if number.len() == UK_NUMBER_DIGITS => Ok(number),
        UkNumberKind::Geographic | UkNumberKind::Mobile => Err(OUTBOUND_LENGTH),
        UkNumberKind::Other => Err(OUTBOUND_NOT_UK_LINE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_call_out_presents_a_verified_caller_id() {
        let choices = vec!["01614960000".to_string(), "07700900222".to_string()];
        assert_eq!(outbound_caller_id("07700900222", "", &choices), Ok("07700900222".into()));
        assert_eq!(outbound_caller_id("", "07700900222", &choices), Ok("07700900222".into()), "the agent's own");
        assert_eq!(outbound_caller_id("", "02079460000", &choices), Ok("01614960000".into()), "else the first");
        assert_eq!(
            outbound_caller_id("02079460000", "", &choices),
            Err(crate::caller_ids::list::NOT_A_CALLER_ID_CHOICE),
            "a number the account has not verified"
        );
        assert_eq!(outbound_caller_id("", "", &[]), Err(OUTBOUND_NO_CALLER_ID));
        assert_eq!(call_out_label("07700900123", "01614960000"), "Calling 07700 900123 from 0161 496 0000");
    }

    #[test]
    fn uk_landlines_and_mobiles_are_rung_however_they_are_typed() {
        assert_eq!(outbound_destination("0161 496 0000").as_deref(), Ok("01614960000"));
        assert_eq!(outbound_destination("+44 (0)20 7946-0000").as_deref(), Ok("02079460000"));
        assert_eq!(outbound_destination("07700 900123").as_deref(), Ok("07700900123"));
        assert_eq!(outbound_destination("0044 7912 345678").as_deref(), Ok("07912345678"));
    }

    #[test]
    fn every_other_kind_of_number_is_refused_in_its_own_words() {
        let cases = [
            ("", OUTBOUND_EMPTY),
            ("09098 790 000", OUTBOUND_PREMIUM),
            ("0871 234 5678", OUTBOUND_SERVICE_CHARGE),
            ("0845 123 4567", OUTBOUND_SERVICE_CHARGE),
            ("118 118", OUTBOUND_DIRECTORY),
            ("070 1234 5678", OUTBOUND_PERSONAL),
            ("07624 123456", OUTBOUND_PAGER),
            ("999", OUTBOUND_SHORT),
            ("112", OUTBOUND_SHORT),
            ("101", OUTBOUND_SHORT),
            ("+1 212 555 0100", OUTBOUND_ABROAD),
            ("00353 1 234 5678", OUTBOUND_ABROAD),
            ("0300 123 4567", OUTBOUND_NOT_UK_LINE),
            ("0800 123 4567", OUTBOUND_NOT_UK_LINE),
            ("0161 496 00", OUTBOUND_LENGTH),
            ("0161 496 00000", OUTBOUND_LENGTH),
            ("call me", OUTBOUND_NOT_UK_LINE),
        ];
        for (typed, message) in cases {
            assert_eq!(outbound_destination(typed), Err(message), "{typed}");
        }
    }
}
