//! The dynamic URL and pool form (spec section 5, "Dynamic URL / pool"): a new dynamic URL (the
//! website address whose visitors see a pool's numbers) with its first pool, or another pool on
//! an existing one. (The cost confirmation's terms tickbox is users::terms_problem, every
//! purchase's.)

use serde::{Deserialize, Serialize};

use crate::plan::Plan;
use crate::routing::MID_CALL_AUDIOS;
use crate::validation::FieldErrors;

pub const URL_REQUIRED: &str = "Dynamic URL is required.";
pub const URL_TOO_LONG: &str = "Maximum Dynamic URL length is 60 characters.";
pub const POOL_NAME_REQUIRED: &str = "Pool name is required.";
pub const POOL_NAME_TOO_LONG: &str = "Maximum pool name length is 60 characters.";
pub const INTERNATIONAL_CODE_CHOICE: &str = "Choose an international code.";
pub const INTERNATIONAL_FORMAT_CHOICE: &str = "Choose an international format.";
pub const MID_CALL_AUDIO_CHOICE: &str = "Choose a mid call audio.";
pub const PREFIX_REQUIRED: &str = "Number prefix is required.";
pub const POST_URL_INVALID: &str = "URL must begin with http:// or https://";
pub const NUMBER_NOT_UNIQUE: &str = "Number must be unique";
/// The inventory has fewer free numbers with the chosen prefix than the pool needs.
pub const NOT_ENOUGH_NUMBERS: &str =
    "There are not enough numbers left with this prefix. Please choose another prefix.";
pub const CUSTOM_FORMAT_INVALID: &str = "You must have 10 X's in your custom number format";
pub const TOO_MANY_NUMBERS_TO_REPLACE: &str = "At most 20 numbers can be replaced.";
pub const NUMBER_TO_REPLACE_TOO_LONG: &str = "A number to replace cannot exceed 30 characters.";
/// What Starter's disabled settings say.
pub const UPGRADE_PROMPT: &str = "This is available by upgrading to the Professional plan";
pub const NAME_MAX: usize = 60;
pub const NUMBERS_TO_REPLACE_MAX: usize = 20;
pub const NUMBER_TO_REPLACE_MAX: usize = 30;
/// How many numbers a new pool takes from the inventory.
pub const NUMBERS_PER_POOL: usize = 5;
/// The number formats a pool's numbers can be shown in on the website (id, format); the
/// custom format (id 0) is appended by the form.
pub const NUMBER_FORMATS: [(i64, &str); 3] = [(1, "0XXXX XXXXXX"), (2, "0XXX XXX XXXX"), (3, "0XX XXXX XXXX")];
/// The international formats (id, format).
pub const INTERNATIONAL_FORMATS: [(i64, &str); 2] = [(1, "+44 XXXX XXXXXX"), (2, "0044 XXXX XXXXXX")];
pub const NUMBER_FORMAT_UNKNOWN: &str = "Choose a number format.";

/// The number format id of a custom format.
pub const CUSTOM_FORMAT_ID: i64 = 0;

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DynamicPoolForm {
    /// The dynamic URL a new pool goes on; 0 for a new dynamic URL.
    pub campaign_id: i64,
    /// The new dynamic URL's address.
    pub campaign_name: String,
    pub bots_flag: bool,
    pub pool_name: String,
    pub international_code: i64,
    pub number_prefix: i64,
    /// 0 is the custom format.
    pub number_format: i64,
    pub international_format: i64,
    pub custom_format: String,
    pub service_plan: i64,
    pub call_recording_flag: bool,
    pub mid_call_divert_flag: bool,
    pub numbers_to_replace: Vec<String>,
    pub intro_id: i64,
    pub whisper_id: i64,
    pub post_url: String,
    pub mid_call_flag: bool,
    pub mid_call_audio_option: i64,
    pub dtmf_post_call_option: i64,
}

