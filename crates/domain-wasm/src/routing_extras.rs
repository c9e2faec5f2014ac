//! The simpler call routing editors for the browser: call categories, report groups,
//! in-call attribution plans, DTMF plans and DTMF IVRs, dynamic whispers.

use domain::routing::{self as rules};
use wasm_bindgen::prelude::*;

use crate::routing::{errors, taken};
use crate::{from_js, to_js};

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct LabelledChoice {
    id: &'static str,
    label: &'static str,
}

#[derive(serde::Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
#[serde(rename_all = "camelCase")]
pub(crate) struct RoutingExtrasConstants {
    transfer_types: Vec<LabelledChoice>,
    terminators: Vec<LabelledChoice>,
    attribution_delay_max: i64,
    dtmf_digits_min: i64,
    dtmf_digits_max: i64,
    dtmf_timeout_min: i64,
    dtmf_timeout_max: i64,
    dtmf_timeout_default: i64,
    dtmf_ivr_keys: Vec<&'static str>,
    whisper_max: usize,
}

/// The choices and limits of these editors' selects (spec section 9).
#[wasm_bindgen(js_name = routingExtrasConstants, unchecked_return_type = "RoutingExtrasConstants")]
pub fn routing_extras_constants() -> Result<JsValue, JsError> {
    let choices = |list: &[(&'static str, &'static str)]| {
        list.iter().map(|&(id, label)| LabelledChoice { id, label }).collect::<Vec<_>>()
    };
    to_js(&RoutingExtrasConstants {
        transfer_types: choices(&rules::in_call::TRANSFER_TYPES),
        terminators: choices(&rules::in_call::TERMINATORS),
        attribution_delay_max: rules::in_call::ATTRIBUTION_DELAY_MAX,
        dtmf_digits_min: rules::dtmf::DTMF_DIGITS_MIN,
        dtmf_digits_max: rules::dtmf::DTMF_DIGITS_MAX,
        dtmf_timeout_min: rules::dtmf::DTMF_TIMEOUT_MIN,
        dtmf_timeout_max: rules::dtmf::DTMF_TIMEOUT_MAX,
        dtmf_timeout_default: rules::dtmf::DTMF_TIMEOUT_DEFAULT,
        dtmf_ivr_keys: rules::dtmf::DTMF_IVR_KEYS.to_vec(),
        whisper_max: rules::dynamic_whisper::WHISPER_MAX,
    })
}

/// Call categories. Key: form_description.
#[wasm_bindgen(js_name = validateCategory, unchecked_return_type = "FieldErrors")]
pub fn validate_category(
    #[wasm_bindgen(unchecked_param_type = "GroupForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_category(&from_js(form)?, &taken(taken_descriptions)?))
}

/// Report groups and secondary report groups. Key: form_description.
#[wasm_bindgen(js_name = validateReportGroup, unchecked_return_type = "FieldErrors")]
pub fn validate_report_group(
    #[wasm_bindgen(unchecked_param_type = "GroupForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_report_group(&from_js(form)?, &taken(taken_descriptions)?))
}

/// Keys: form_description, form_active_flag, form_transfer_type, form_terminator,
/// form_delay_before, form_delay_after.
#[wasm_bindgen(js_name = validateInCallAttribution, unchecked_return_type = "FieldErrors")]
pub fn validate_in_call_attribution(
    #[wasm_bindgen(unchecked_param_type = "InCallAttributionForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_in_call_attribution(&from_js(form)?, &taken(taken_descriptions)?))
}

/// Keys: description, introAudio, endAudio, minimumDigits, maximumDigits, initialTimeout,
/// internalTimeout.
#[wasm_bindgen(js_name = validateDtmfPlan, unchecked_return_type = "FieldErrors")]
pub fn validate_dtmf_plan(
    #[wasm_bindgen(unchecked_param_type = "DtmfPlanForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_dtmf_plan(&from_js(form)?))
}

/// Keys: description, introAudioId, endAudioId, keys, keyDescription[i], keyCategoryId[i].
#[wasm_bindgen(js_name = validateDtmfIvr, unchecked_return_type = "FieldErrors")]
pub fn validate_dtmf_ivr(
    #[wasm_bindgen(unchecked_param_type = "DtmfIvrForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_dtmf_ivr(&from_js(form)?))
}

/// Keys: description, dynamicWhisper, dynamicWhisper[i] (i = source row).
#[wasm_bindgen(js_name = validateDynamicWhisper, unchecked_return_type = "FieldErrors")]
pub fn validate_dynamic_whisper(
    #[wasm_bindgen(unchecked_param_type = "DynamicWhisperForm")] form: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    errors(rules::validate_dynamic_whisper(&from_js(form)?, &taken(taken_descriptions)?))
}

/// The play button's check: the message, or null when there is text to say.
#[wasm_bindgen(js_name = whisperTextProblem)]
pub fn whisper_text_problem(text: &str) -> Option<String> {
    rules::whisper_text_problem(text)
}
