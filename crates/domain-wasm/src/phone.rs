//! The browser phone's rules for its panel (domain `phone`): which numbers an agent may ring, and
//! the moment a test call is routed as, with the server's words. Who may open the phone is the
//! shell's (`phoneAccess`): the top bar asks on every screen.

use domain::phone as rules;
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::to_js;

/// The number an agent typed, as it is rung ("07700900123"), or why it may not be: "" and the
/// words.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct OutboundCheck {
    pub number: String,
    pub problem: String,
}

#[wasm_bindgen(js_name = outboundDestination, unchecked_return_type = "OutboundCheck")]
pub fn outbound_destination(typed: &str) -> Result<JsValue, JsError> {
    let check = match rules::outbound_destination(typed) {
        Ok(number) => OutboundCheck { number, problem: String::new() },
        Err(problem) => OutboundCheck { number: String::new(), problem: problem.into() },
    };
    to_js(&check)
}

/// A test call's "as if it were" moment: its words ("as if it were Thursday 24/12/2026 18:05")
/// or each field's problem (asIfDate, asIfTime).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
#[cfg_attr(test, derive(ts_rs::TS))]
pub struct AsIfCheck {
    pub words: String,
    pub errors: domain::FieldErrors,
}

#[wasm_bindgen(js_name = asIfMoment, unchecked_return_type = "AsIfCheck")]
pub fn as_if_moment(date: &str, time: &str, time_zone: &str) -> Result<JsValue, JsError> {
    let check = match rules::as_if_moment(date, time, time_zone) {
        Ok(moment) => AsIfCheck { words: moment.words, errors: domain::FieldErrors::default() },
        Err(errors) => AsIfCheck { words: String::new(), errors },
    };
    to_js(&check)
}
