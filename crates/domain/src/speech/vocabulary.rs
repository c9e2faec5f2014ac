//! Vocabularies (/vocabularies): an account's own words and phrases (product names, places,
//! people) for the recogniser. A vocabulary has a name and its entries, one a line: each entry one
//! to four words of letters, digits, apostrophes and hyphens, as the caller would say them
//! ("Atlas Home Cover", "Llandudno", "24-hour"), each a word the recogniser can say (`sayable`:
//! Latin letters and the digits 0 to 9; the words it cannot are named). Counts and lengths are
//! bounded so a vocabulary stays a list a recogniser can take.

use serde::{Deserialize, Serialize};

pub use super::sayable::recogniser_words;
use super::sayable::{cannot_say_message, unsayable_words};
pub use super::words::{is_vocabulary_word, vocabulary_entries};
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const VOCABULARY_NAME_MAX: usize = 40;
pub const VOCABULARY_NAME_TOO_LONG: &str = "Description must not exceed 40 characters.";
/// Entries in one vocabulary.
pub const ENTRIES_MAX: usize = 100;
/// Words in an entry.
pub const ENTRY_WORDS_MAX: usize = 4;
/// Characters in one word.
pub const WORD_CHARS_MAX: usize = 30;
/// Vocabularies an account may have.
pub const VOCABULARIES_MAX: usize = 20;
pub const ENTRIES_REQUIRED: &str = "Enter at least one word or phrase, one a line.";
pub const TOO_MANY_ENTRIES: &str = "A vocabulary has at most 100 words or phrases.";
pub const ENTRY_TOO_LONG: &str = "A phrase has at most 4 words, each at most 30 characters.";
pub const ENTRY_CHARACTERS: &str = "Use letters, digits, apostrophes and hyphens only.";
pub const ENTRY_REPEATED: &str = "Each word or phrase once.";
pub const TOO_MANY_VOCABULARIES: &str = "An account has at most 20 vocabularies.";
const NAME: TextRule = TextRule::description(VOCABULARY_NAME_MAX, VOCABULARY_NAME_TOO_LONG);

/// The vocabulary form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VocabularyForm {
    /// form_description
    pub description: String,
    /// form_words: one word or phrase a line.
    pub words: String,
}

/// Field errors of the vocabulary form; `taken` holds the account's other vocabularies' names.
pub fn validate_vocabulary<S: AsRef<str>>(form: &VocabularyForm, taken: &[S]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    NAME.check(&mut errors, "form_description", &form.description, taken);
    let entries = vocabulary_entries(&form.words);
    if entries.is_empty() {
        errors.add("form_words", ENTRIES_REQUIRED);
    } else if entries.len() > ENTRIES_MAX {
        errors.add("form_words", TOO_MANY_ENTRIES);
    }
    let mut seen: Vec<String> = Vec::new();
    for entry in &entries {
        let words: Vec<&str> = entry.split(' ').collect();
        if words.len() > ENTRY_WORDS_MAX || words.iter().any(|w| w.chars().count() > WORD_CHARS_MAX) {
            errors.add("form_words", ENTRY_TOO_LONG);
        } else if !words.iter().all(|w| is_vocabulary_word(w)) {
            errors.add("form_words", ENTRY_CHARACTERS);
        } else if seen.contains(&entry.to_lowercase()) {
            errors.add("form_words", ENTRY_REPEATED);
        }
        seen.push(entry.to_lowercase());
    }
    let unsayable = unsayable_words(&form.words);
    if !unsayable.is_empty() {
        errors.add("form_words", cannot_say_message(&unsayable));
    }
    errors
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_recogniser_takes_each_word_of_every_entry_once_in_lower_case() {
        let vocabularies = ["Zentrova kit\nAtlas Home Cover\n\n", "atlas\n24-hour  callout", "bad!word\n٣٤٥ Москва"];
        assert_eq!(
            super::recogniser_words(&vocabularies),
            ["24-hour", "atlas", "callout", "cover", "home", "kit", "zentrova"]
        );
        assert!(super::recogniser_words::<&str>(&[]).is_empty());
    }

    use super::*;

    fn errors(description: &str, words: &str) -> FieldErrors {
        validate_vocabulary(&VocabularyForm { description: description.into(), words: words.into() }, &["Products"])
    }

    #[test]
    fn words_are_letters_and_digits_with_apostrophes_and_hyphens_inside() {
        for word in ["Llandudno", "o'clock", "24-hour", "Zoë", "A4"] {
            assert!(is_vocabulary_word(word), "{word}");
        }
        for word in ["", "-ish", "rock'", "pounds£", "a.b", "<b>", "two words"] {
            assert!(!is_vocabulary_word(word), "{word}");
        }
    }

    #[test]
    fn a_vocabulary_has_a_unique_name_and_a_bounded_list_of_entries() {
        assert!(errors("Places", "Llandudno\n\n  Atlas   Home Cover \n24-hour").is_empty());
        assert_eq!(errors("", "x").get("form_description"), Some("Description is required."));
        assert_eq!(errors("products ", "x").get("form_description"), Some("Description must be unique."));
        assert_eq!(errors(&"n".repeat(41), "x").get("form_description"), Some(VOCABULARY_NAME_TOO_LONG));
        assert_eq!(errors("P", " \n ").get("form_words"), Some(ENTRIES_REQUIRED));
        let many = (0..101).map(|i| format!("word{i}")).collect::<Vec<_>>().join("\n");
        assert_eq!(errors("P", &many).get("form_words"), Some(TOO_MANY_ENTRIES));
        let hundred = (0..100).map(|i| format!("word{i}")).collect::<Vec<_>>().join("\n");
        assert!(errors("P", &hundred).is_empty());
        assert_eq!(errors("P", "one two three four five").get("form_words"), Some(ENTRY_TOO_LONG));
        assert_eq!(errors("P", &"x".repeat(31)).get("form_words"), Some(ENTRY_TOO_LONG));
        assert_eq!(errors("P", "price £5").get("form_words"), Some(ENTRY_CHARACTERS));
        assert_eq!(errors("P", "Atlas Cover\natlas  COVER").get("form_words"), Some(ENTRY_REPEATED));
        assert_eq!(
            errors("P", "Atlas\nflat ٣٤٥\nМосква").get("form_words"),
            Some(cannot_say_message(&["٣٤٥", "Москва"]).as_str())
        );
        assert!(errors("P", "Zoë\ncafé").is_empty());
    }
}
