//! Voice tags (/voicetags): phrases that tag a call when they are spoken, by the caller, the agent
//! or either. A phrase is found in a transcript as a run of whole words on one line (an
//! utterance): case, punctuation and spacing do not matter ("Book an appointment!" is found in
//! "i'd like to book an appointment please"), a part of a word never matches ("point" is not in
//! "appointment").
//!
//! Who speaks a line: the recordings are mono (one channel for both sides), so the recogniser does
//! not know. The rule is the turn order of a call answered by the business: the agent speaks
//! first, then the two sides take turns, one line a turn (the recogniser breaks lines at the
//! pauses between turns). A turn broken by a long pause, or two turns without one, puts the later
//! lines on the wrong side; a recogniser that knows the speaker (two-channel recordings) can give
//! the sides instead (`Speaker` per line).

use serde::{Deserialize, Serialize};

use super::transcript_words;
use crate::names::TextRule;
use crate::validation::FieldErrors;

/// The longest voice tag name (as a call tag's: it shows as a tag in the call log).
pub const VOICE_TAG_NAME_MAX: usize = 40;
pub const VOICE_TAG_NAME_TOO_LONG: &str = "Description must not exceed 40 characters.";
/// Phrases a voice tag may have.
pub const PHRASES_MAX: usize = 10;
/// Words in a phrase.
pub const PHRASE_WORDS_MAX: usize = 6;
/// Characters in a phrase.
pub const PHRASE_CHARS_MAX: usize = 60;
/// Voice tags an account may have.
pub const VOICE_TAGS_MAX: usize = 50;
pub const PHRASES_REQUIRED: &str = "Enter at least one phrase, one a line.";
pub const TOO_MANY_PHRASES: &str = "A voice tag has at most 10 phrases.";
pub const PHRASE_TOO_LONG: &str = "A phrase has at most 6 words and 60 characters.";
pub const PHRASE_NO_WORDS: &str = "A phrase needs letters or digits.";
pub const PHRASE_REPEATED: &str = "Each phrase once.";
pub const SIDE_CHOICE: &str = "Choose who says the phrase.";
pub const TOO_MANY_VOICE_TAGS: &str = "An account has at most 50 voice tags.";
const NAME: TextRule = TextRule::description(VOICE_TAG_NAME_MAX, VOICE_TAG_NAME_TOO_LONG);

/// Who speaks on a line of a transcript.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Speaker {
    Agent,
    Caller,
}

impl Speaker {
    pub fn key(self) -> &'static str {
        match self {
            Speaker::Agent => "agent",
            Speaker::Caller => "caller",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Speaker::Agent => "Agent",
            Speaker::Caller => "Caller",
        }
    }
}

/// Whose words a voice tag listens to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    Caller,
    Agent,
    Either,
}

impl Side {
    pub const ALL: [Side; 3] = [Side::Either, Side::Caller, Side::Agent];

    pub fn key(self) -> &'static str {
        match self {
            Side::Caller => "caller",
            Side::Agent => "agent",
            Side::Either => "either",
        }
    }

    pub fn label(self) -> &'static str {
        match self {
            Side::Caller => "The caller",
            Side::Agent => "The agent",
            Side::Either => "Either side",
        }
    }

    pub fn from_key(key: &str) -> Option<Side> {
        Side::ALL.into_iter().find(|side| side.key() == key)
    }

    /// Whether words said by `speaker` count.
    pub fn hears(self, speaker: Speaker) -> bool {
        match self {
            Side::Either => true,
            Side::Caller => speaker == Speaker::Caller,
            Side::Agent => speaker == Speaker::Agent,
        }
    }
}

/// The voice tag form.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VoiceTagForm {
    /// form_description: shown as the tag in the call log.
    pub description: String,
    /// form_phrases: one a line.
    pub phrases: String,
    /// form_side: "caller", "agent" or "either".
    pub side: String,
}

/// A voice tag as matching needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VoiceTag {
    pub id: i64,
    pub phrases: Vec<String>,
    pub side: Side,
}

