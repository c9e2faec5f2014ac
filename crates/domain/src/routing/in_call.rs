//! In-call attribution plans (spec/call-routing.md sections 3, 5 and 9): how a caller's
//! reference is taken during the call.

use serde::{Deserialize, Serialize};

use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const IN_CALL_DESCRIPTION_MAX: usize = 60;
pub const TRANSFER_TYPE_REQUIRED: &str = "Transfer type is required.";
pub const ACTIVE_INVALID: &str = "Please choose whether the plan is active.";
pub const TERMINATOR_INVALID: &str = "Please choose a terminator.";
pub const DELAY_BEFORE_INVALID: &str = "Delay before must be between 0 and 10 seconds.";
pub const DELAY_AFTER_INVALID: &str = "Delay after must be between 0 and 10 seconds.";
pub const ATTRIBUTION_DELAY_MAX: i64 = 10;
/// active: '0' off, '1' on.
pub const ACTIVE_FLAGS: [&str; 2] = ["0", "1"];
/// attributionType: '1' CallID, '2' the caller's telephone number.
pub const TRANSFER_TYPES: [(&str, &str); 2] = [("1", "CallID"), ("2", "Caller's telephone number")];
/// terminator: '0' none, '1' *, '2' #.
pub const TERMINATORS: [(&str, &str); 3] = [("0", "None"), ("1", "*"), ("2", "#")];

const DESCRIPTION: TextRule =
    TextRule::description(IN_CALL_DESCRIPTION_MAX, "Description must not exceed 60 characters.");

/// The values as the dialog holds them (strings, like the spec's answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InCallAttributionForm {
    pub description: String,
    pub active: String,
    pub attribution_type: String,
    pub terminator: String,
    pub delay_before: String,
    pub delay_after: String,
}

impl Default for InCallAttributionForm {
    /// A new plan: active, no transfer type chosen yet, no terminator, no delays.
    fn default() -> Self {
        InCallAttributionForm {
            description: String::new(),
            active: "1".into(),
            attribution_type: String::new(),
            terminator: "0".into(),
            delay_before: "0".into(),
            delay_after: "0".into(),
        }
    }
}

fn is_delay(value: &str) -> bool {
    value.trim().parse::<i64>().is_ok_and(|n| (0..=ATTRIBUTION_DELAY_MAX).contains(&n))
}

/// Keys: form_description, form_active_flag, form_transfer_type, form_terminator,
/// form_delay_before, form_delay_after (the managedtmf/saveInCall field names).
pub fn validate_in_call_attribution(form: &InCallAttributionForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    if !ACTIVE_FLAGS.contains(&form.active.trim()) {
        errors.add("form_active_flag", ACTIVE_INVALID);
    }
    if !TRANSFER_TYPES.iter().any(|(id, _)| *id == form.attribution_type.trim()) {
        errors.add("form_transfer_type", TRANSFER_TYPE_REQUIRED);
    }
    if !TERMINATORS.iter().any(|(id, _)| *id == form.terminator.trim()) {
        errors.add("form_terminator", TERMINATOR_INVALID);
    }
    if !is_delay(&form.delay_before) {
        errors.add("form_delay_before", DELAY_BEFORE_INVALID);
    }
    if !is_delay(&form.delay_after) {
        errors.add("form_delay_after", DELAY_AFTER_INVALID);
    }
    errors.into_result()
}

/// What an active plan sends to the destination that answers, before the caller is put
/// through: the reference as DTMF digits (then the terminator), after `seconds_before` and
/// followed by `seconds_after` of quiet.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InCallReference {
    pub digits: String,
    pub seconds_before: u32,
    pub seconds_after: u32,
}

