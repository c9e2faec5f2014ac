//! Routing drafts' rules for the draft page (domain `routing::draft`): the schedule's moments
//! typed in the account's zone, checked against the server's now, with the same words and
//! instants the server keeps.

use domain::routing::draft::{parse_schedule, schedule_text, ScheduleForm, ScheduleState};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::to_js;

/// The schedule as typed: its words ("The draft goes live 24/12/2026 17:00 GMT, ...") or each
/// field's problem (publishAt, revertAt).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct ScheduleCheck {
    pub text: String,
    pub errors: domain::FieldErrors,
}

#[wasm_bindgen(js_name = draftSchedule, unchecked_return_type = "ScheduleCheck")]
pub fn draft_schedule(
    publish_at: &str,
    revert_at: &str,
    time_zone: &str,
    now_seconds: f64,
) -> Result<JsValue, JsError> {
    let form = ScheduleForm { publish_at: publish_at.to_string(), revert_at: revert_at.to_string() };
    let check = match parse_schedule(&form, time_zone, now_seconds as i64) {
        Ok(schedule) => ScheduleCheck {
            text: schedule_text(&schedule, ScheduleState::Waiting, time_zone),
            errors: domain::FieldErrors::default(),
        },
        Err(errors) => ScheduleCheck { text: String::new(), errors },
    };
    to_js(&check)
}
