//! The description field every routing editor has: required, a maximum length, the keyboard
//! character rule and uniqueness among the customer's other records, each editor with its own
//! message texts from spec/call-routing.md section 5.

use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const DESCRIPTION_REQUIRED: &str = "Description is required.";
pub const DESCRIPTION_NOT_UNIQUE: &str = "Description must be unique.";

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
    pub fn check(&self, errors: &mut FieldErrors, field: &str, value: &str, taken: &[String]) {
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

pub fn is_taken(value: &str, taken: &[String]) -> bool {
    let value = value.trim().to_lowercase();
    taken.iter().any(|t| t.trim().to_lowercase() == value)
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
}
