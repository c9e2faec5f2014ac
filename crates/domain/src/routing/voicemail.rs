//! Voicemail boxes (spec/call-routing.md section 5): a description and the greeting audio.

use serde::{Deserialize, Serialize};

use super::connect::AUDIO_REQUIRED;
use super::constants::VOICEMAIL_DESCRIPTION_MAX;
use crate::names::{TextRule, NOTHING_TAKEN};
use crate::validation::FieldErrors;

const DESCRIPTION: TextRule =
    TextRule::description(VOICEMAIL_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VoicemailForm {
    pub description: String,
    pub audio_id: i64,
}

/// Keys: description, audioId (the managevoicemails field names). Voicemail descriptions need
/// not be unique: the spec asks only for the character rule.
pub fn validate_voicemail(form: &VoicemailForm) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "description", &form.description, NOTHING_TAKEN);
    if form.audio_id <= 0 {
        errors.add("audioId", AUDIO_REQUIRED);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_voicemail_needs_a_plain_description_and_an_audio() {
        let errors =
            validate_voicemail(&VoicemailForm { description: "Out of hours ✓".into(), audio_id: 0 }).unwrap_err();
        assert!(errors.get("description").unwrap().starts_with("Invalid characters found. Allowed characters are"));
        assert_eq!(errors.get("audioId"), Some("Audio is required."));
        assert!(validate_voicemail(&VoicemailForm { description: "Out of hours".into(), audio_id: 4 }).is_ok());
        let empty = validate_voicemail(&VoicemailForm { description: "".into(), audio_id: 4 }).unwrap_err();
        assert_eq!(empty.get("description"), Some("Description is required."));
    }
}
