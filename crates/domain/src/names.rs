//! The text fields most records have (a description, a name): required, a maximum length, a
//! character rule and uniqueness among the customer's other records, each field with its own
//! words (spec/call-routing.md section 5 and the pages that follow its pattern).

use crate::character_rules::{in_class, CharacterClass, CharacterRule};
use crate::validation::FieldErrors;

pub const DESCRIPTION_REQUIRED: &str = "Description is required.";
pub const DESCRIPTION_NOT_UNIQUE: &str = "Description must be unique.";
pub const NAME_REQUIRED: &str = "Name is required.";
pub const NAME_NOT_UNIQUE: &str = "Name must be unique.";

/// For a record whose text need not differ from any other.
pub const NOTHING_TAKEN: &[&str] = &[];

/// Which characters a text field allows, and the words that say so.
#[derive(Debug, Clone, Copy)]
pub enum Characters {
    Rule(CharacterRule),
    /// A class of the field's own, with its own message.
    Class(CharacterClass, &'static str),
}

impl Characters {
    fn problem(self, value: &str) -> Option<String> {
        match self {
            Characters::Rule(rule) => (!rule.allows(value)).then(|| rule.message()),
            Characters::Class(class, message) => {
                (!value.chars().all(|c| in_class(class, c))).then(|| message.to_string())
            }
        }
    }
}

/// One text field's rule: the checks run in this order and the first failing one is reported.
#[derive(Debug, Clone, Copy)]
pub struct TextRule {
    pub required: &'static str,
    pub max: usize,
    pub too_long: &'static str,
    pub not_unique: &'static str,
    pub characters: Characters,
}

impl TextRule {
    /// A description: 'Description is required.', the keyboard characters, 'Description must be unique.'
    pub const fn description(max: usize, too_long: &'static str) -> Self {
        TextRule {
            required: DESCRIPTION_REQUIRED,
            max,
            too_long,
            not_unique: DESCRIPTION_NOT_UNIQUE,
            characters: Characters::Rule(CharacterRule::NoForeignCharacters),
        }
    }

    /// A name: 'Name is required.', the keyboard characters, 'Name must be unique.'
    pub const fn name(max: usize, too_long: &'static str) -> Self {
        TextRule {
            required: NAME_REQUIRED,
            max,
            too_long,
            not_unique: NAME_NOT_UNIQUE,
            characters: Characters::Rule(CharacterRule::NoForeignCharacters),
        }
    }

    pub const fn not_unique(self, not_unique: &'static str) -> Self {
        TextRule { not_unique, ..self }
    }

    pub const fn characters(self, characters: Characters) -> Self {
        TextRule { characters, ..self }
    }

    /// The first problem of `value`, if any. `taken` holds the other records' texts; the
    /// comparison ignores case and surrounding spaces.
    pub fn problem<S: AsRef<str>>(&self, value: &str, taken: &[S]) -> Option<String> {
        let value = value.trim();
        if value.is_empty() {
            Some(self.required.to_string())
        } else if value.chars().count() > self.max {
            Some(self.too_long.to_string())
        } else if let Some(message) = self.characters.problem(value) {
            Some(message)
        } else if is_taken(value, taken) {
            Some(self.not_unique.to_string())
        } else {
            None
        }
    }

    /// Checks `value` and records the first problem under `field`.
    pub fn check<S: AsRef<str>>(&self, errors: &mut FieldErrors, field: &str, value: &str, taken: &[S]) {
        if let Some(message) = self.problem(value, taken) {
            errors.add(field, message);
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

    const RULE: TextRule = TextRule::description(5, "too long");

    fn check(rule: TextRule, value: &str, taken: &[&str]) -> Option<String> {
        let mut errors = FieldErrors::new();
        let taken: Vec<String> = taken.iter().map(|s| s.to_string()).collect();
        rule.check(&mut errors, "d", value, &taken);
        errors.get("d").map(str::to_string)
    }

    #[test]
    fn a_description_is_required_short_plain_and_unique() {
        assert_eq!(check(RULE, "  ", &[]).as_deref(), Some("Description is required."));
        assert_eq!(check(RULE, "abcdef", &[]).as_deref(), Some("too long"));
        assert!(check(RULE, "Иван", &[]).unwrap().starts_with("Invalid characters found."));
        assert_eq!(check(RULE, "Sales", &["sales "]).as_deref(), Some("Description must be unique."));
        assert_eq!(check(RULE, "Sales", &["Sale"]), None);
    }

    #[test]
    fn a_name_speaks_of_a_name() {
        let rule = TextRule::name(5, "Name too long");
        assert_eq!(check(rule, "", &[]).as_deref(), Some("Name is required."));
        assert_eq!(check(rule, "abcdef", &[]).as_deref(), Some("Name too long"));
        assert_eq!(check(rule, "Sales", &["SALES"]).as_deref(), Some("Name must be unique."));
    }

    #[test]
    fn a_field_may_have_its_own_characters_and_clash_words() {
        const DIGITS: CharacterClass = &[('0', '9')];
        let rule = RULE.characters(Characters::Class(DIGITS, "Digits only.")).not_unique("Taken.");
        assert_eq!(check(rule, "12a", &[]).as_deref(), Some("Digits only."));
        assert_eq!(check(rule, "12", &["12"]).as_deref(), Some("Taken."));
        assert_eq!(check(rule, "12", &["13"]), None);
    }

    #[test]
    fn uniqueness_ignores_case_beyond_ascii() {
        assert!(is_taken(" Café Bar", &["CAFÉ BAR "]));
        assert!(is_taken("STRASSE", &["strasse"]));
        assert!(!is_taken("Café", &["Cafe"]));
        assert!(!is_taken("Sales", &[""; 0]));
    }
}
