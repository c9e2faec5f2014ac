//! The IVR form and its rules (spec/call-routing.md section 5). Keys are the createIvr field
//! names: description, audioId, repeatAudio, defaultKey, keys, and per key row i
//! keyDescription[i], keyDestination[i], keyIvr[i], keyVoicemail[i], keyCategory[i].

use serde::{Deserialize, Serialize};

use super::keys::{IvrKey, KeyType, KEY_ORDER, MAX_KEYS, NO_REPEAT};
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const IVR_DESCRIPTION_MAX: usize = 60;
pub const IVR_KEY_DESCRIPTION_MAX: usize = 60;
pub const REPEAT_AUDIO_MAX: i64 = 9;

pub const INTRO_AUDIO_REQUIRED: &str = "Intro audio is required.";
pub const REPEAT_AUDIO_REQUIRED: &str = "Repeat audio is required.";
pub const REPEAT_AUDIO_NUMERIC: &str = "Please enter a numeric value.";
pub const REPEAT_AUDIO_TOO_MANY: &str = "Please choose a maximum of 9 times to repeat this option.";
pub const KEY_DESCRIPTION_REQUIRED: &str = "Description is required.";
pub const KEY_DESCRIPTION_TOO_LONG: &str = "Description length must not exceed 60 characters.";
pub const DESTINATION_PLAN_REQUIRED: &str = "Destination plan is required.";
pub const IVR_PLAN_REQUIRED: &str = "Ivr plan is required.";
pub const VOICEMAIL_REQUIRED: &str = "Voicemail is required.";
pub const KEY_IS_REPEAT: &str = "This key is set as repeat.";
pub const CATEGORY_NOT_UNIQUE: &str = "Category must be unique.";
pub const DEFAULT_IS_REPEAT: &str = "Default key can't be set as repeat key.";
pub const TOO_MANY_KEYS: &str = "An IVR can have at most 12 keys.";

/// Why no key may be added to a table of `keys` keys, if none may.
pub fn no_more_keys(keys: usize) -> Option<&'static str> {
    (keys >= MAX_KEYS).then_some(TOO_MANY_KEYS)
}
pub const NO_KEYS: &str = "An IVR needs at least one key.";
pub const KEYS_OUT_OF_ORDER: &str = "Keys must run 1-9, then 0, * and #.";
const DESCRIPTION: TextRule = TextRule::description(IVR_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

/// An IVR as the dialog edits it (section 3). `has_dead_end` is "hang up after the audio".
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct IvrForm {
    pub description: String,
    pub intro_audio: i64,
    pub log_keys: bool,
    pub report_group_id: i64,
    pub secondary_report_group_id: i64,
    pub has_dead_end: bool,
    /// A key of the table, or "none".
    pub repeat_key: String,
    /// The key taken when the caller presses nothing; "" for none.
    pub default_key: String,
    /// How many times the menu repeats, as typed.
    pub repeat_audio: String,
    pub is_child: bool,
    pub options: Vec<IvrKey>,
}

impl IvrForm {
    pub fn repeats(&self, key: &str) -> bool {
        self.repeat_key != NO_REPEAT && self.repeat_key == key
    }
}

/// The IVR rules; `taken` holds the customer's other IVRs' descriptions.
pub fn validate_ivr(form: &IvrForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "description", &form.description, taken);
    if form.intro_audio <= 0 {
        errors.add("audioId", INTRO_AUDIO_REQUIRED);
    }
    match form.repeat_audio.trim() {
        "" => errors.add("repeatAudio", REPEAT_AUDIO_REQUIRED),
        typed => match typed.parse::<i64>() {
            Err(_) => errors.add("repeatAudio", REPEAT_AUDIO_NUMERIC),
            Ok(n) if !(0..=REPEAT_AUDIO_MAX).contains(&n) => errors.add("repeatAudio", REPEAT_AUDIO_TOO_MANY),
            Ok(_) => {}
        },
    }
    if form.has_dead_end {
        return errors.into_result();
    }
    check_keys(&mut errors, form);
    if !form.default_key.is_empty() && form.repeats(&form.default_key) {
        errors.add("defaultKey", DEFAULT_IS_REPEAT);
    }
    errors.into_result()
}

