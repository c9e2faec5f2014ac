//! Basic and advanced connect (spec/call-routing.md sections 2.2, 2.3 and 5): the routing row
//! as the list shows it, and the rules for the rows a user connects.

use serde::{Deserialize, Serialize};

use super::constants::{MID_CALL_AUDIOS, ROUTING_ROW_DESCRIPTION_MAX};
use super::phone::destination_problem;
use crate::character_rules::CharacterRule;
use crate::validation::FieldErrors;

pub const ROW_DESCRIPTION_REQUIRED: &str = "Description is required.";
pub const ROW_DESCRIPTION_TOO_LONG: &str = "Description length must not exceed 80 characters.";
pub const AUDIO_REQUIRED: &str = "Audio is required.";
pub const DIVERT_WITH_SPEECH: &str = "Sorry! Mid call divert cannot be used when speech is enabled.";
pub const INVALID_URL: &str = "Please enter a valid URL.";

/// A tracked number or pool with its routing, as getNumbersList sends it (section 3).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoutingRow {
    pub id: i64,
    /// "static" or "dynamic".
    #[serde(rename = "type")]
    pub kind: String,
    /// The number of a static row, the pool's name of a dynamic one.
    pub number_pool: String,
    pub description: String,
    pub plan_description: String,
    pub plan_id: i64,
    pub call_recording: u8,
    pub has_audio: bool,
    pub destination: String,
    pub intro_audio: i64,
    pub whisper_audio: i64,
    pub dynamic_whisper_audio: i64,
    pub mid_call_divert: u8,
    /// The post call agent attribution's DTMF plan (0 = none).
    pub attribution_id: i64,
    /// The post call agent attribution's DTMF IVR, the option `IVR_{id}` (0 = none); a row has
    /// this or attribution_id, never both.
    pub attribution_dtmf_ivr_id: i64,
    pub mid_call_attribution: u8,
    pub mid_call_audio: String,
    pub post_url: String,
    pub provisioned: bool,
}

impl RoutingRow {
    /// Uses the features of the 'additional features' toggle.
    pub fn uses_additional_features(&self) -> bool {
        self.mid_call_attribution != 0
            || self.mid_call_divert != 0
            || self.attribution_id != 0
            || self.attribution_dtmf_ivr_id != 0
            || !self.post_url.is_empty()
    }

    /// Routed to one number with at most recording: basic connect can show it whole.
    pub fn has_only_basic_features(&self) -> bool {
        self.plan_id == 0
            && self.intro_audio == 0
            && self.whisper_audio == 0
            && self.dynamic_whisper_audio == 0
            && !self.uses_additional_features()
    }
}

/// Connect goes to the basic page only when no selected row uses more than basic features.
pub fn has_only_basic_features(rows: &[RoutingRow]) -> bool {
    rows.iter().all(RoutingRow::has_only_basic_features)
}

/// Why basic connect refuses these stored rows: it would wipe the advanced routing of every
/// row named (its plan, audio or additional features); None when all are basic.
pub fn basic_connect_refusal(rows: &[RoutingRow]) -> Option<String> {
    let advanced: Vec<&str> =
        rows.iter().filter(|r| !r.has_only_basic_features()).map(|r| r.number_pool.as_str()).collect();
    if advanced.is_empty() {
        return None;
    }
    Some(format!(
        "These rows use advanced routing, which basic connect would remove. Change them on the advanced page: {}.",
        advanced.join(", ")
    ))
}

