//! Call queues (spec/call-routing.md sections 5 and 9).

use serde::{Deserialize, Serialize};

use super::constants::{
    message_intervals, HOLD_MUSIC, MESSAGE_MODES, QUEUE_DESCRIPTION_MAX, QUEUE_LINES_MAX, QUEUE_MAX_CALLS,
};
use crate::names::TextRule;
use crate::validation::FieldErrors;

pub const MAX_CALLS_REQUIRED: &str = "Maximum calls in queue is required.";
pub const MAX_CALLS_TOO_MANY: &str = "A maximum of 100 calls are allowed in a queue.";
pub const LINES_REQUIRED: &str = "Quantity of lines is required.";
pub const LINES_OUT_OF_RANGE: &str = "Quantity of lines must be between 1 and 99.";
pub const HOLD_MUSIC_REQUIRED: &str = "Hold music genre is required.";
pub const MESSAGE_MODE_REQUIRED: &str = "Message mode is required.";
pub const MESSAGE_INTERVAL_REQUIRED: &str = "Message interval is required.";
pub const QUEUE_NOT_UNIQUE: &str = "Description is not unique.";
const DESCRIPTION: TextRule =
    TextRule::description(QUEUE_DESCRIPTION_MAX, "Description can only be 60 characters in length.")
        .not_unique(QUEUE_NOT_UNIQUE);

#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QueueForm {
    pub description: String,
    /// As typed.
    pub max_calls: String,
    /// As typed.
    pub lines_qty: String,
    pub hold_music: i64,
    pub message_mode: i64,
    pub message_interval: i64,
    pub welcome_audio: i64,
    pub audio1: i64,
    pub audio2: i64,
    pub audio3: i64,
    pub next_in_line_audio: i64,
    pub queue_full_audio: i64,
}

/// Keys: form_description, form_max_calls, form_lines_qty, form_hold_music, form_message_mode,
/// form_message_interval. The maximum of 100 calls follows the reading that has a message.
pub fn validate_queue(form: &QueueForm, taken: &[String]) -> Result<(), FieldErrors> {
    let mut errors = FieldErrors::new();
    DESCRIPTION.check(&mut errors, "form_description", &form.description, taken);
    match form.max_calls.trim().parse::<i64>() {
        Ok(n) if n > QUEUE_MAX_CALLS => errors.add("form_max_calls", MAX_CALLS_TOO_MANY),
        Ok(n) if n >= 1 => {}
        _ => errors.add("form_max_calls", MAX_CALLS_REQUIRED),
    }
    match form.lines_qty.trim() {
        "" => errors.add("form_lines_qty", LINES_REQUIRED),
        typed => match typed.parse::<i64>() {
            Ok(n) if (1..=QUEUE_LINES_MAX).contains(&n) => {}
            _ => errors.add("form_lines_qty", LINES_OUT_OF_RANGE),
        },
    }
    if !HOLD_MUSIC.iter().any(|&(id, _)| i64::from(id) == form.hold_music) {
        errors.add("form_hold_music", HOLD_MUSIC_REQUIRED);
    }
    if !MESSAGE_MODES.iter().any(|&(id, _)| i64::from(id) == form.message_mode) {
        errors.add("form_message_mode", MESSAGE_MODE_REQUIRED);
    }
    if !message_intervals().iter().any(|&s| i64::from(s) == form.message_interval) {
        errors.add("form_message_interval", MESSAGE_INTERVAL_REQUIRED);
    }
    errors.into_result()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn form() -> QueueForm {
        QueueForm {
            description: "Sales queue".into(),
            max_calls: "10".into(),
            lines_qty: "2".into(),
            hold_music: 1,
            message_mode: 1,
            message_interval: 30,
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_queue_is_valid() {
        assert!(validate_queue(&form(), &[]).is_ok());
    }

    #[test]
    fn each_required_field_has_its_message() {
        let errors = validate_queue(&QueueForm::default(), &[]).unwrap_err();
        assert_eq!(errors.get("form_description"), Some("Description is required."));
        assert_eq!(errors.get("form_max_calls"), Some("Maximum calls in queue is required."));
        assert_eq!(errors.get("form_lines_qty"), Some("Quantity of lines is required."));
        assert_eq!(errors.get("form_hold_music"), Some("Hold music genre is required."));
        assert_eq!(errors.get("form_message_mode"), Some("Message mode is required."));
        assert_eq!(errors.get("form_message_interval"), Some("Message interval is required."));
    }

    #[test]
    fn at_most_100_calls_and_1_to_99_lines() {
        let errors = validate_queue(&QueueForm { max_calls: "101".into(), lines_qty: "100".into(), ..form() }, &[]);
        let errors = errors.unwrap_err();
        assert_eq!(errors.get("form_max_calls"), Some("A maximum of 100 calls are allowed in a queue."));
        assert_eq!(errors.get("form_lines_qty"), Some(LINES_OUT_OF_RANGE));
        assert!(validate_queue(&QueueForm { max_calls: "100".into(), lines_qty: "99".into(), ..form() }, &[]).is_ok());
        assert!(validate_queue(&QueueForm { lines_qty: "0".into(), ..form() }, &[]).is_err());
    }

    #[test]
    fn the_description_has_the_queue_texts() {
        let errors = validate_queue(&QueueForm { description: "q".repeat(61), ..form() }, &[]).unwrap_err();
        assert_eq!(errors.get("form_description"), Some("Description can only be 60 characters in length."));
        let errors = validate_queue(&form(), &["sales queue".into()]).unwrap_err();
        assert_eq!(errors.get("form_description"), Some("Description is not unique."));
    }

    #[test]
    fn intervals_must_be_on_the_ten_second_steps() {
        assert!(validate_queue(&QueueForm { message_interval: 35, ..form() }, &[]).is_err());
        assert!(validate_queue(&QueueForm { message_interval: 120, ..form() }, &[]).is_ok());
    }
}
