//! Searching the words said in calls: what a search typed in the call log means (a phrase in
//! quotes, or any of several words), the words a transcript is made of, and the line of a
//! transcript a found call shows. The stores' full-text indexes (SQLite FTS5, PostgreSQL's
//! `simple` text search) are asked with these words, so both find what these rules find.

/// The longest search.
pub const TRANSCRIPT_SEARCH_MAX: usize = 100;
/// The most words and phrases in one search.
pub const TRANSCRIPT_TERMS_MAX: usize = 8;
pub const TRANSCRIPT_SEARCH_TOO_LONG: &str = "Search the words said with at most 100 characters.";
pub const TRANSCRIPT_TOO_MANY_TERMS: &str = "Search for at most 8 words or phrases at once.";
pub const TRANSCRIPT_NO_WORDS: &str = "Type a word said in the call, such as quote or \"book an appointment\".";

/// Words shown around a match in a found call's line.
const WORDS_BEFORE: usize = 6;
const WORDS_AFTER: usize = 10;

/// A search: calls whose transcript has any of its terms; a term is a word, or a phrase's words
/// one after the other. Each word is lower case letters and digits only.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TranscriptSearch {
    pub terms: Vec<Vec<String>>,
}

/// The words of a text as the indexes see them: runs of letters and digits, in lower case
/// (an apostrophe or a hyphen parts words: "don't" is "don" then "t").
pub fn transcript_words(text: &str) -> Vec<String> {
    word_spans(text).into_iter().map(|(start, end)| text[start..end].to_lowercase()).collect()
}

/// Each word's byte range in `text`.
fn word_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        match (c.is_alphanumeric(), start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                spans.push((s, i));
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        spans.push((s, text.len()));
    }
    spans
}

/// The search typed: None when empty; phrases in double quotes, other words one by one.
pub fn parse_transcript_search(text: &str) -> Result<Option<TranscriptSearch>, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    if text.chars().count() > TRANSCRIPT_SEARCH_MAX {
        return Err(TRANSCRIPT_SEARCH_TOO_LONG);
    }
    let mut terms: Vec<Vec<String>> = Vec::new();
    // Even pieces are outside quotes, odd ones inside (an unclosed quote runs to the end).
    for (i, piece) in text.split('"').enumerate() {
        let found = if i % 2 == 1 {
            vec![transcript_words(piece)]
        } else {
            piece.split_whitespace().map(transcript_words).collect()
        };
        for term in found.into_iter().filter(|t| !t.is_empty()) {
            if !terms.contains(&term) {
                terms.push(term);
            }
        }
    }
    match terms.len() {
        0 => Err(TRANSCRIPT_NO_WORDS),
        n if n > TRANSCRIPT_TERMS_MAX => Err(TRANSCRIPT_TOO_MANY_TERMS),
        _ => Ok(Some(TranscriptSearch { terms })),
    }
}

/// The line of `text` a found call shows: a few words either side of the first match, with
/// "…" where the transcript goes on; None when nothing in it matches.
pub fn matching_line(text: &str, search: &TranscriptSearch) -> Option<String> {
    let spans = word_spans(text);
    let words: Vec<String> = spans.iter().map(|&(s, e)| text[s..e].to_lowercase()).collect();
    let (at, len) = (0..words.len())
        .find_map(|i| search.terms.iter().find(|term| words[i..].starts_with(term)).map(|term| (i, term.len())))?;
    let first = at.saturating_sub(WORDS_BEFORE);
    let last = (at + len + WORDS_AFTER).min(words.len()) - 1;
    let mut line = text[spans[first].0..spans[last].1].split_whitespace().collect::<Vec<_>>().join(" ");
    if first > 0 {
        line.insert_str(0, "… ");
    }
    if last + 1 < words.len() {
        line.push_str(" …");
    }
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(text: &str) -> Vec<Vec<String>> {
        parse_transcript_search(text).unwrap().unwrap().terms
    }

    #[test]
    fn words_are_letters_and_digits_in_lower_case() {
        assert_eq!(
            transcript_words("Don't book the 3pm, Café-Bar!"),
            ["don", "t", "book", "the", "3pm", "café", "bar"]
        );
        assert!(transcript_words(" ,.- ").is_empty());
    }

    #[test]
    fn quotes_make_a_phrase_and_other_words_are_any_of() {
        assert_eq!(terms("quote  Refund"), vec![vec!["quote"], vec!["refund"]]);
        assert_eq!(terms("\"Book an appointment\" price"), vec![vec!["book", "an", "appointment"], vec!["price"]]);
        assert_eq!(terms("\"unclosed phrase"), vec![vec!["unclosed", "phrase"]]);
        assert_eq!(terms("don't quote QUOTE"), vec![vec!["don", "t"], vec!["quote"]], "each term once");
        assert_eq!(parse_transcript_search("   "), Ok(None));
        assert_eq!(parse_transcript_search("\"\" ?!"), Err(TRANSCRIPT_NO_WORDS));
        assert_eq!(parse_transcript_search(&"a".repeat(101)), Err(TRANSCRIPT_SEARCH_TOO_LONG));
        assert_eq!(parse_transcript_search("a b c d e f g h i"), Err(TRANSCRIPT_TOO_MANY_TERMS));
        assert!(parse_transcript_search("a b c d e f g h").is_ok());
    }

    #[test]
    fn the_line_shows_the_first_match_with_words_either_side() {
        let text = "Hello you are through to Harbour Lane. I would like to book an appointment for a check up \
                    next Tuesday if you have one in the morning please thank you";
        let search = parse_transcript_search("\"book an appointment\" refund").unwrap().unwrap();
        assert_eq!(
            matching_line(text, &search).as_deref(),
            Some("… Harbour Lane. I would like to book an appointment for a check up next Tuesday if you have one …")
        );
        let start = parse_transcript_search("hello").unwrap().unwrap();
        assert_eq!(
            matching_line(text, &start).as_deref(),
            Some("Hello you are through to Harbour Lane. I would like to …")
        );
        let end = parse_transcript_search("thank").unwrap().unwrap();
        assert_eq!(matching_line(text, &end).as_deref(), Some("… have one in the morning please thank you"));
        let absent = parse_transcript_search("\"an book\"").unwrap().unwrap();
        assert_eq!(matching_line(text, &absent), None, "a phrase's words in its order only");
        let partial = parse_transcript_search("appoint").unwrap().unwrap();
        assert_eq!(matching_line(text, &partial), None, "whole words, as the indexes");
    }
}
