//! Captured URL parameters (/parameters): the names the account reports on (utm_term,
//! utm_content, its own), and how a visit's landing URL gives the values stored with the visit.
//! A name follows the spec's URL-tag character rule (letters, numbers and underscores).

use crate::{CharacterRule, FieldErrors};

/// The form field of a new parameter's name.
pub const PARAMETER_FIELD: &str = "parameter";
pub const PARAMETER_REQUIRED: &str = "Please enter the parameter's name.";
pub const PARAMETER_TOO_LONG: &str = "A parameter's name can be at most 50 characters.";
pub const PARAMETER_NOT_UNIQUE: &str = "This parameter is already captured.";
pub const TOO_MANY_PARAMETERS: &str = "An account can capture at most 20 parameters. Remove one first.";
/// The longest parameter name.
pub const PARAMETER_NAME_MAX: usize = 50;
/// The most parameters an account captures.
pub const PARAMETERS_MAX: usize = 20;
/// The most parameters kept from one landing URL, and the longest value kept (longer ones are
/// cut), so a hostile URL cannot fill the store.
pub const VISIT_PARAMETERS_MAX: usize = 20;
pub const PARAMETER_VALUE_MAX: usize = 100;
/// Parameters that are not reported as values: the click ids (stored with the visit already).
const NOT_CAPTURED: [&str; 3] = ["gclid", "msclkid", "fbclid"];

/// Checks a new captured parameter's name against the rule and the names the account already
/// captures (compared without case: utm_term and UTM_TERM are one parameter to a marketer).
/// Returns the name trimmed.
pub fn validate_parameter_name(name: &str, existing: &[String]) -> Result<String, FieldErrors> {
    let name = name.trim();
    let mut errors = FieldErrors::new();
    if name.is_empty() {
        errors.add(PARAMETER_FIELD, PARAMETER_REQUIRED);
    } else if name.chars().count() > PARAMETER_NAME_MAX {
        errors.add(PARAMETER_FIELD, PARAMETER_TOO_LONG);
    } else if !CharacterRule::UrlTag.allows(name) {
        errors.add(PARAMETER_FIELD, CharacterRule::UrlTag.message());
    } else if existing.iter().any(|e| e.eq_ignore_ascii_case(name)) {
        errors.add(PARAMETER_FIELD, PARAMETER_NOT_UNIQUE);
    } else if existing.len() >= PARAMETERS_MAX {
        errors.add(PARAMETER_FIELD, TOO_MANY_PARAMETERS);
    }
    errors.into_result().map(|()| name.to_string())
}

/// The field errors of a new parameter's name ({} when valid): the browser's form as it is typed.
pub fn parameter_name_errors(name: &str, existing: &[String]) -> FieldErrors {
    validate_parameter_name(name, existing).err().unwrap_or_default()
}

fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// A query component decoded: `+` is a space, `%XX` a byte; broken escapes are kept as typed.
fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                (Some(h), Some(l)) => {
                    out.push(h * 16 + l);
                    i += 2;
                }
                _ => out.push(b'%'),
            },
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The parameters of a landing URL a visit stores: (name, value) in the URL's order, decoded,
/// the first of a repeated name, without the click ids or empty values; at most
/// [`VISIT_PARAMETERS_MAX`], values cut at [`PARAMETER_VALUE_MAX`] characters, names longer than
/// [`PARAMETER_NAME_MAX`] left out.
pub fn landing_parameters(landing_url: &str) -> Vec<(String, String)> {
    let Some((_, query)) = landing_url.split_once('?') else { return Vec::new() };
    let query = query.split('#').next().unwrap_or("");
    let mut found: Vec<(String, String)> = Vec::new();
    for pair in query.split('&') {
        if found.len() >= VISIT_PARAMETERS_MAX {
            break;
        }
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (name, value) = (decode(name).trim().to_string(), decode(value).trim().to_string());
        if name.is_empty()
            || value.is_empty()
            || name.chars().count() > PARAMETER_NAME_MAX
            || NOT_CAPTURED.iter().any(|c| c.eq_ignore_ascii_case(&name))
            || found.iter().any(|(n, _)| *n == name)
        {
            continue;
        }
        found.push((name, value.chars().take(PARAMETER_VALUE_MAX).collect()));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn a_parameter_name_is_letters_numbers_and_underscores() {
        assert_eq!(validate_parameter_name("  utm_term ", &[]).unwrap(), "utm_term");
        let bad = validate_parameter_name("utm-term", &[]).unwrap_err();
        assert_eq!(
            bad.get(PARAMETER_FIELD),
            Some("Invalid characters found. Allowed characters are letters, numbers and underscores.")
        );
        assert!(validate_parameter_name("a b", &[]).is_err());
        assert!(validate_parameter_name("café", &[]).is_err());
    }

    #[test]
    fn a_parameter_name_is_required_bounded_and_new() {
        assert_eq!(validate_parameter_name("   ", &[]).unwrap_err().get(PARAMETER_FIELD), Some(PARAMETER_REQUIRED));
        let long = "a".repeat(51);
        assert_eq!(validate_parameter_name(&long, &[]).unwrap_err().get(PARAMETER_FIELD), Some(PARAMETER_TOO_LONG));
        assert!(validate_parameter_name(&"a".repeat(50), &[]).is_ok());
        let existing = names(&["Branch", "utm_term"]);
        assert_eq!(
            validate_parameter_name("UTM_TERM", &existing).unwrap_err().get(PARAMETER_FIELD),
            Some(PARAMETER_NOT_UNIQUE)
        );
        let full: Vec<String> = (0..20).map(|i| format!("p{i}")).collect();
        assert_eq!(validate_parameter_name("more", &full).unwrap_err().get(PARAMETER_FIELD), Some(TOO_MANY_PARAMETERS));
    }

    #[test]
    fn a_landing_url_gives_its_decoded_parameters_without_click_ids() {
        let got = landing_parameters(
            "https://www.example.co.uk/offers?utm_term=near+me&utm_content=ad%2Db&gclid=Cj0K&Product+line=boilers&utm_term=again&empty=#top",
        );
        assert_eq!(
            got,
            vec![
                ("utm_term".to_string(), "near me".to_string()),
                ("utm_content".to_string(), "ad-b".to_string()),
                ("Product line".to_string(), "boilers".to_string()),
            ]
        );
        assert!(landing_parameters("https://www.example.co.uk/").is_empty());
        assert_eq!(landing_parameters("/x?a=%zz&b=%4"), vec![("a".into(), "%zz".into()), ("b".into(), "%4".into())]);
    }

    #[test]
    fn a_hostile_landing_url_is_bounded() {
        let many: Vec<String> = (0..100).map(|i| format!("p{i}=v")).collect();
        assert_eq!(landing_parameters(&format!("/?{}", many.join("&"))).len(), VISIT_PARAMETERS_MAX);
        let long = landing_parameters(&format!("/?a={}&{}=v", "x".repeat(500), "n".repeat(51)));
        assert_eq!(long.len(), 1);
        assert_eq!(long[0].1.chars().count(), PARAMETER_VALUE_MAX);
    }
}
