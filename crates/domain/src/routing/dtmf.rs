//! DTMF plans (a caller keys in digits, e.g. a reference) and DTMF IVRs (a menu whose keys
//! attribute the call to a category and optionally run a DTMF plan): spec/call-routing.md
//! sections 3, 5 and 9.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;

pub const DTMF_DESCRIPTION_MAX: usize = 60;
pub const DTMF_KEY_DESCRIPTION_MAX: usize = 70;
pub const DTMF_DIGITS_MIN: i64 = 1;
pub const DTMF_DIGITS_MAX: i64 = 15;
pub const DTMF_TIMEOUT_MIN: i64 = 1;
pub const DTMF_TIMEOUT_MAX: i64 = 30;
pub const DTMF_TIMEOUT_DEFAULT: i64 = 1;
/// A DTMF IVR's keys, in order (as an IVR's).
pub const DTMF_IVR_KEYS: [&str; 12] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "*", "#"];

pub const DTMF_DESCRIPTION_REQUIRED: &str = "The description field is required.";
pub const DTMF_DESCRIPTION_TOO_LONG: &str = "Maximum description length is 60 characters.";
pub const INTRO_AUDIO_REQUIRED: &str = "The intro audio field is required.";
pub const END_AUDIO_REQUIRED: &str = "The end audio field is required.";
pub const MIN_ABOVE_MAX: &str = "Minimum digits cannot be greater than maximum digits";
pub const MIN_DIGITS_RANGE: &str = "Minimum digits must be between 1 and 15.";
pub const MAX_DIGITS_RANGE: &str = "Maximum digits must be between 1 and 15.";
pub const INITIAL_TIMEOUT_RANGE: &str = "Initial key timeout must be between 1 and 30 seconds.";
pub const INTERNAL_TIMEOUT_RANGE: &str = "Inter key timeout must be between 1 and 30 seconds.";
pub const END_AUDIO_NEEDED_BY_KEYS: &str = "If one of the keys has no attribution plan, default end audio is required.";
pub const KEY_DESCRIPTION_REQUIRED: &str = "Description is required";
pub const KEY_DESCRIPTION_TOO_LONG: &str = "Maximum description length is 70 characters";
pub const KEY_CATEGORY_REQUIRED: &str = "Category is required";
pub const KEYS_REQUIRED: &str = "Please add at least one key.";
pub const TOO_MANY_KEYS: &str = "A DTMF IVR can have at most 12 keys.";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DtmfPlanForm {
    pub description: String,
    pub intro_audio: i64,
    pub end_audio: i64,
    pub minimum_digits: i64,
    pub maximum_digits: i64,
    pub initial_timeout: i64,
    pub internal_timeout: i64,
    pub skip_audio: bool,
}

impl Default for DtmfPlanForm {
    /// A new plan: one digit, timeouts of 1 second (the spec's default).
    fn default() -> Self {
        DtmfPlanForm {
            description: String::new(),
            intro_audio: 0,
            end_audio: 0,
            minimum_digits: DTMF_DIGITS_MIN,
            maximum_digits: DTMF_DIGITS_MIN,
            initial_timeout: DTMF_TIMEOUT_DEFAULT,
            internal_timeout: DTMF_TIMEOUT_DEFAULT,
            skip_audio: false,
        }
    }
}

fn check_description(errors: &mut FieldErrors, field: &str, value: &str) {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, DTMF_DESCRIPTION_REQUIRED);
    } else if value.chars().count() > DTMF_DESCRIPTION_MAX {
        errors.add(field, DTMF_DESCRIPTION_TOO_LONG);
    }
}

/// Keys: description, introAudio, endAudio, minimumDigits, maximumDigits, initialTimeout,
/// internalTimeout (the managedtmf/create field names). DTMF plan descriptions need not be
/// unique: the spec asks only for required and 60.
pub fn validate_dtmf_plan(form: &DtmfPlanForm) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    check_description(&mut errors, "description", &form.description);
    if form.intro_audio <= 0 {
        errors.add("introAudio", INTRO_AUDIO_REQUIRED);
    }
    if form.end_audio <= 0 {
        errors.add("endAudio", END_AUDIO_REQUIRED);
    }
    let digits = DTMF_DIGITS_MIN..=DTMF_DIGITS_MAX;
    let min_ok = digits.contains(&form.minimum_digits);
    let max_ok = digits.contains(&form.maximum_digits);
    if !min_ok {
        errors.add("minimumDigits", MIN_DIGITS_RANGE);
    }
    if !max_ok {
        errors.add("maximumDigits", MAX_DIGITS_RANGE);
    }
    if min_ok && max_ok && form.minimum_digits > form.maximum_digits {
        errors.add("minimumDigits", MIN_ABOVE_MAX);
    }
    let timeouts = DTMF_TIMEOUT_MIN..=DTMF_TIMEOUT_MAX;
    if !timeouts.contains(&form.initial_timeout) {
        errors.add("initialTimeout", INITIAL_TIMEOUT_RANGE);
    }
    if !timeouts.contains(&form.internal_timeout) {
        errors.add("internalTimeout", INTERNAL_TIMEOUT_RANGE);
    }
    errors.into_result()
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DtmfIvrKey {
    pub description: String,
    pub category_id: i64,
    /// The DTMF plan run after the key; 0 for none.
    pub dtmf_id: i64,
}

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DtmfIvrForm {
    pub description: String,
    pub intro_audio_id: i64,
    pub end_audio_id: i64,
    pub keys: Vec<DtmfIvrKey>,
}

