//! The static number form (spec section 5, "Static buy form"): prefix, destination plan and
//! campaign chosen, and a media description of at most 120 characters.

use serde::{Deserialize, Serialize};

use crate::validation::FieldErrors;

pub const PREFIX_REQUIRED: &str = "Prefix is required.";
pub const DESTINATION_PLAN_REQUIRED: &str = "Destination plan is required.";
pub const CAMPAIGN_REQUIRED: &str = "Campaign is required.";
pub use crate::numbers::attribution::{MEDIA_DESCRIPTION_MAX, MEDIA_DESCRIPTION_REQUIRED, MEDIA_DESCRIPTION_TOO_LONG};
/// How many numbers one purchase may buy.
pub const NUMBERS_PER_PURCHASE_MAX: usize = 20;
/// A chosen number was bought by someone else meanwhile (or the choice named one twice).
pub const NUMBER_TAKEN: &str = "A number you chose has just been bought by someone else. Please choose again.";
/// Asking for call recording on an account without inbound recording.
pub const RECORDING_UNAVAILABLE: &str = "Call recording is not available on this account.";

/// Why `count` chosen numbers cannot be bought in one purchase, or None.
pub fn numbers_count_problem(count: usize) -> Option<String> {
    (count == 0 || count > NUMBERS_PER_PURCHASE_MAX)
        .then(|| format!("Choose between 1 and {NUMBERS_PER_PURCHASE_MAX} numbers."))
}

/// Why the order's call recording cannot be had, or None: it needs inbound recording.
pub fn recording_problem(call_recording: bool, has_inbound_recording: bool) -> Option<&'static str> {
    (call_recording && !has_inbound_recording).then_some(RECORDING_UNAVAILABLE)
}

/// The form as posted: ids are 0 when nothing is chosen (channel, department and media owner
/// are optional).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StaticNumberForm {
    pub prefix: i64,
    pub destination_plan: i64,
    pub call_recording: bool,
    pub campaign: i64,
    pub media_description: String,
    pub channel: i64,
    pub department: i64,
    pub media_owner: i64,
}

/// Errors by the posted field names (prefix, destinationPlan, campaign, mediaDescription).
pub fn validate_static_number(form: &StaticNumberForm) -> FieldErrors {
    let mut errors = FieldErrors::new();
    if form.prefix <= 0 {
        errors.add("prefix", PREFIX_REQUIRED);
    }
    if form.destination_plan <= 0 {
        errors.add("destinationPlan", DESTINATION_PLAN_REQUIRED);
    }
    if form.campaign <= 0 {
        errors.add("campaign", CAMPAIGN_REQUIRED);
    }
    crate::numbers::check_media_description(&mut errors, &form.media_description);
    errors
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_purchase_buys_one_to_twenty_numbers() {
        assert_eq!(numbers_count_problem(0).as_deref(), Some("Choose between 1 and 20 numbers."));
        assert_eq!(numbers_count_problem(1), None);
        assert_eq!(numbers_count_problem(NUMBERS_PER_PURCHASE_MAX), None);
        assert!(numbers_count_problem(NUMBERS_PER_PURCHASE_MAX + 1).is_some());
    }

    #[test]
    fn call_recording_needs_inbound_recording() {
        assert_eq!(recording_problem(true, false), Some(RECORDING_UNAVAILABLE));
        assert_eq!(recording_problem(true, true), None);
        assert_eq!(recording_problem(false, false), None);
    }

    fn form() -> StaticNumberForm {
        StaticNumberForm {
            prefix: 1,
            destination_plan: 2,
            campaign: 3,
            media_description: "Yellow Pages advert".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_form_is_valid_without_the_optional_lists() {
        assert!(validate_static_number(&form()).is_empty());
    }

    #[test]
    fn each_required_choice_has_its_message() {
        let errors = validate_static_number(&StaticNumberForm::default());
        assert_eq!(errors.get("prefix"), Some(PREFIX_REQUIRED));
        assert_eq!(errors.get("destinationPlan"), Some(DESTINATION_PLAN_REQUIRED));
        assert_eq!(errors.get("campaign"), Some(CAMPAIGN_REQUIRED));
        assert_eq!(errors.get("mediaDescription"), Some(MEDIA_DESCRIPTION_REQUIRED));
    }

    #[test]
    fn the_media_description_is_at_most_120_characters() {
        let at_most = StaticNumberForm { media_description: "é".repeat(120), ..form() };
        assert!(validate_static_number(&at_most).is_empty());
        let over = StaticNumberForm { media_description: "a".repeat(121), ..form() };
        assert_eq!(validate_static_number(&over).get("mediaDescription"), Some(MEDIA_DESCRIPTION_TOO_LONG));
    }
}
