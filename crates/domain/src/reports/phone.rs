//! A caller's number as the call log writes it: UK numbers in national form with the spaces of
//! the UK numbering plan ("020 7946 0000", "0161 496 0000", "01632 960123", "07700 900123",
//! "0800 123 4567"); numbers abroad as "+" and their digits; a withheld number as "Withheld".

/// The label of a caller who withheld the number.
pub const WITHHELD: &str = "Withheld";

/// The most digits a number may have (E.164 allows 15; a national form adds a 0 or "00").
pub const NUMBER_DIGITS_MAX: usize = 20;

/// A number as it is stored, from whatever a caller's phone network or a form sent
/// ("+44 7700 900123", "447700900123", "07700900123", "tel:+353…"): UK numbers as national
/// digits ("07700900123"), numbers abroad as "+" and their digits, "" when withheld (no digits
/// at all, or more than any number has).
pub fn stored_number(raw: &str) -> String {
    let raw: String = raw.chars().take(64).collect();
    let digits = raw.chars().filter(char::is_ascii_digit).count();
    if digits == 0 || digits > NUMBER_DIGITS_MAX {
        return String::new();
    }
    national(&raw).unwrap_or_default()
}

/// A phone number as a person types it, as the forms check and store it: the spaces, dashes,
/// dots and brackets people write numbers with taken out, and the UK's +44 or 0044 (with a
/// "(0)" after it) written as the national 0: "+44 (0)161 496-0000" is "01614960000". Anything
/// else is left for the form's rule to refuse (letters, another country's +).
pub fn typed_number(value: &str) -> String {
    let kept: String =
        value.trim().chars().take(64).filter(|c| !matches!(c, ' ' | '-' | '.' | '(' | ')' | '\u{a0}' | '\t')).collect();
    match kept.strip_prefix("+44").or_else(|| kept.strip_prefix("0044")) {
        Some(national) if !national.is_empty() => format!("0{}", national.strip_prefix('0').unwrap_or(national)),
        _ => kept,
    }
}

/// `number`'s national form (UK) or "+digits" (abroad); None when it has no digits.
fn national(number: &str) -> Option<String> {
    let digits: String = number.chars().filter(char::is_ascii_digit).collect();
    if digits.is_empty() {
        return None;
    }
    let plus = number.trim_start().trim_start_matches("tel:").trim_start().starts_with('+');
    let international = digits.strip_prefix("00").or(if plus { Some(digits.as_str()) } else { None });
    Some(match international {
        Some(rest) => match rest.strip_prefix("44") {
            Some(uk) => format!("0{uk}"),
            None => format!("+{rest}"),
        },
        None if digits.starts_with('0') => digits,
        // Stored without any prefix: international with the country code.
        None => match digits.strip_prefix("44") {
            Some(uk) => format!("0{uk}"),
            None => format!("+{digits}"),
        },
    })
}

/// `number` is stored as national digits ("07700900123"), or international ("00353…", "+353…",
/// "44…").
pub fn format_uk(number: &str) -> String {
    let Some(national) = national(number) else {
        return WITHHELD.to_string();
    };
    if national.starts_with('+') {
        return national;
    }
    if national.len() != 11 {
        return national;
    }
    let groups: &[usize] = match &national[..2] {
        "02" => &[3, 4, 4],
        "07" => &[5, 6],
        "01" if national.as_bytes()[2] == b'1' || national.as_bytes()[3] == b'1' => &[4, 3, 4],
        "01" => &[5, 6],
        _ => &[4, 3, 4],
    };
    let mut parts = Vec::new();
    let mut at = 0;
    for size in groups {
        parts.push(&national[at..at + size]);
        at += size;
    }
    parts.join(" ")
}

/// The `tel:` address that rings `number` back ("tel:+447700900123"); None when withheld.
pub fn dial_link(number: &str) -> Option<String> {
    let national = national(number)?;
    Some(match national.strip_prefix('0') {
        Some(uk) => format!("tel:+44{uk}"),
        None => format!("tel:{national}"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_number_loses_its_separators_and_the_uk_s_country_code() {
        assert_eq!(typed_number(" 0161 496-0000 "), "01614960000");
        assert_eq!(typed_number("+44 (0)161 496 0000"), "01614960000");
        assert_eq!(typed_number("+44 7700 900123"), "07700900123");
        assert_eq!(typed_number("0044 7700.900.123"), "07700900123");
        assert_eq!(typed_number("(0117) 496 0123"), "01174960123");
        assert_eq!(typed_number("+353 85 123 4567"), "+353851234567", "abroad stays, for the rule to judge");
        assert_eq!(typed_number("0161 abc"), "0161abc", "letters stay, for the rule to refuse");
        assert_eq!(typed_number("+44"), "+44");
        assert_eq!(typed_number(""), "");
    }

    #[test]
    fn a_caller_is_rung_back_in_international_form() {
        assert_eq!(dial_link("07700900123").as_deref(), Some("tel:+447700900123"));
        assert_eq!(dial_link("+35312345678").as_deref(), Some("tel:+35312345678"));
        assert_eq!(dial_link(""), None);
        assert_eq!(dial_link("anonymous"), None);
    }

    #[test]
    fn numbers_are_stored_national_or_with_a_plus_and_bounded() {
        assert_eq!(stored_number("+44 7700 900123"), "07700900123");
        assert_eq!(stored_number("447700900123"), "07700900123");
        assert_eq!(stored_number("07700900123"), "07700900123");
        assert_eq!(stored_number("tel:+353851234567"), "+353851234567");
        assert_eq!(stored_number("00353851234567"), "+353851234567");
        assert_eq!(stored_number("anonymous"), "");
        assert_eq!(stored_number(&"9".repeat(21)), "", "longer than any number");
        assert_eq!(stored_number(&format!("{}1", "x".repeat(100))), "", "only the first 64 characters are read");
    }

    #[test]
    fn uk_numbers_take_the_numbering_plans_spaces() {
        assert_eq!(format_uk("02079460000"), "020 7946 0000");
        assert_eq!(format_uk("01614960000"), "0161 496 0000");
        assert_eq!(format_uk("01134960000"), "0113 496 0000");
        assert_eq!(format_uk("01214960000"), "0121 496 0000");
        assert_eq!(format_uk("01632960123"), "01632 960123");
        assert_eq!(format_uk("07700900123"), "07700 900123");
        assert_eq!(format_uk("08001234567"), "0800 123 4567");
        assert_eq!(format_uk("03001234567"), "0300 123 4567");
    }

    #[test]
    fn international_forms_of_uk_numbers_are_national() {
        assert_eq!(format_uk("+447700900123"), "07700 900123");
        assert_eq!(format_uk("00447700900123"), "07700 900123");
        assert_eq!(format_uk("447700900123"), "07700 900123");
    }

    #[test]
    fn abroad_withheld_and_odd_lengths() {
        assert_eq!(format_uk("+35312345678"), "+35312345678");
        assert_eq!(format_uk("0035312345678"), "+35312345678");
        assert_eq!(format_uk(""), WITHHELD);
        assert_eq!(format_uk("anonymous"), WITHHELD);
        assert_eq!(format_uk("0800123"), "0800123");
    }
}
