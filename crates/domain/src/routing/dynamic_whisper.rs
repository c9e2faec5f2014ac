//! Dynamic whispers (spec/call-routing.md sections 3, 5 and 9): a whisper for each
//! source / medium a call came from.

use serde::{Deserialize, Serialize};

use crate::character_rules::CharacterRule;
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const DYNAMIC_WHISPER_DESCRIPTION_MAX: usize = 60;
pub const WHISPER_MAX: usize = 255;
pub const WHISPER_REQUIRED: &str = "Please enter at least a whisper for any source.";
pub const WHISPER_TOO_LONG: &str = "Whisper must not exceed 255 characters.";
pub const WHISPER_TEXT_REQUIRED: &str = "Please input the dynamic whisper text.";

const DESCRIPTION: TextRule =
    TextRule::description(DYNAMIC_WHISPER_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct WhisperSource {
    pub source_medium_id: i64,
    /// '' for no whisper on this source.
    pub whisper: String,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DynamicWhisperForm {
    pub description: String,
    pub sources: Vec<WhisperSource>,
}

/// Keys: description, dynamicWhisper (none given), dynamicWhisper[i] (the
/// managedynamicwhispers/save field names; i is the source row).
pub fn validate_dynamic_whisper(form: &DynamicWhisperForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "description", &form.description, taken);
    if form.sources.iter().all(|s| s.whisper.trim().is_empty()) {
        errors.add("dynamicWhisper", WHISPER_REQUIRED);
    }
    for (i, source) in form.sources.iter().enumerate() {
        let whisper = source.whisper.trim();
        if whisper.chars().count() > WHISPER_MAX {
            errors.add(format!("dynamicWhisper[{i}]"), WHISPER_TOO_LONG);
        } else if !CharacterRule::NoForeignCharacters.allows(whisper) {
            errors.add(format!("dynamicWhisper[{i}]"), CharacterRule::NoForeignCharacters.message());
        }
    }
    errors.into_result()
}

/// The play button's check (the text goes to the speech engine): something to say, at most 255
/// keyboard characters.
pub fn whisper_text_problem(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        Some(WHISPER_TEXT_REQUIRED.to_string())
    } else if text.chars().count() > WHISPER_MAX {
        Some(WHISPER_TOO_LONG.to_string())
    } else if !CharacterRule::NoForeignCharacters.allows(text) {
        Some(CharacterRule::NoForeignCharacters.message())
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn source(id: i64, whisper: &str) -> WhisperSource {
        WhisperSource { source_medium_id: id, whisper: whisper.into() }
    }

    fn form() -> DynamicWhisperForm {
        DynamicWhisperForm {
            description: "Marketing channels".into(),
            sources: vec![source(1, "Google paid search"), source(2, "")],
        }
    }

    fn problem(form: &DynamicWhisperForm, field: &str) -> Option<String> {
        validate_dynamic_whisper(form, &["Existing whispers".into()]).err().and_then(|e| e.get(field).map(Into::into))
    }

    #[test]
    fn one_whisper_is_enough() {
        assert!(validate_dynamic_whisper(&form(), &[]).is_ok());
    }

    #[test]
    fn the_description_is_required_short_plain_and_unique() {
        let cases = [
            ("", "Description is required."),
            (&"w".repeat(61) as &str, "Description must not exceed 60 characters."),
            ("existing whispers", "Description must be unique."),
        ];
        for (description, message) in cases {
            let f = DynamicWhisperForm { description: description.into(), ..form() };
            assert_eq!(problem(&f, "description").as_deref(), Some(message));
        }
        let foreign = DynamicWhisperForm { description: "Каналы".into(), ..form() };
        assert!(problem(&foreign, "description").unwrap().starts_with("Invalid characters found."));
    }

    #[test]
    fn at_least_one_source_needs_a_whisper() {
        let blank = DynamicWhisperForm { sources: vec![source(1, "  "), source(2, "")], ..form() };
        assert_eq!(
            problem(&blank, "dynamicWhisper").as_deref(),
            Some("Please enter at least a whisper for any source.")
        );
        let none = DynamicWhisperForm { sources: vec![], ..form() };
        assert_eq!(problem(&none, "dynamicWhisper").as_deref(), Some(WHISPER_REQUIRED));
    }

    #[test]
    fn each_whisper_is_at_most_255_plain_characters() {
        let long = DynamicWhisperForm { sources: vec![source(1, "ok"), source(2, &"w".repeat(256))], ..form() };
        assert_eq!(problem(&long, "dynamicWhisper[1]").as_deref(), Some("Whisper must not exceed 255 characters."));
        let edge = DynamicWhisperForm { sources: vec![source(1, &"w".repeat(255))], ..form() };
        assert!(validate_dynamic_whisper(&edge, &[]).is_ok());
        let foreign = DynamicWhisperForm { sources: vec![source(1, "Звонок")], ..form() };
        assert!(problem(&foreign, "dynamicWhisper[0]").unwrap().starts_with("Invalid characters found."));
    }

    #[test]
    fn the_play_button_needs_some_text() {
        assert_eq!(whisper_text_problem("  ").as_deref(), Some("Please input the dynamic whisper text."));
        assert_eq!(whisper_text_problem("Google paid search"), None);
        assert_eq!(whisper_text_problem(&"w".repeat(256)).as_deref(), Some(WHISPER_TOO_LONG));
        assert!(whisper_text_problem("Привет").unwrap().starts_with("Invalid characters found."));
    }
}