/// The phrases of the form's text: one a line, blank lines left out, spaces tidied.
pub fn phrase_lines(text: &str) -> Vec<String> {
    text.lines().map(|line| line.split_whitespace().collect::<Vec<_>>().join(" ")).filter(|l| !l.is_empty()).collect()
}

/// Field errors of the voice tag form; `taken` holds the account's other voice tags' names.
pub fn validate_voice_tag<S: AsRef<str>>(form: &VoiceTagForm, taken: &[S]) -> FieldErrors {
    let mut errors = FieldErrors::new();
    NAME.check(&mut errors, "form_description", &form.description, taken);
    let phrases = phrase_lines(&form.phrases);
    let mut seen: Vec<Vec<String>> = Vec::new();
    if phrases.is_empty() {
        errors.add("form_phrases", PHRASES_REQUIRED);
    } else if phrases.len() > PHRASES_MAX {
        errors.add("form_phrases", TOO_MANY_PHRASES);
    }
    for phrase in &phrases {
        let words = transcript_words(phrase);
        if words.is_empty() {
            errors.add("form_phrases", PHRASE_NO_WORDS);
        } else if words.len() > PHRASE_WORDS_MAX || phrase.chars().count() > PHRASE_CHARS_MAX {
            errors.add("form_phrases", PHRASE_TOO_LONG);
        } else if seen.contains(&words) {
            errors.add("form_phrases", PHRASE_REPEATED);
        }
        seen.push(words);
    }
    if Side::from_key(&form.side).is_none() {
        errors.add("form_side", SIDE_CHOICE);
    }
    errors
}

/// Who speaks each of a transcript's lines: the agent first, then turn about (see the module).
pub fn line_speakers(lines: usize) -> Vec<Speaker> {
    (0..lines).map(|i| if i % 2 == 0 { Speaker::Agent } else { Speaker::Caller }).collect()
}

/// A phrase found in a transcript.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PhraseHit {
    pub voice_tag: i64,
    /// The phrase as the voice tag has it.
    pub phrase: String,
    pub speaker: Speaker,
    /// The line (0 first) and the place of its first word on the line.
    pub line: usize,
    pub first_word: usize,
    /// Its first word's place among all the transcript's words (for the words' times).
    pub word_index: usize,
    pub words: usize,
}

/// The words of each line of a transcript, as compared (lower case, no punctuation).
fn line_words(text: &str) -> Vec<Vec<String>> {
    text.lines().map(transcript_words).collect()
}

/// Every place a voice tag's phrase is said by a side it listens to, in transcript order
/// (overlapping finds of different tags all count).
pub fn find_phrases(text: &str, tags: &[VoiceTag]) -> Vec<PhraseHit> {
    let lines = line_words(text);
    let speakers = line_speakers(lines.len());
    let mut hits = Vec::new();
    let mut before = 0;
    for (line, words) in lines.iter().enumerate() {
        for tag in tags.iter().filter(|t| t.side.hears(speakers[line])) {
            for phrase in &tag.phrases {
                let wanted = transcript_words(phrase);
                if wanted.is_empty() || wanted.len() > words.len() {
                    continue;
                }
                for start in 0..=words.len() - wanted.len() {
                    if words[start..start + wanted.len()] == wanted[..] {
                        hits.push(PhraseHit {
                            voice_tag: tag.id,
                            phrase: phrase.clone(),
                            speaker: speakers[line],
                            line,
                            first_word: start,
                            word_index: before + start,
                            words: wanted.len(),
                        });
                    }
                }
            }
        }
        before += words.len();
    }
    hits.sort_by_key(|h| (h.line, h.first_word, h.voice_tag));
    hits
}

/// The voice tags a transcript has, each once, in the order of their ids.
pub fn tags_found(text: &str, tags: &[VoiceTag]) -> Vec<i64> {
    let mut ids: Vec<i64> = find_phrases(text, tags).into_iter().map(|h| h.voice_tag).collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// A piece of a line as the insights show it: plain words, or words of phrases found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LinePart {
    pub text: String,
    /// The voice tags whose phrases these words are part of, by id (none: plain words).
    pub voice_tags: Vec<i64>,
}

