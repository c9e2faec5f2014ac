//! The reports' rules: report periods in the account's zone, call outcomes,
//! abandoned calls, call-backs and first-time callers, for the call log and dashboard screens.

use std::collections::HashSet;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::reports::{
    call_outcome, first_time_calls, format_uk, is_abandoned, link_callbacks, report_period, CallFacts, CallOutcome,
    CallerCall, DatePreset, ReportPeriod,
};

/// A period, or why the dates were refused (one of the two is null).
#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct PeriodAnswer {
    period: Option<ReportPeriod>,
    error: Option<String>,
}

/// The period a preset ({ preset: 'last7Days' } or { preset: 'custom', from, to }) covers at
/// `now` (unix seconds) in the account's zone, with the period before it.
#[wasm_bindgen(js_name = reportPeriod, unchecked_return_type = "PeriodAnswer")]
pub fn report_period_js(
    #[wasm_bindgen(unchecked_param_type = "DatePreset")] preset: JsValue,
    now: f64,
    time_zone: &str,
) -> Result<JsValue, JsError> {
    let preset: DatePreset = from_js(preset)?;
    let answer = match report_period(&preset, now as i64, time_zone) {
        Ok(period) => PeriodAnswer { period: Some(period), error: None },
        Err(error) => PeriodAnswer { period: None, error: Some(error) },
    };
    to_js(&answer)
}

/// A phone number as the call log writes it: UK numbers with the numbering plan's spaces
/// ("07700 900123"), numbers abroad as "+" and digits, a withheld one as "Withheld".
#[wasm_bindgen(js_name = formatUk)]
pub fn format_uk_js(number: &str) -> String {
    format_uk(number)
}

/// The outcome key of a call ('answered', 'missed', 'busy', 'voicemail', 'hungUpInIvr').
#[wasm_bindgen(js_name = callOutcome)]
pub fn call_outcome_js(#[wasm_bindgen(unchecked_param_type = "CallFacts")] facts: JsValue) -> Result<String, JsError> {
    let facts: CallFacts = from_js(facts)?;
    Ok(call_outcome(&facts).key().to_string())
}

/// Whether a call with this outcome key and talk time is abandoned (unknown keys: not answered).
#[wasm_bindgen(js_name = isAbandoned)]
pub fn is_abandoned_js(outcome: &str, talk_seconds: f64) -> bool {
    is_abandoned(CallOutcome::from_key(outcome).unwrap_or(CallOutcome::Missed), talk_seconds as i64)
}

/// The call-backs among a caller's calls, each linked to the missed call that opened its chain.
#[wasm_bindgen(js_name = linkCallbacks, unchecked_return_type = "CallbackLink[]")]
pub fn link_callbacks_js(
    #[wasm_bindgen(unchecked_param_type = "CallerCall[]")] calls: JsValue,
) -> Result<JsValue, JsError> {
    let calls: Vec<CallerCall> = from_js(calls)?;
    to_js(&link_callbacks(&calls))
}

/// The ids of the first-time calls, given the callers who called before these calls.
#[wasm_bindgen(js_name = firstTimeCalls, unchecked_return_type = "number[]")]
pub fn first_time_calls_js(
    #[wasm_bindgen(unchecked_param_type = "CallerCall[]")] calls: JsValue,
    known_callers: Vec<String>,
) -> Result<JsValue, JsError> {
    let calls: Vec<CallerCall> = from_js(calls)?;
    let known: HashSet<String> = known_callers.into_iter().collect();
    to_js(&first_time_calls(&calls, &known))
}
