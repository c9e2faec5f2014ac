//! The description field every routing editor has: required, a maximum length, the keyboard
//! character rule and uniqueness among the customer's other records, each editor with its own
//! message texts from spec/call-routing.md section 5.

use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const DESCRIPTION_REQUIRED: &str = "Description is required.";
pub const DESCRIPTION_NOT_UNIQUE: &str = "Description must be unique.";

/// For a record whose description need not differ from any other.
pub const NOTHING_TAKEN: &[&str] = &[];

pub struct DescriptionRule {
    pub max: usize,
    pub too_long: &'static str,
    pub not_unique: &'static str,
}

impl DescriptionRule {
    /// The usual texts: 'Description must not exceed {max} characters.' and 'Description must be unique.'
    pub const fn standard(max: usize, too_long: &'static str) -> Self {
        DescriptionRule { max, too_long, not_unique: DESCRIPTION_NOT_UNIQUE }
    }

    /// Checks `value` and records the first problem under `field`. `taken` holds the other
    /// records' descriptions; the comparison ignores case and surrounding spaces.
    pub fn check<S: AsRef<str>>(&self, errors: &mut FieldErrors, field: &str, value: &str, taken: &[S]) {
        let value = value.trim();
        if value.is_empty() {
            errors.add(field, DESCRIPTION_REQUIRED);
        } else if value.chars().count() > self.max {
            errors.add(field, self.too_long);
        } else if !CharacterRule::NoForeignCharacters.allows(value) {
            errors.add(field, CharacterRule::NoForeignCharacters.message());
        } else if is_taken(value, taken) {
            errors.add(field, self.not_unique);
        }
    }
}

pub fn is_taken<S: AsRef<str>>(value: &str, taken: &[S]) -> bool {
    let value = value.trim();
    taken.iter().any(|t| same_ignoring_case(t.as_ref().trim(), value))
}

/// Equal letter for letter once lower-cased, without allocating: this runs on every keystroke
/// in the browser against every other description.
fn same_ignoring_case(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars().flat_map(char::to_lowercase).eq(b.chars().flat_map(char::to_lowercase))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULE: DescriptionRule = DescriptionRule::standard(5, "too long");

    fn check(value: &str, taken: &[&str]) -> Option<String> {
        let mut errors = FieldErrors::new();
        let taken: Vec<String> = taken.iter().map(|s| s.to_string()).collect();
        RULE.check(&mut errors, "d", value, &taken);
        errors.get("d").map(str::to_string)
    }

    #[test]
    fn a_description_is_required_short_plain_and_unique() {
        assert_eq!(check("  ", &[]).as_deref(), Some("Description is required."));
        assert_eq!(check("abcdef", &[]).as_deref(), Some("too long"));
        assert!(check("Иван", &[]).unwrap().starts_with("Invalid characters found."));
        assert_eq!(check("Sales", &["sales "]).as_deref(), Some("Description must be unique."));
        assert_eq!(check("Sales", &["Sale"]), None);
    }

    #[test]
    fn uniqueness_ignores_case_beyond_ascii() {
        assert!(is_taken(" Café Bar", &["CAFÉ BAR "]));
        assert!(is_taken("STRASSE", &["strasse"]));
        assert!(!is_taken("Café", &["Cafe"]));
        assert!(!is_taken("Sales", &[""; 0]));
    }
}
