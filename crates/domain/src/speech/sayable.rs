//! Which vocabulary words the recogniser can use. Its model is US English, and a word its
//! dictionary lacks is given the phones espeak-ng's American English says it with (`phones`).
//! That voice says the letters a to z, the accented Latin letters of European languages (é, ë,
//! ø, ł, ß) and the digits 0 to 9; another script's letters or digits (Arabic-Indic digits,
//! Cyrillic, Greek, Chinese) it says nothing for, or spells out by their names, so a word with
//! them is refused, named in the message. An account's vocabularies together have at most
//! `ACCOUNT_WORDS_MAX` different words, so the recogniser's dictionary stays one it loads quickly
//! for each recording.

use super::words::{is_vocabulary_word, vocabulary_entries};

/// Different words in all of an account's vocabularies together.
pub const ACCOUNT_WORDS_MAX: usize = 500;
pub const TOO_MANY_ACCOUNT_WORDS: &str = "An account's vocabularies have at most 500 different words between them.";
/// Words the message names, at most (the rest are counted).
const NAMED_MAX: usize = 10;

/// Whether a character (of a word in lower case) is one the recogniser can say: a to z, 0 to 9,
/// an apostrophe or hyphen, or an accented Latin letter (Latin-1 and Latin Extended-A's small
/// letters, ß to ž), but not the division sign nor the letters espeak-ng spells out by their
/// code (dotless ı, the ĳ ligature, ŉ, long ſ).
fn sayable_char(c: char) -> bool {
    let spelled_out = matches!(c, '\u{F7}' | 'ı' | 'ĳ' | 'ŉ' | 'ſ');
    c.is_ascii_alphanumeric() || c == '\'' || c == '-' || (('ß'..='ž').contains(&c) && !spelled_out)
}

/// Whether the recogniser can use a word: a vocabulary word (`is_vocabulary_word`) whose
/// characters, in lower case, it can say.
pub fn recogniser_can_say(word: &str) -> bool {
    is_vocabulary_word(word) && word.to_lowercase().chars().all(sayable_char)
}

/// The words of the entries (the form's text, one entry a line) that are vocabulary words the
/// recogniser cannot say, as written, each once (ignoring case), in the order they come.
pub fn unsayable_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for entry in vocabulary_entries(text) {
        for word in entry.split(' ') {
            let known = words.iter().any(|w| w.to_lowercase() == word.to_lowercase());
            if is_vocabulary_word(word) && !recogniser_can_say(word) && !known {
                words.push(word.to_string());
            }
        }
    }
    words
}

/// The message refusing words the recogniser cannot use, naming them (the first `NAMED_MAX`).
pub fn cannot_say_message<S: AsRef<str>>(words: &[S]) -> String {
    let list = words.iter().take(NAMED_MAX).map(AsRef::as_ref).collect::<Vec<_>>().join(", ");
    let more = match words.len().saturating_sub(NAMED_MAX) {
        0 => String::new(),
        n => format!(" and {n} more"),
    };
    let these = if words.len() == 1 { "this word" } else { "these words" };
    format!(
        "The recogniser cannot use {these}: {list}{more}. Write each word as it is said, with the letters a to z \
         (accents allowed) and the digits 0 to 9."
    )
}

/// The words an account's vocabularies (each its text, one entry a line) give the recogniser:
/// each entry's words it can say (`recogniser_can_say`), lower case as the recogniser's
/// dictionary has them, each once, sorted.
pub fn recogniser_words<S: AsRef<str>>(vocabularies: &[S]) -> Vec<String> {
    let mut words: Vec<String> = vocabularies
        .iter()
        .flat_map(|text| vocabulary_entries(text.as_ref()))
        .flat_map(|entry| entry.split(' ').map(str::to_lowercase).collect::<Vec<_>>())
        .filter(|word| recogniser_can_say(word))
        .collect();
    words.sort();
    words.dedup();
    words
}

/// Whether the account's vocabularies would have more than `ACCOUNT_WORDS_MAX` different words
/// between them: `others` are its other vocabularies' texts, `words` the one being saved.
pub fn too_many_account_words<S: AsRef<str>>(others: &[S], words: &str) -> bool {
    let mut texts: Vec<&str> = others.iter().map(AsRef::as_ref).collect();
    texts.push(words);
    recogniser_words(&texts).len() > ACCOUNT_WORDS_MAX
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_recogniser_says_latin_letters_and_the_digits_0_to_9() {
        for word in ["Llandudno", "o'clock", "24-hour", "Zoë", "café", "Ørsted", "smørrebrød", "Łódź", "STRASSE", "ß"]
        {
            assert!(recogniser_can_say(word), "{word}");
        }
        // Arabic-Indic digits, Cyrillic, Greek, Chinese, superscripts, a dotted capital I (its
        // lower case has a combining dot), a division sign, and what is no vocabulary word.
        for word in ["٣٤٥", "Москва", "Ελλάδα", "東京", "x²", "İstanbul", "a÷b", "µ", "kırmızı", "-ish", ""]
        {
            assert!(!recogniser_can_say(word), "{word}");
        }
    }

    #[test]
    fn the_words_it_cannot_say_are_named_once_as_written() {
        let text = "Atlas ٣٤٥\nМосква Home\nмосква\n٣٤٥\nbad!word";
        assert_eq!(unsayable_words(text), ["٣٤٥", "Москва"]);
        assert!(unsayable_words("Zoë\n24-hour callout").is_empty());
        assert_eq!(
            cannot_say_message(&["٣٤٥", "Москва"]),
            "The recogniser cannot use these words: ٣٤٥, Москва. Write each word as it is said, with the letters a \
             to z (accents allowed) and the digits 0 to 9."
        );
        assert!(cannot_say_message(&["٣٤٥"]).starts_with("The recogniser cannot use this word: ٣٤٥. "));
        let many: Vec<String> = (0..12).map(|i| format!("w{i}")).collect();
        assert!(cannot_say_message(&many).contains(": w0, w1, w2, w3, w4, w5, w6, w7, w8, w9 and 2 more. "));
    }

    #[test]
    fn an_accounts_vocabularies_have_at_most_500_different_words_between_them() {
        let words = |from: usize, to: usize| (from..to).map(|i| format!("w{i}")).collect::<Vec<_>>().join("\n");
        let others = [words(0, 300), words(250, 400)];
        assert!(!too_many_account_words(&others, &words(300, 500)), "400 + 100 new: 500");
        assert!(too_many_account_words(&others, &words(300, 501)));
        // Case and repeats across vocabularies count once; words it cannot use are not counted.
        assert!(!too_many_account_words(&others, &format!("{}\nW0\n٣٤٥", words(300, 500))));
        assert!(!too_many_account_words::<&str>(&[], &words(0, 500)));
    }
}