/// A line of a transcript with its speaker and its phrases marked.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MarkedLine {
    pub speaker: Speaker,
    pub parts: Vec<LinePart>,
}

/// The transcript's lines with the phrases found marked: a word in the finds of several voice
/// tags is marked with them all. The words are shown as compared (lower case, no punctuation).
pub fn mark_phrases(text: &str, tags: &[VoiceTag]) -> Vec<MarkedLine> {
    let lines = line_words(text);
    let speakers = line_speakers(lines.len());
    let hits = find_phrases(text, tags);
    lines
        .iter()
        .enumerate()
        .map(|(n, words)| {
            let mut owners: Vec<Vec<i64>> = vec![Vec::new(); words.len()];
            for hit in hits.iter().filter(|h| h.line == n) {
                for owner in &mut owners[hit.first_word..hit.first_word + hit.words] {
                    if !owner.contains(&hit.voice_tag) {
                        owner.push(hit.voice_tag);
                        owner.sort_unstable();
                    }
                }
            }
            let mut parts: Vec<LinePart> = Vec::new();
            for (word, tags) in words.iter().zip(owners) {
                match parts.last_mut() {
                    Some(last) if last.voice_tags == tags => {
                        last.text.push(' ');
                        last.text.push_str(word);
                    }
                    _ => parts.push(LinePart { text: word.clone(), voice_tags: tags }),
                }
            }
            MarkedLine { speaker: speakers[n], parts }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tag(id: i64, phrases: &[&str], side: Side) -> VoiceTag {
        VoiceTag { id, phrases: phrases.iter().map(|p| p.to_string()).collect(), side }
    }

    const CALL: &str = "good morning how can i help\ni would like to book an appointment please\n\
                        would thursday at ten o'clock suit you\nthursday is perfect thank you";

    #[test]
    fn a_phrase_is_found_whatever_its_case_and_punctuation() {
        let tags = [tag(1, &["Book an APPOINTMENT!"], Side::Either)];
        let hits = find_phrases(CALL, &tags);
        assert_eq!(hits.len(), 1);
        assert_eq!((hits[0].line, hits[0].first_word, hits[0].words, hits[0].word_index), (1, 4, 3, 10));
        assert_eq!(hits[0].speaker, Speaker::Caller);
        assert_eq!(tags_found("I'd like to BOOK, an appointment.", &tags), vec![1]);
    }

    #[test]
    fn a_phrase_matches_whole_words_only() {
        assert!(find_phrases(CALL, &[tag(1, &["point"], Side::Either)]).is_empty());
        assert!(find_phrases(CALL, &[tag(1, &["appoint"], Side::Either)]).is_empty());
        assert_eq!(find_phrases(CALL, &[tag(1, &["o'clock"], Side::Either)]).len(), 1);
        assert_eq!(find_phrases(CALL, &[tag(1, &["ten o'clock suit"], Side::Either)]).len(), 1);
    }

    #[test]
    fn a_phrase_does_not_run_across_two_lines() {
        assert!(find_phrases(CALL, &[tag(1, &["help i would"], Side::Either)]).is_empty());
    }

    #[test]
    fn the_side_decides_whose_words_count() {
        // "thank you" is the caller's (line 4); "how can i help" the agent's (line 1).
        assert_eq!(tags_found(CALL, &[tag(1, &["thank you"], Side::Caller)]), vec![1]);
        assert!(tags_found(CALL, &[tag(1, &["thank you"], Side::Agent)]).is_empty());
        assert_eq!(tags_found(CALL, &[tag(1, &["how can i help"], Side::Agent)]), vec![1]);
        assert!(tags_found(CALL, &[tag(1, &["how can i help"], Side::Caller)]).is_empty());
        assert_eq!(tags_found(CALL, &[tag(1, &["thursday"], Side::Either)]), vec![1]);
        assert_eq!(find_phrases(CALL, &[tag(1, &["thursday"], Side::Either)]).len(), 2);
    }

    #[test]
    fn the_agent_speaks_first_and_the_sides_take_turns() {
        assert_eq!(line_speakers(3), vec![Speaker::Agent, Speaker::Caller, Speaker::Agent]);
        assert!(line_speakers(0).is_empty());
    }

    #[test]
    fn each_tag_is_found_once_among_the_tags_of_a_call() {
        let tags = [tag(7, &["thursday", "ten"], Side::Either), tag(3, &["appointment"], Side::Caller)];
        assert_eq!(tags_found(CALL, &tags), vec![3, 7]);
        assert!(tags_found("", &tags).is_empty());
    }

    #[test]
    fn the_phrases_found_are_marked_on_their_lines() {
        let tags = [tag(2, &["book an appointment"], Side::Either), tag(5, &["appointment please"], Side::Either)];
        let lines = mark_phrases(CALL, &tags);
        assert_eq!(lines.len(), 4);
        assert_eq!(lines[1].speaker, Speaker::Caller);
        let part = |text: &str, tags: &[i64]| LinePart { text: text.into(), voice_tags: tags.to_vec() };
        // "appointment" is in both phrases: marked with both tags.
        assert_eq!(
            lines[1].parts,
            vec![
                part("i would like to", &[]),
                part("book an", &[2]),
                part("appointment", &[2, 5]),
                part("please", &[5])
            ]
        );
        assert_eq!(lines[0].parts, vec![part("good morning how can i help", &[])]);
        let same = [tag(9, &["please"], Side::Caller), tag(4, &["please"], Side::Either)];
        assert_eq!(mark_phrases(CALL, &same)[1].parts.last(), Some(&part("please", &[4, 9])));
    }

    #[test]
    fn the_form_needs_a_name_phrases_and_a_side() {
        let form = |name: &str, phrases: &str, side: &str| VoiceTagForm {
            description: name.into(),
            phrases: phrases.into(),
            side: side.into(),
        };
        assert!(validate_voice_tag(
            &form("Booking", "book an appointment\n\n  make a booking ", "caller"),
            &[] as &[&str]
        )
        .is_empty());
        let errors = validate_voice_tag(&form("", "", "nobody"), &[] as &[&str]);
        assert_eq!(errors.get("form_description"), Some("Description is required."));
        assert_eq!(errors.get("form_phrases"), Some(PHRASES_REQUIRED));
        assert_eq!(errors.get("form_side"), Some(SIDE_CHOICE));
        assert_eq!(
            validate_voice_tag(&form("booking ", "x", "either"), &["Booking"]).get("form_description"),
            Some("Description must be unique.")
        );
        assert_eq!(
            validate_voice_tag(&form(&"n".repeat(41), "x", "either"), &[] as &[&str]).get("form_description"),
            Some(VOICE_TAG_NAME_TOO_LONG)
        );
        let eleven = (0..11).map(|i| format!("phrase {i}")).collect::<Vec<_>>().join("\n");
        assert_eq!(
            validate_voice_tag(&form("B", &eleven, "either"), &[] as &[&str]).get("form_phrases"),
            Some(TOO_MANY_PHRASES)
        );
        assert_eq!(
            validate_voice_tag(&form("B", "a b c d e f g", "either"), &[] as &[&str]).get("form_phrases"),
            Some(PHRASE_TOO_LONG)
        );
        assert_eq!(
            validate_voice_tag(&form("B", &"x".repeat(61), "either"), &[] as &[&str]).get("form_phrases"),
            Some(PHRASE_TOO_LONG)
        );
        assert_eq!(
            validate_voice_tag(&form("B", "?!", "either"), &[] as &[&str]).get("form_phrases"),
            Some(PHRASE_NO_WORDS)
        );
        assert_eq!(
            validate_voice_tag(&form("B", "Price list\nprice, LIST", "either"), &[] as &[&str]).get("form_phrases"),
            Some(PHRASE_REPEATED)
        );
    }
}