/// Keys: description, introAudioId, endAudioId, keys (none or more than 12),
/// keyDescription[i], keyCategoryId[i] (the managedtmf/storeIvr field names). Key i is
/// `DTMF_IVR_KEYS[i]`.
pub fn validate_dtmf_ivr(form: &DtmfIvrForm) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    check_description(&mut errors, "description", &form.description);
    if form.intro_audio_id < 1 {
        errors.add("introAudioId", INTRO_AUDIO_REQUIRED);
    }
    if form.keys.is_empty() {
        errors.add("keys", KEYS_REQUIRED);
    } else if form.keys.len() > DTMF_IVR_KEYS.len() {
        errors.add("keys", TOO_MANY_KEYS);
    }
    if form.end_audio_id < 1 && form.keys.iter().any(|k| k.dtmf_id <= 0) {
        errors.add("endAudioId", END_AUDIO_NEEDED_BY_KEYS);
    }
    for (i, key) in form.keys.iter().enumerate() {
        let description = key.description.trim();
        if description.is_empty() {
            errors.add(format!("keyDescription[{i}]"), KEY_DESCRIPTION_REQUIRED);
        } else if description.chars().count() > DTMF_KEY_DESCRIPTION_MAX {
            errors.add(format!("keyDescription[{i}]"), KEY_DESCRIPTION_TOO_LONG);
        }
        if key.category_id < 1 {
            errors.add(format!("keyCategoryId[{i}]"), KEY_CATEGORY_REQUIRED);
        }
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> DtmfPlanForm {
        DtmfPlanForm {
            description: "Policy number".into(),
            intro_audio: 1,
            end_audio: 2,
            minimum_digits: 6,
            maximum_digits: 8,
            ..Default::default()
        }
    }

    fn plan_problem(form: &DtmfPlanForm, field: &str) -> Option<String> {
        validate_dtmf_plan(form).err().and_then(|e| e.get(field).map(Into::into))
    }

    fn key(description: &str, category_id: i64, dtmf_id: i64) -> DtmfIvrKey {
        DtmfIvrKey { description: description.into(), category_id, dtmf_id }
    }

    fn ivr() -> DtmfIvrForm {
        DtmfIvrForm {
            description: "Enquiry type".into(),
            intro_audio_id: 1,
            end_audio_id: 0,
            keys: vec![key("New patients", 1, 3), key("Existing patients", 2, 4)],
        }
    }

    fn ivr_problem(form: &DtmfIvrForm, field: &str) -> Option<String> {
        validate_dtmf_ivr(form).err().and_then(|e| e.get(field).map(Into::into))
    }

    #[test]
    fn a_new_plan_starts_with_one_second_timeouts() {
        let fresh = DtmfPlanForm::default();
        assert_eq!((fresh.initial_timeout, fresh.internal_timeout), (1, 1));
        assert!(validate_dtmf_plan(&plan()).is_ok());
    }

    #[test]
    fn a_plan_needs_a_description_of_at_most_60_characters() {
        let empty = DtmfPlanForm { description: "  ".into(), ..plan() };
        assert_eq!(plan_problem(&empty, "description").as_deref(), Some("The description field is required."));
        let long = DtmfPlanForm { description: "d".repeat(61), ..plan() };
        assert_eq!(plan_problem(&long, "description").as_deref(), Some("Maximum description length is 60 characters."));
        let sixty = DtmfPlanForm { description: "d".repeat(60), ..plan() };
        assert!(validate_dtmf_plan(&sixty).is_ok());
    }

    #[test]
    fn a_plan_needs_intro_and_end_audio() {
        let none = DtmfPlanForm { intro_audio: 0, end_audio: 0, ..plan() };
        assert_eq!(plan_problem(&none, "introAudio").as_deref(), Some("The intro audio field is required."));
        assert_eq!(plan_problem(&none, "endAudio").as_deref(), Some("The end audio field is required."));
    }

    #[test]
    fn digits_run_from_1_to_15_and_the_minimum_may_not_exceed_the_maximum() {
        let above = DtmfPlanForm { minimum_digits: 9, maximum_digits: 8, ..plan() };
        assert_eq!(
            plan_problem(&above, "minimumDigits").as_deref(),
            Some("Minimum digits cannot be greater than maximum digits")
        );
        let edges = DtmfPlanForm { minimum_digits: 1, maximum_digits: 15, ..plan() };
        assert!(validate_dtmf_plan(&edges).is_ok());
        let out = DtmfPlanForm { minimum_digits: 0, maximum_digits: 16, ..plan() };
        assert_eq!(plan_problem(&out, "minimumDigits").as_deref(), Some(MIN_DIGITS_RANGE));
        assert_eq!(plan_problem(&out, "maximumDigits").as_deref(), Some(MAX_DIGITS_RANGE));
    }

    #[test]
    fn timeouts_run_from_1_to_30_seconds() {
        let edges = DtmfPlanForm { initial_timeout: 30, internal_timeout: 1, ..plan() };
        assert!(validate_dtmf_plan(&edges).is_ok());
        let out = DtmfPlanForm { initial_timeout: 0, internal_timeout: 31, ..plan() };
        assert_eq!(plan_problem(&out, "initialTimeout").as_deref(), Some(INITIAL_TIMEOUT_RANGE));
        assert_eq!(plan_problem(&out, "internalTimeout").as_deref(), Some(INTERNAL_TIMEOUT_RANGE));
    }

    #[test]
    fn a_dtmf_ivr_whose_keys_all_have_plans_needs_no_end_audio() {
        assert!(validate_dtmf_ivr(&ivr()).is_ok());
    }

    #[test]
    fn a_dtmf_ivr_needs_a_description_and_an_intro_audio() {
        let form = DtmfIvrForm { description: "".into(), intro_audio_id: 0, ..ivr() };
        assert_eq!(ivr_problem(&form, "description").as_deref(), Some("The description field is required."));
        assert_eq!(ivr_problem(&form, "introAudioId").as_deref(), Some("The intro audio field is required."));
        let long = DtmfIvrForm { description: "i".repeat(61), ..ivr() };
        assert_eq!(ivr_problem(&long, "description").as_deref(), Some("Maximum description length is 60 characters."));
    }

    #[test]
    fn a_key_without_an_attribution_plan_makes_the_end_audio_required() {
        let mut form = ivr();
        form.keys[1].dtmf_id = 0;
        assert_eq!(
            ivr_problem(&form, "endAudioId").as_deref(),
            Some("If one of the keys has no attribution plan, default end audio is required.")
        );
        form.end_audio_id = 5;
        assert!(validate_dtmf_ivr(&form).is_ok());
    }

    #[test]
    fn each_key_needs_a_description_of_at_most_70_characters_and_a_category() {
        let mut form = ivr();
        form.keys[0] = key(" ", 0, 3);
        form.keys[1] = key(&"k".repeat(71), 2, 4);
        assert_eq!(ivr_problem(&form, "keyDescription[0]").as_deref(), Some("Description is required"));
        assert_eq!(ivr_problem(&form, "keyCategoryId[0]").as_deref(), Some("Category is required"));
        assert_eq!(
            ivr_problem(&form, "keyDescription[1]").as_deref(),
            Some("Maximum description length is 70 characters")
        );
        form.keys[1] = key(&"k".repeat(70), 2, 4);
        assert_eq!(ivr_problem(&form, "keyDescription[1]"), None);
    }

    #[test]
    fn a_dtmf_ivr_has_between_one_and_twelve_keys() {
        let none = DtmfIvrForm { keys: vec![], ..ivr() };
        assert_eq!(ivr_problem(&none, "keys").as_deref(), Some(KEYS_REQUIRED));
        let twelve = DtmfIvrForm { keys: vec![key("Option", 1, 2); 12], ..ivr() };
        assert!(validate_dtmf_ivr(&twelve).is_ok());
        let thirteen = DtmfIvrForm { keys: vec![key("Option", 1, 2); 13], ..ivr() };
        assert_eq!(ivr_problem(&thirteen, "keys").as_deref(), Some(TOO_MANY_KEYS));
    }
}
