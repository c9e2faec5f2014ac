//! The words of a vocabulary's text: its entries (one a line) and what counts as a word.

/// The entries of the form's text: one a line, blank lines left out, spaces tidied.
pub fn vocabulary_entries(text: &str) -> Vec<String> {
    text.lines().map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect()
}

/// Whether a word is one a recogniser can take: letters or digits, with apostrophes and hyphens
/// inside it ("o'clock", "24-hour"), not at its ends.
pub fn is_vocabulary_word(word: &str) -> bool {
    let inner = |c: char| c.is_alphanumeric() || c == '\'' || c == '-';
    let mut chars = word.chars();
    let (Some(first), Some(last)) = (chars.next(), word.chars().last()) else { return false };
    first.is_alphanumeric() && last.is_alphanumeric() && word.chars().all(inner)
}