/// The advanced page opens with additional features shown when any row already uses them.
pub fn uses_additional_features(rows: &[RoutingRow]) -> bool {
    rows.iter().any(RoutingRow::uses_additional_features)
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BasicRow {
    pub kind: String,
    pub description: String,
    pub destination: String,
    pub recording: bool,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AdvancedRow {
    pub kind: String,
    pub description: String,
    pub service_plan: i64,
    pub recording: bool,
    pub intro: i64,
    pub whisper: i64,
    pub dynamic_whisper: i64,
    pub post_url: String,
    /// The post call agent attribution's DTMF plan (0 = none).
    pub dtmf: i64,
    /// The post call agent attribution's DTMF IVR (0 = none; the form sends it as `IVR_{id}`).
    pub dtmf_ivr: i64,
    pub mid_call_flag: bool,
    pub mid_call_audio: String,
    pub mid_call_divert: bool,
}

/// A static number's description is required; any description is limited to 80 keyboard
/// characters.
fn check_description(errors: &mut FieldErrors, i: usize, kind: &str, description: &str) {
    let field = format!("form_description[{i}]");
    let description = description.trim();
    if description.is_empty() {
        if kind == "static" {
            errors.add(field, ROW_DESCRIPTION_REQUIRED);
        }
    } else if description.chars().count() > ROUTING_ROW_DESCRIPTION_MAX {
        errors.add(field, ROW_DESCRIPTION_TOO_LONG);
    } else if !CharacterRule::NoForeignCharacters.allows(description) {
        errors.add(field, CharacterRule::NoForeignCharacters.message());
    }
}

/// Keys: form_description[i], form_destination_number[i].
pub fn validate_connect_basic(rows: &[BasicRow]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    for (i, row) in rows.iter().enumerate() {
        check_description(&mut errors, i, &row.kind, &row.description);
        if let Some(message) = destination_problem(&row.destination) {
            errors.add(format!("form_destination_number[{i}]"), message);
        }
    }
    errors.into_result()
}

/// Keys: form_description[i], form_midcall_audio[i], form_mid_call_divert_flag[i], form_post_url[i].
pub fn validate_connect_advanced(rows: &[AdvancedRow], has_speech: bool) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    for (i, row) in rows.iter().enumerate() {
        check_description(&mut errors, i, &row.kind, &row.description);
        // 'None' is the select's empty choice: with mid-call attribution on, a real audio is needed.
        let known = MID_CALL_AUDIOS.contains(&row.mid_call_audio.as_str());
        let unknown_choice = !row.mid_call_audio.is_empty() && !known;
        if unknown_choice || (row.mid_call_flag && (!known || row.mid_call_audio == "None")) {
            errors.add(format!("form_midcall_audio[{i}]"), AUDIO_REQUIRED);
        }
        if row.mid_call_divert && has_speech {
            errors.add(format!("form_mid_call_divert_flag[{i}]"), DIVERT_WITH_SPEECH);
        }
        if !row.post_url.trim().is_empty() && !is_web_address(row.post_url.trim()) {
            errors.add(format!("form_post_url[{i}]"), INVALID_URL);
        }
    }
    errors.into_result()
}

/// An http(s) address with a host and no spaces.
fn is_web_address(value: &str) -> bool {
    let rest = value.strip_prefix("https://").or_else(|| value.strip_prefix("http://"));
    rest.is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && host.contains('.') && !value.chars().any(char::is_whitespace)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn basic(kind: &str, description: &str, destination: &str) -> BasicRow {
        BasicRow {
            kind: kind.into(),
            description: description.into(),
            destination: destination.into(),
            recording: false,
        }
    }

    fn advanced() -> AdvancedRow {
        AdvancedRow {
            kind: "static".into(),
            description: "Google Ads".into(),
            mid_call_audio: "None".into(),
            ..Default::default()
        }
    }

    #[test]
    fn basic_connect_refuses_rows_with_advanced_routing_naming_them() {
        let basic = RoutingRow { number_pool: "01142 000001".into(), ..Default::default() };
        let planned = RoutingRow { number_pool: "01142 000002".into(), plan_id: 7, ..Default::default() };
        let whispered = RoutingRow { number_pool: "Website pool".into(), whisper_audio: 3, ..Default::default() };
        assert_eq!(basic_connect_refusal(std::slice::from_ref(&basic)), None);
        assert_eq!(
            basic_connect_refusal(&[basic, planned, whispered]).as_deref(),
            Some(
                "These rows use advanced routing, which basic connect would remove. Change them on the advanced page: \
                 01142 000002, Website pool."
            )
        );
    }

    #[test]
    fn basic_rows_need_a_destination_and_a_static_description() {
        let errors =
            validate_connect_basic(&[basic("static", "", "0161"), basic("dynamic", "", "01614960000")]).unwrap_err();
        assert_eq!(errors.get("form_description[0]"), Some("Description is required."));
        assert_eq!(errors.get("form_destination_number[0]"), Some("Destination must be at least 8 digits in length."));
        assert_eq!(errors.get("form_description[1]"), None);
        assert!(validate_connect_basic(&[basic("static", "Website", "01614960000")]).is_ok());
    }

    #[test]
    fn a_row_description_is_limited_to_80_keyboard_characters() {
        let long = "x".repeat(81);
        let errors = validate_connect_basic(&[basic("static", &long, "01614960000")]).unwrap_err();
        assert_eq!(errors.get("form_description[0]"), Some("Description length must not exceed 80 characters."));
        let errors = validate_connect_basic(&[basic("static", "Ads 李", "01614960000")]).unwrap_err();
        assert!(errors.get("form_description[0]").unwrap().starts_with("Invalid characters found."));
    }

    #[test]
    fn mid_call_attribution_needs_an_audio() {
        let row = AdvancedRow { mid_call_flag: true, ..advanced() };
        let errors = validate_connect_advanced(std::slice::from_ref(&row), false).unwrap_err();
        assert_eq!(errors.get("form_midcall_audio[0]"), Some("Audio is required."));
        let row = AdvancedRow { mid_call_audio: "Pop".into(), ..row };
        assert!(validate_connect_advanced(&[row], false).is_ok());
        let unknown = AdvancedRow { mid_call_audio: "Jazz".into(), ..advanced() };
        assert!(validate_connect_advanced(&[unknown], false).is_err());
    }

    #[test]
    fn mid_call_divert_is_refused_when_speech_is_enabled() {
        let row = AdvancedRow { mid_call_divert: true, ..advanced() };
        assert!(validate_connect_advanced(std::slice::from_ref(&row), false).is_ok());
        let errors = validate_connect_advanced(&[row], true).unwrap_err();
        assert_eq!(errors.get("form_mid_call_divert_flag[0]"), Some(DIVERT_WITH_SPEECH));
    }

    #[test]
    fn a_post_call_url_must_be_a_web_address() {
        let row = AdvancedRow { post_url: "example".into(), ..advanced() };
        assert_eq!(validate_connect_advanced(&[row], false).unwrap_err().get("form_post_url[0]"), Some(INVALID_URL));
        let row = AdvancedRow { post_url: "https://crm.example.com/calls?x=1".into(), ..advanced() };
        assert!(validate_connect_advanced(&[row], false).is_ok());
    }

    #[test]
    fn rows_with_a_plan_or_audio_or_extras_are_not_basic() {
        let plain = RoutingRow { destination: "01614960000".into(), call_recording: 1, ..Default::default() };
        assert!(has_only_basic_features(std::slice::from_ref(&plain)));
        for row in [
            RoutingRow { plan_id: 3, ..plain.clone() },
            RoutingRow { intro_audio: 1, ..plain.clone() },
            RoutingRow { whisper_audio: 1, ..plain.clone() },
            RoutingRow { mid_call_divert: 1, ..plain.clone() },
            RoutingRow { attribution_id: 2, ..plain.clone() },
            RoutingRow { attribution_dtmf_ivr_id: 3, ..plain.clone() },
            RoutingRow { post_url: "https://a.example".into(), ..plain.clone() },
        ] {
            assert!(!has_only_basic_features(&[plain.clone(), row]));
        }
    }

    #[test]
    fn additional_features_turn_on_for_mid_call_divert_and_post_call_attribution() {
        let plain = RoutingRow::default();
        assert!(!uses_additional_features(std::slice::from_ref(&plain)));
        assert!(uses_additional_features(&[plain.clone(), RoutingRow { mid_call_attribution: 1, ..plain.clone() }]));
        assert!(uses_additional_features(&[RoutingRow { attribution_id: 2, ..plain.clone() }]));
        assert!(uses_additional_features(&[RoutingRow { attribution_dtmf_ivr_id: 3, ..plain.clone() }]));
        assert!(!uses_additional_features(&[RoutingRow { intro_audio: 2, ..plain }]));
    }

    #[test]
    fn a_dtmf_ivr_attribution_defaults_to_none_when_absent() {
        let row: RoutingRow = serde_json::from_value(serde_json::json!({ "attributionId": 4 })).unwrap();
        assert_eq!((row.attribution_id, row.attribution_dtmf_ivr_id), (4, 0));
        let row: AdvancedRow = serde_json::from_value(serde_json::json!({ "dtmfIvr": 3 })).unwrap();
        assert_eq!((row.dtmf, row.dtmf_ivr), (0, 3));
    }

    #[test]
    fn the_row_serialises_with_the_spec_field_names() {
        let json = serde_json::to_value(RoutingRow { kind: "static".into(), ..Default::default() }).unwrap();
        for key in [
            "type",
            "numberPool",
            "planDescription",
            "callRecording",
            "dynamicWhisperAudio",
            "midCallDivert",
            "attributionId",
            "attributionDtmfIvrId",
            "postUrl",
        ] {
            assert!(json.get(key).is_some(), "{key}");
        }
    }
}
