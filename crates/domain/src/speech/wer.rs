//! The word error rate: the fewest words substituted, deleted or inserted to turn the reference
//! (what was said) into the hypothesis (what the recogniser heard), over the reference's words.
//! Both are compared as `transcript_words`: lower case, punctuation dropped.

/// The edits between a reference and a hypothesis.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WordErrors {
    /// Substitutions + deletions + insertions (the word-level Levenshtein distance).
    pub errors: usize,
    pub reference_words: usize,
}

impl WordErrors {
    /// errors / reference words (0 for an empty reference heard as nothing; an empty reference
    /// with words heard counts each as an error over one word).
    pub fn rate(self) -> f64 {
        self.errors as f64 / self.reference_words.max(1) as f64
    }
}

/// Sums the edits of several recordings (the corpus rate weighs each by its words).
impl std::ops::Add for WordErrors {
    type Output = WordErrors;

    fn add(self, other: WordErrors) -> WordErrors {
        WordErrors { errors: self.errors + other.errors, reference_words: self.reference_words + other.reference_words }
    }
}

/// The words of a text as a transcript compares them: lower case, split on anything but letters,
/// digits and apostrophes (curly ones made straight), apostrophes at a word's ends dropped.
pub fn transcript_words(text: &str) -> Vec<String> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '\'' || c == '\u{2019}'))
        .map(|word| word.replace('\u{2019}', "'").trim_matches('\'').to_lowercase())
        .filter(|word| !word.is_empty())
        .collect()
}

/// The word error rate of `hypothesis` against `reference`.
pub fn word_error_rate(reference: &str, hypothesis: &str) -> WordErrors {
    let (reference, hypothesis) = (transcript_words(reference), transcript_words(hypothesis));
    // One row of the edit-distance table at a time: O(n·m) time, O(m) memory.
    let mut row: Vec<usize> = (0..=hypothesis.len()).collect();
    for (i, said) in reference.iter().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, heard) in hypothesis.iter().enumerate() {
            let substituted = diagonal + usize::from(said != heard);
            diagonal = row[j + 1];
            row[j + 1] = substituted.min(row[j + 1] + 1).min(row[j] + 1);
        }
    }
    WordErrors { errors: row[hypothesis.len()], reference_words: reference.len() }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_perfect_transcript_has_no_errors_whatever_the_case_and_punctuation() {
        let errors = word_error_rate("Thursday at ten o'clock, please.", "thursday at TEN o’clock please");
        assert_eq!(errors, WordErrors { errors: 0, reference_words: 5 });
        assert_eq!(errors.rate(), 0.0);
    }

    #[test]
    fn substitutions_deletions_and_insertions_each_count_one() {
        assert_eq!(word_error_rate("book an appointment", "book a appointment").errors, 1);
        assert_eq!(word_error_rate("book an appointment", "book appointment").errors, 1);
        assert_eq!(word_error_rate("book an appointment", "please book an appointment now").errors, 2);
        let errors = word_error_rate("one two three four", "two three five");
        assert_eq!((errors.errors, errors.reference_words), (2, 4));
        assert_eq!(errors.rate(), 0.5);
    }

    #[test]
    fn nothing_heard_is_every_word_missed_and_noise_over_silence_counts() {
        assert_eq!(word_error_rate("good morning", "").rate(), 1.0);
        assert_eq!(word_error_rate("", ""), WordErrors { errors: 0, reference_words: 0 });
        assert_eq!(word_error_rate("", "uh huh").rate(), 2.0);
    }

    #[test]
    fn the_rate_can_pass_one_when_the_recogniser_adds_words() {
        assert_eq!(word_error_rate("yes", "yes yes yes").rate(), 2.0);
    }

    #[test]
    fn recordings_add_up_weighted_by_their_words() {
        let total = word_error_rate("a b c d", "a b c d") + word_error_rate("e f", "x y");
        assert_eq!(total, WordErrors { errors: 2, reference_words: 6 });
    }

    #[test]
    fn words_are_split_on_punctuation_and_keep_inner_apostrophes() {
        assert_eq!(transcript_words("That's alright. 'Ten'-thirty!"), ["that's", "alright", "ten", "thirty"]);
        assert!(transcript_words(" ,.;! ").is_empty());
    }

    #[test]
    fn long_transcripts_are_compared_in_bounded_time() {
        let said = "word ".repeat(2_000);
        let heard = "other ".repeat(2_000);
        assert_eq!(word_error_rate(&said, &heard).errors, 2_000);
    }
}