fn check_keys(errors: &mut FieldErrors, form: &IvrForm) {
    if form.options.is_empty() {
        errors.add("keys", NO_KEYS);
    } else if form.options.len() > MAX_KEYS {
        errors.add("keys", TOO_MANY_KEYS);
    } else if form.options.iter().zip(KEY_ORDER).any(|(option, key)| option.key != key) {
        errors.add("keys", KEYS_OUT_OF_ORDER);
    }
    let mut categories = vec![];
    for (i, option) in form.options.iter().enumerate() {
        let description = option.description.trim();
        if description.is_empty() {
            errors.add(format!("keyDescription[{i}]"), KEY_DESCRIPTION_REQUIRED);
        } else if description.chars().count() > IVR_KEY_DESCRIPTION_MAX {
            errors.add(format!("keyDescription[{i}]"), KEY_DESCRIPTION_TOO_LONG);
        }
        if form.repeats(&option.key) {
            if option.destination_id > 0 || option.ivr_id > 0 || option.voicemail_id > 0 {
                errors.add(format!("keyDestination[{i}]"), KEY_IS_REPEAT);
            }
            continue;
        }
        match option.key_type {
            KeyType::Routing if option.destination_id <= 0 => {
                errors.add(format!("keyDestination[{i}]"), DESTINATION_PLAN_REQUIRED)
            }
            KeyType::Ivr if option.ivr_id <= 0 => errors.add(format!("keyIvr[{i}]"), IVR_PLAN_REQUIRED),
            KeyType::Voicemail if option.voicemail_id <= 0 => {
                errors.add(format!("keyVoicemail[{i}]"), VOICEMAIL_REQUIRED)
            }
            _ => {}
        }
        if option.category_id > 0 {
            if categories.contains(&option.category_id) {
                errors.add(format!("keyCategory[{i}]"), CATEGORY_NOT_UNIQUE);
            }
            categories.push(option.category_id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::routing::ivr::{add_key, set_hang_up_after_audio, set_key_type, set_repeat_key};

    /// A valid two-key menu: 1 to destination plan 3, 2 to voicemail 4.
    fn menu() -> IvrForm {
        let mut form = IvrForm {
            description: "Main menu".into(),
            intro_audio: 1,
            repeat_audio: "2".into(),
            repeat_key: NO_REPEAT.into(),
            ..Default::default()
        };
        form = add_key(add_key(form));
        form.options[0] = IvrKey { description: "Reception".into(), destination_id: 3, ..form.options[0].clone() };
        form = set_key_type(form, 1, KeyType::Voicemail);
        form.options[1].description = "Leave a message".into();
        form.options[1].voicemail_id = 4;
        form
    }

    fn error(form: &IvrForm, field: &str) -> Option<String> {
        validate_ivr(form, &[]).err().and_then(|e| e.get(field).map(str::to_string))
    }

    #[test]
    fn a_complete_menu_is_valid() {
        assert_eq!(validate_ivr(&menu(), &[]), Ok(()));
    }

    #[test]
    fn the_description_is_required_limited_plain_and_unique() {
        assert_eq!(
            error(&IvrForm { description: "".into(), ..menu() }, "description").as_deref(),
            Some("Description is required.")
        );
        let long = IvrForm { description: "d".repeat(61), ..menu() };
        assert_eq!(error(&long, "description").as_deref(), Some("Description must not exceed 60 characters."));
        assert!(error(&IvrForm { description: "Menü ✓".into(), ..menu() }, "description")
            .unwrap()
            .starts_with("Invalid characters found."));
        let errors = validate_ivr(&menu(), &["main menu".into()]).unwrap_err();
        assert_eq!(errors.get("description"), Some("Description must be unique."));
    }

    #[test]
    fn the_intro_audio_is_required() {
        assert_eq!(error(&IvrForm { intro_audio: 0, ..menu() }, "audioId").as_deref(), Some(INTRO_AUDIO_REQUIRED));
    }

    #[test]
    fn repeat_audio_is_a_number_from_0_to_9() {
        let with = |v: &str| error(&IvrForm { repeat_audio: v.into(), ..menu() }, "repeatAudio");
        assert_eq!(with("").as_deref(), Some("Repeat audio is required."));
        assert_eq!(with("two").as_deref(), Some("Please enter a numeric value."));
        assert_eq!(with("10").as_deref(), Some("Please choose a maximum of 9 times to repeat this option."));
        assert_eq!(with("0"), None);
        assert_eq!(with("9"), None);
    }

    #[test]
    fn each_key_needs_a_description_of_at_most_60() {
        let mut form = menu();
        form.options[0].description = "".into();
        form.options[1].description = "x".repeat(61);
        assert_eq!(error(&form, "keyDescription[0]").as_deref(), Some("Description is required."));
        assert_eq!(error(&form, "keyDescription[1]").as_deref(), Some(KEY_DESCRIPTION_TOO_LONG));
    }

    #[test]
    fn each_key_needs_the_target_of_its_type() {
        let mut form = menu();
        form.options[0].destination_id = 0;
        form.options[1].voicemail_id = 0;
        assert_eq!(error(&form, "keyDestination[0]").as_deref(), Some("Destination plan is required."));
        assert_eq!(error(&form, "keyVoicemail[1]").as_deref(), Some("Voicemail is required."));
        let form = set_key_type(menu(), 0, KeyType::Ivr);
        assert_eq!(error(&form, "keyIvr[0]").as_deref(), Some("Ivr plan is required."));
    }

    #[test]
    fn the_repeat_key_needs_no_target_and_may_not_have_one() {
        let form = set_repeat_key(menu(), "2");
        assert_eq!(validate_ivr(&form, &[]), Ok(()));
        let mut form = form;
        form.options[1].destination_id = 8;
        assert_eq!(error(&form, "keyDestination[1]").as_deref(), Some("This key is set as repeat."));
    }

    #[test]
    fn categories_are_unique_across_keys() {
        let mut form = menu();
        form.options[0].category_id = 5;
        form.options[1].category_id = 5;
        assert_eq!(error(&form, "keyCategory[1]").as_deref(), Some("Category must be unique."));
    }

    #[test]
    fn the_default_key_cannot_be_the_repeat_key() {
        let mut form = set_repeat_key(menu(), "2");
        form.default_key = "2".into();
        assert_eq!(error(&form, "defaultKey").as_deref(), Some("Default key can't be set as repeat key."));
        form.default_key = "1".into();
        assert_eq!(error(&form, "defaultKey"), None);
    }

    #[test]
    fn hang_up_after_audio_needs_no_keys() {
        let form = set_hang_up_after_audio(menu(), true);
        assert_eq!(validate_ivr(&form, &[]), Ok(()));
    }

    #[test]
    fn keys_must_exist_number_at_most_12_and_run_in_order() {
        let mut form = menu();
        form.options.clear();
        assert_eq!(error(&form, "keys").as_deref(), Some(NO_KEYS));
        let mut form = menu();
        form.options[1].key = "5".into();
        assert_eq!(error(&form, "keys").as_deref(), Some(KEYS_OUT_OF_ORDER));
        let mut form = menu();
        form.options = (0..13).map(|_| form.options[0].clone()).collect();
        assert_eq!(error(&form, "keys").as_deref(), Some(TOO_MANY_KEYS));
    }
}
