//! What kind of UK number a caller id is, by its prefix in Ofcom's numbering plan, and which
//! kinds may be verified as caller ids: a code goes only to a geographic landline (01, 02) or a
//! mobile (071 to 075, 077 to 079), never to a personal number (070, charged at a premium rate)
//! or a pager (076). 03 numbers are not outbound numbers at all (the spec's "01, 02 or 07").

/// A UK number's kind, by its prefix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UkNumberKind {
    /// 01 and 02: a landline.
    Geographic,
    /// 071 to 075 and 077 to 079.
    Mobile,
    /// 070: personal numbering, charged to the caller at a premium rate.
    PersonalNumber,
    /// 076: pagers.
    Pager,
    /// Anything else (03, 08, 09, ...).
    Other,
}

/// Digits in a UK landline or mobile number written with its leading 0.
pub const UK_NUMBER_DIGITS: usize = 11;

/// The prefixes a caller id may start with (geographic, then mobile).
pub const CALLER_ID_PREFIXES: [&str; 10] = ["01", "02", "071", "072", "073", "074", "075", "077", "078", "079"];

pub const PERSONAL_NUMBER: &str =
    "Numbers starting 070 are personal numbers, charged at a premium rate: they cannot be caller ids.";
pub const PAGER: &str = "Numbers starting 076 are pagers: they cannot be caller ids.";
pub const NOT_ELEVEN_DIGITS: &str = "A UK landline or mobile number has 11 digits, starting with 0.";

/// The kind of `number` (digits with the leading 0) by its prefix.
pub fn uk_number_kind(number: &str) -> UkNumberKind {
    if number.starts_with("070") {
        UkNumberKind::PersonalNumber
    } else if number.starts_with("076") {
        UkNumberKind::Pager
    } else if number.starts_with("01") || number.starts_with("02") {
        UkNumberKind::Geographic
    } else if CALLER_ID_PREFIXES.iter().any(|p| p.len() == 3 && number.starts_with(p)) {
        UkNumberKind::Mobile
    } else {
        UkNumberKind::Other
    }
}

/// Why a number that passed the outbound number rules cannot be a caller id a code goes to:
/// a personal number, a pager, or not 11 digits. None for a landline or mobile number.
pub fn caller_id_kind_message(number: &str) -> Option<&'static str> {
    match uk_number_kind(number) {
        UkNumberKind::PersonalNumber => Some(PERSONAL_NUMBER),
        UkNumberKind::Pager => Some(PAGER),
        UkNumberKind::Geographic | UkNumberKind::Mobile if number.len() == UK_NUMBER_DIGITS => None,
        _ => Some(NOT_ELEVEN_DIGITS),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_told_apart_by_their_prefix() {
        assert_eq!(uk_number_kind("01614960000"), UkNumberKind::Geographic);
        assert_eq!(uk_number_kind("02079460000"), UkNumberKind::Geographic);
        for mobile in ["07123456789", "07512345678", "07700900123", "07812345678", "07912345678"] {
            assert_eq!(uk_number_kind(mobile), UkNumberKind::Mobile, "{mobile}");
        }
        assert_eq!(uk_number_kind("07000123456"), UkNumberKind::PersonalNumber);
        assert_eq!(uk_number_kind("07624123456"), UkNumberKind::Pager);
        assert_eq!(uk_number_kind("03001234567"), UkNumberKind::Other);
        assert_eq!(uk_number_kind("08001234567"), UkNumberKind::Other);
    }

    #[test]
    fn only_landlines_and_mobiles_of_eleven_digits_are_caller_ids() {
        assert_eq!(caller_id_kind_message("01614960000"), None);
        assert_eq!(caller_id_kind_message("07700900123"), None);
        assert_eq!(caller_id_kind_message("07000123456"), Some(PERSONAL_NUMBER));
        assert_eq!(caller_id_kind_message("07600123456"), Some(PAGER));
        assert_eq!(caller_id_kind_message("077009001234"), Some(NOT_ELEVEN_DIGITS));
        assert_eq!(caller_id_kind_message("016149600001234"), Some(NOT_ELEVEN_DIGITS));
    }

    #[test]
    fn every_caller_id_prefix_is_a_landline_or_a_mobile() {
        for prefix in CALLER_ID_PREFIXES {
            let number = format!("{prefix:0<11}");
            assert_eq!(caller_id_kind_message(&number), None, "{number}");
        }
    }
}