/// The reference a plan sends for call `call_id` from `caller`: the call's id (transfer type
/// '1') or the caller's number (type '2'), as digits. None when the plan is off or there is no
/// reference to send (a withheld number).
pub fn in_call_reference(form: &InCallAttributionForm, call_id: i64, caller: &str) -> Option<InCallReference> {
    if form.active.trim() != "1" {
        return None;
    }
    let reference: String = match form.attribution_type.trim() {
        "1" if call_id > 0 => call_id.to_string(),
        "2" => caller.chars().filter(char::is_ascii_digit).collect(),
        _ => String::new(),
    };
    if reference.is_empty() {
        return None;
    }
    let terminator = match form.terminator.trim() {
        "1" => "*",
        "2" => "#",
        _ => "",
    };
    let delay = |value: &str| value.trim().parse::<u32>().unwrap_or(0).min(ATTRIBUTION_DELAY_MAX as u32);
    Some(InCallReference {
        digits: format!("{reference}{terminator}"),
        seconds_before: delay(&form.delay_before),
        seconds_after: delay(&form.delay_after),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> InCallAttributionForm {
        InCallAttributionForm {
            description: "Caller ID capture".into(),
            attribution_type: "1".into(),
            ..Default::default()
        }
    }

    fn problem(form: &InCallAttributionForm, field: &str) -> Option<String> {
        validate_in_call_attribution(form, &["Existing plan".into()]).err().and_then(|e| e.get(field).map(Into::into))
    }

    #[test]
    fn a_complete_plan_is_accepted() {
        assert!(validate_in_call_attribution(&plan(), &[]).is_ok());
        let number = InCallAttributionForm { attribution_type: "2".into(), terminator: "2".into(), ..plan() };
        assert!(validate_in_call_attribution(&number, &[]).is_ok());
    }

    #[test]
    fn a_description_is_required_and_unique() {
        let empty = InCallAttributionForm { description: " ".into(), ..plan() };
        assert_eq!(problem(&empty, "form_description").as_deref(), Some("Description is required."));
        let taken = InCallAttributionForm { description: "existing PLAN".into(), ..plan() };
        assert_eq!(problem(&taken, "form_description").as_deref(), Some("Description must be unique."));
        let long = InCallAttributionForm { description: "x".repeat(61), ..plan() };
        assert_eq!(problem(&long, "form_description").as_deref(), Some("Description must not exceed 60 characters."));
    }

    #[test]
    fn a_transfer_type_of_call_id_or_callers_number_is_required() {
        for bad in ["", "0", "3", "CallID"] {
            let form = InCallAttributionForm { attribution_type: bad.into(), ..plan() };
            assert_eq!(problem(&form, "form_transfer_type").as_deref(), Some("Transfer type is required."), "{bad}");
        }
    }

    #[test]
    fn active_is_zero_or_one_and_the_terminator_none_star_or_hash() {
        let active = InCallAttributionForm { active: "2".into(), ..plan() };
        assert_eq!(problem(&active, "form_active_flag").as_deref(), Some(ACTIVE_INVALID));
        let off = InCallAttributionForm { active: "0".into(), ..plan() };
        assert!(validate_in_call_attribution(&off, &[]).is_ok());
        let terminator = InCallAttributionForm { terminator: "3".into(), ..plan() };
        assert_eq!(problem(&terminator, "form_terminator").as_deref(), Some(TERMINATOR_INVALID));
    }

    #[test]
    fn delays_run_from_0_to_10_seconds() {
        let edge = InCallAttributionForm { delay_before: "10".into(), delay_after: "0".into(), ..plan() };
        assert!(validate_in_call_attribution(&edge, &[]).is_ok());
        let before = InCallAttributionForm { delay_before: "11".into(), ..plan() };
        assert_eq!(problem(&before, "form_delay_before").as_deref(), Some(DELAY_BEFORE_INVALID));
        let after = InCallAttributionForm { delay_after: "-1".into(), ..plan() };
        assert_eq!(problem(&after, "form_delay_after").as_deref(), Some(DELAY_AFTER_INVALID));
        let empty = InCallAttributionForm { delay_after: "".into(), ..plan() };
        assert_eq!(problem(&empty, "form_delay_after").as_deref(), Some(DELAY_AFTER_INVALID));
    }

    #[test]
    fn an_active_plan_sends_the_call_id_or_the_callers_number_with_its_terminator() {
        let call_id = InCallAttributionForm { terminator: "2".into(), delay_before: "3".into(), ..plan() };
        assert_eq!(
            in_call_reference(&call_id, 4812, "07700 900123"),
            Some(InCallReference { digits: "4812#".into(), seconds_before: 3, seconds_after: 0 })
        );
        let number = InCallAttributionForm { attribution_type: "2".into(), terminator: "1".into(), ..plan() };
        assert_eq!(in_call_reference(&number, 4812, "07700 900123").unwrap().digits, "07700900123*");
        let no_terminator = InCallAttributionForm { delay_after: "10".into(), ..plan() };
        let sent = in_call_reference(&no_terminator, 7, "").unwrap();
        assert_eq!((sent.digits.as_str(), sent.seconds_after), ("7", 10));
    }

    #[test]
    fn nothing_is_sent_by_a_plan_that_is_off_or_for_a_withheld_number() {
        let off = InCallAttributionForm { active: "0".into(), ..plan() };
        assert_eq!(in_call_reference(&off, 4812, "07700900123"), None);
        let number = InCallAttributionForm { attribution_type: "2".into(), ..plan() };
        assert_eq!(in_call_reference(&number, 4812, ""), None);
        assert_eq!(in_call_reference(&number, 4812, "anonymous"), None);
        // A delay beyond the rule's (a row stored before it) is held to 10 seconds.
        let long = InCallAttributionForm { delay_before: "99".into(), ..plan() };
        assert_eq!(in_call_reference(&long, 1, "").unwrap().seconds_before, 10);
    }
}
