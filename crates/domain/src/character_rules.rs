//! The shared character rules of spec/shell-users-integrations.md section 5, each with the hint
//! that completes the message 'Invalid characters found. Allowed characters are …'.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CharacterRule {
    /// Letters, digits, underscores and the {timestamp} token.
    FtpFileName,
    /// Letters (accented Latin ones too), digits, spaces and keyboard punctuation.
    NoForeignCharacters,
    /// As NoForeignCharacters, without / and \.
    NoForeignCharactersOrSlashes,
    /// Letters, digits and underscores.
    UrlTag,
    Alpha,
    AlphaWithSpaces,
    /// An optional leading +, digits, spaces and brackets.
    PhoneNumber,
    NoSpaces,
    /// Starts with a letter or underscore; letters, digits and underscores after.
    AlphaUnderscoreStart,
    /// Letters, digits and dashes.
    AlphanumericWithDash,
}

/// The token an FTP file name may carry, replaced by the export time.
pub const FTP_TIMESTAMP_TOKEN: &str = "{timestamp}";

impl CharacterRule {
    pub fn hint(self) -> &'static str {
        match self {
            CharacterRule::FtpFileName => "letters, numbers, underscores and {timestamp}",
            CharacterRule::NoForeignCharacters => "letters, numbers, spaces and standard punctuation",
            CharacterRule::NoForeignCharactersOrSlashes => {
                "letters, numbers, spaces and standard punctuation except slashes"
            }
            CharacterRule::UrlTag => "letters, numbers and underscores",
            CharacterRule::Alpha => "letters",
            CharacterRule::AlphaWithSpaces => "letters and spaces",
            CharacterRule::PhoneNumber => "numbers, spaces, brackets and a leading +",
            CharacterRule::NoSpaces => "anything but spaces",
            CharacterRule::AlphaUnderscoreStart => {
                "letters, numbers and underscores, starting with a letter or underscore"
            }
            CharacterRule::AlphanumericWithDash => "letters, numbers and dashes",
        }
    }

    /// The characters the rule allows, when it is a set of characters (the contract's pattern).
    pub fn class(self) -> Option<CharacterClass> {
        match self {
            CharacterRule::NoForeignCharacters => Some(KEYBOARD_CHARACTERS),
            CharacterRule::Alpha => Some(LETTERS),
            CharacterRule::UrlTag => Some(URL_TAG_CHARACTERS),
            _ => None,
        }
    }

    /// The message for a value that breaks this rule.
    pub fn message(self) -> String {
        format!("Invalid characters found. Allowed characters are {}.", self.hint())
    }

    /// True when every character of `value` is allowed (an empty value is allowed: whether a
    /// field is required is a separate rule).
    pub fn allows(self, value: &str) -> bool {
        match self {
            CharacterRule::FtpFileName => {
                value.replace(FTP_TIMESTAMP_TOKEN, "").chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            }
            CharacterRule::NoForeignCharacters => value.chars().all(is_keyboard_character),
            CharacterRule::NoForeignCharactersOrSlashes => {
                value.chars().all(|c| is_keyboard_character(c) && c != '/' && c != '\\')
            }
            CharacterRule::UrlTag => value.chars().all(|c| in_class(URL_TAG_CHARACTERS, c)),
            CharacterRule::Alpha => value.chars().all(is_letter),
            CharacterRule::AlphaWithSpaces => value.chars().all(|c| is_letter(c) || c == ' '),
            CharacterRule::PhoneNumber => {
                let rest = value.strip_prefix('+').unwrap_or(value);
                rest.chars().all(|c| c.is_ascii_digit() || matches!(c, ' ' | '(' | ')'))
            }
            CharacterRule::NoSpaces => !value.chars().any(char::is_whitespace),
            CharacterRule::AlphaUnderscoreStart => {
                let mut chars = value.chars();
                chars.next().is_none_or(|first| first.is_ascii_alphabetic() || first == '_')
                    && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
            }
            CharacterRule::AlphanumericWithDash => value.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'),
        }
    }
}

/// A set of characters as inclusive ranges: the rule reads it, and the contract states it as a
/// pattern's character class (`CharacterRule::class`).
pub type CharacterClass = &'static [(char, char)];

/// Letters of the Latin alphabets used in the UK and Europe: A-Z and the accented letters of
/// Latin-1 (not × and ÷).
pub const LETTERS: CharacterClass =
    &[('A', 'Z'), ('a', 'z'), ('\u{c0}', '\u{d6}'), ('\u{d8}', '\u{f6}'), ('\u{f8}', '\u{ff}')];

/// What can be typed on a UK keyboard: printable ASCII, £, € and Latin letters.
pub const KEYBOARD_CHARACTERS: CharacterClass =
    &[(' ', '~'), ('£', '£'), ('€', '€'), ('\u{c0}', '\u{d6}'), ('\u{d8}', '\u{f6}'), ('\u{f8}', '\u{ff}')];