fn required_within(errors: &mut FieldErrors, field: &str, value: &str, required: &str, too_long: &str) {
    let value = value.trim();
    if value.is_empty() {
        errors.add(field, required);
    } else if value.chars().count() > NAME_MAX {
        errors.add(field, too_long);
    }
}

/// A post URL is empty or an http(s) address with a host.
pub fn post_url_valid(url: &str) -> bool {
    let url = url.trim();
    if url.is_empty() {
        return true;
    }
    let rest = url.strip_prefix("http://").or_else(|| url.strip_prefix("https://"));
    rest.is_some_and(|rest| {
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        !host.is_empty() && !host.contains(char::is_whitespace) && !url.contains(char::is_whitespace)
    })
}

/// The X's of a custom number format, one a digit of the number.
pub const CUSTOM_FORMAT_DIGITS: usize = 10;
/// The longest custom number format (ASCII: a character is a byte).
pub const CUSTOM_FORMAT_MAX: usize = 40;

/// A custom number format has exactly ten X's (the number's digits) and nothing outside ASCII.
pub fn custom_format_valid(format: &str) -> bool {
    format.chars().filter(|c| *c == 'X' || *c == 'x').count() == CUSTOM_FORMAT_DIGITS
        && format.is_ascii()
        && format.len() <= CUSTOM_FORMAT_MAX
}

/// Starter cannot use mid call divert or the advanced call handling settings.
pub fn advanced_settings_locked(plan: Plan) -> bool {
    plan == Plan::Starter
}

/// Errors by the posted names; `numbersToReplace.{i}` for a repeated number to replace.
pub fn validate_dynamic_pool(form: &DynamicPoolForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if form.campaign_id <= 0 {
        required_within(&mut errors, "campaignName", &form.campaign_name, URL_REQUIRED, URL_TOO_LONG);
    }
    required_within(&mut errors, "poolName", &form.pool_name, POOL_NAME_REQUIRED, POOL_NAME_TOO_LONG);
    if form.number_prefix <= 0 {
        errors.add("numberPrefix", PREFIX_REQUIRED);
    }
    if form.number_format == CUSTOM_FORMAT_ID && !custom_format_valid(&form.custom_format) {
        errors.add("customFormat", CUSTOM_FORMAT_INVALID);
    } else if form.number_format != CUSTOM_FORMAT_ID && !NUMBER_FORMATS.iter().any(|(id, _)| *id == form.number_format)
    {
        errors.add("numberFormat", NUMBER_FORMAT_UNKNOWN);
    }
    if !post_url_valid(&form.post_url) {
        errors.add("postUrl", POST_URL_INVALID);
    }
    if !INTERNATIONAL_FORMATS.iter().any(|(id, _)| *id == form.international_format) {
        errors.add("internationalFormat", INTERNATIONAL_FORMAT_CHOICE);
    }
    if usize::try_from(form.mid_call_audio_option).map_or(true, |i| i >= MID_CALL_AUDIOS.len()) {
        errors.add("midCallAudioOption", MID_CALL_AUDIO_CHOICE);
    }
    if form.numbers_to_replace.len() > NUMBERS_TO_REPLACE_MAX {
        errors.add("numbersToReplace", TOO_MANY_NUMBERS_TO_REPLACE);
        return errors;
    }
    let normalised: Vec<String> =
        form.numbers_to_replace.iter().map(|n| n.chars().filter(|c| !c.is_whitespace()).collect()).collect();
    for (i, number) in normalised.iter().enumerate() {
        if form.numbers_to_replace[i].chars().count() > NUMBER_TO_REPLACE_MAX {
            errors.add(format!("numbersToReplace.{i}"), NUMBER_TO_REPLACE_TOO_LONG);
        } else if !number.is_empty() && normalised[..i].contains(number) {
            errors.add(format!("numbersToReplace.{i}"), NUMBER_NOT_UNIQUE);
        }
    }
    errors
}

#[cfg(test)]
#[path = "dynamic_pool_tests.rs"]
mod tests;
