//! Speech analytics: which accounts have their recorded calls transcribed, and how a
//! transcript is measured against what was said (the word error rate), an account's vocabularies
//! and its voice tags (phrases found in transcripts).

pub mod phones;
pub mod sayable;
pub mod trial;
pub mod vocabulary;
pub mod voice_tags;
mod wer;
mod words;

/// The recogniser that wrote a transcript, in words a customer understands (never the version
/// string kept with it).
pub fn recogniser_label(kept: &str) -> &'static str {
    let kept = kept.to_ascii_lowercase();
    if kept.contains("whisper") {
        "our accurate offline speech recogniser"
    } else if kept.contains("pocketsphinx") {
        "our basic offline speech recogniser"
    } else {
        "our offline speech recogniser"
    }
}

#[cfg(test)]
mod recogniser_tests {
    #[test]
    fn a_transcript_names_its_recogniser_in_words() {
        use super::recogniser_label;
        assert_eq!(
            recogniser_label("pocketsphinx 0.8+5prealpha en-us (Debian, offline)"),
            "our basic offline speech recogniser"
        );
        assert_eq!(recogniser_label("faster-whisper 1.1 base"), "our accurate offline speech recogniser");
        assert_eq!(recogniser_label(""), "our offline speech recogniser");
    }
}

pub use vocabulary::{recogniser_words, validate_vocabulary, vocabulary_entries, VocabularyForm};
pub use voice_tags::{
    find_phrases, line_speakers, mark_phrases, phrase_lines, tags_found, validate_voice_tag, Side, Speaker, VoiceTag,
    VoiceTagForm,
};
pub use wer::{transcript_words, word_error_rate, WordErrors};

/// The scope of speech analytics (the add-on "Speech analytics", in Enterprise's package).
pub const SPEECH_SCOPE: &str = "report_voice_tags";

/// Whether an account's recorded calls are transcribed: it has speech (`hasSpeech`) or the
/// speech analytics scope in its package or add-ons.
pub fn transcribes_calls(has_speech: bool, package_scopes: &[String]) -> bool {
    has_speech || package_scopes.iter().any(|scope| scope == SPEECH_SCOPE)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn speech_or_the_speech_analytics_scope_turns_transcription_on() {
        assert!(transcribes_calls(true, &[]));
        assert!(transcribes_calls(false, &["admin_tagging_for_dynamics".into(), SPEECH_SCOPE.into()]));
        assert!(!transcribes_calls(false, &["admin_tagging_for_dynamics".into()]));
    }
}