/// Letters, digits and underscores (`CharacterRule::UrlTag`).
pub const URL_TAG_CHARACTERS: CharacterClass = &[('0', '9'), ('A', 'Z'), ('_', '_'), ('a', 'z')];

/// Whether `c` is in `class`.
pub fn in_class(class: CharacterClass, c: char) -> bool {
    class.iter().any(|(first, last)| (*first..=*last).contains(&c))
}

fn is_letter(c: char) -> bool {
    in_class(LETTERS, c)
}

fn is_keyboard_character(c: char) -> bool {
    in_class(KEYBOARD_CHARACTERS, c)
}

#[cfg(test)]
mod tests {
    use super::CharacterRule::*;

    #[test]
    fn ftp_file_names_allow_the_timestamp_token() {
        assert!(FtpFileName.allows("calls_{timestamp}"));
        assert!(FtpFileName.allows("export_2026"));
        assert!(!FtpFileName.allows("calls-{timestamp}"));
        assert!(!FtpFileName.allows("calls {date}"));
    }

    #[test]
    fn foreign_characters_are_refused_but_accented_latin_letters_are_not() {
        assert!(NoForeignCharacters.allows("Zoë O'Brien-Smith & Co. (£5/€6)"));
        assert!(NoForeignCharacters.allows("José"));
        assert!(!NoForeignCharacters.allows("Иван"));
        assert!(!NoForeignCharacters.allows("李"));
        assert!(!NoForeignCharacters.allows("Ann 😀"));
        assert!(!NoForeignCharacters.allows("tab\there"));
    }

    #[test]
    fn the_no_slashes_variant_refuses_both_slashes() {
        assert!(NoForeignCharacters.allows("a/b\\c"));
        assert!(!NoForeignCharactersOrSlashes.allows("a/b"));
        assert!(!NoForeignCharactersOrSlashes.allows("a\\b"));
        assert!(NoForeignCharactersOrSlashes.allows("a-b"));
    }

    #[test]
    fn url_tags_are_letters_digits_and_underscores() {
        assert!(UrlTag.allows("utm_source_2"));
        assert!(!UrlTag.allows("utm-source"));
    }

    #[test]
    fn alpha_rules_take_letters_and_optionally_spaces() {
        assert!(Alpha.allows("Zoë"));
        assert!(!Alpha.allows("Zoe 2"));
        assert!(AlphaWithSpaces.allows("Mary Ann"));
        assert!(!AlphaWithSpaces.allows("Mary-Ann"));
        assert!(!Alpha.allows("a×b"));
    }

    #[test]
    fn phone_numbers_take_a_leading_plus_digits_spaces_and_brackets() {
        assert!(PhoneNumber.allows("+44 (0)161 496 0000"));
        assert!(PhoneNumber.allows("01614960000"));
        assert!(!PhoneNumber.allows("0161-496"));
        assert!(!PhoneNumber.allows("44+161"));
    }

    #[test]
    fn no_spaces_means_no_whitespace_at_all() {
        assert!(NoSpaces.allows("abc-123"));
        assert!(!NoSpaces.allows("abc 123"));
        assert!(!NoSpaces.allows("abc\t"));
    }

    #[test]
    fn alpha_underscore_start_checks_the_first_character() {
        assert!(AlphaUnderscoreStart.allows("_field1"));
        assert!(AlphaUnderscoreStart.allows("field_1"));
        assert!(!AlphaUnderscoreStart.allows("1field"));
        assert!(!AlphaUnderscoreStart.allows("field-1"));
    }

    #[test]
    fn alphanumeric_with_dash() {
        assert!(AlphanumericWithDash.allows("HLD-100"));
        assert!(!AlphanumericWithDash.allows("HLD_100"));
    }

    #[test]
    fn empty_values_are_allowed_by_every_rule() {
        for rule in [FtpFileName, NoForeignCharacters, UrlTag, Alpha, PhoneNumber, NoSpaces, AlphaUnderscoreStart] {
            assert!(rule.allows(""), "{rule:?}");
        }
    }

    #[test]
    fn a_rules_class_allows_exactly_what_the_rule_allows() {
        for rule in [NoForeignCharacters, Alpha, UrlTag] {
            let class = rule.class().unwrap();
            for c in (0..0x3000).filter_map(char::from_u32) {
                assert_eq!(super::in_class(class, c), rule.allows(&c.to_string()), "{rule:?} {c:?}");
            }
        }
    }

    #[test]
    fn messages_carry_the_hint() {
        assert_eq!(
            UrlTag.message(),
            "Invalid characters found. Allowed characters are letters, numbers and underscores."
        );
    }
}
