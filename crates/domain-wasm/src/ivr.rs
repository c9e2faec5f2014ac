//! The IVR rules for the browser: key table edits, validation, the flow graph with its loops and
//! dead ends, and the full path of a call.

use domain::routing::ivr::{self, IvrForm, KeyType, Library};
use domain::routing::TimeRow;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

fn form(value: JsValue) -> Result<IvrForm, JsError> {
    from_js(value)
}

#[wasm_bindgen(js_name = ivrAddKey, unchecked_return_type = "IvrForm")]
pub fn add_key(#[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue) -> Result<JsValue, JsError> {
    to_js(&ivr::add_key(form(ivr)?))
}

#[wasm_bindgen(js_name = ivrRemoveKey, unchecked_return_type = "IvrForm")]
pub fn remove_key(
    #[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue,
    index: usize,
) -> Result<JsValue, JsError> {
    to_js(&ivr::remove_key(form(ivr)?, index))
}

#[wasm_bindgen(js_name = ivrSetRepeatKey, unchecked_return_type = "IvrForm")]
pub fn set_repeat_key(
    #[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue,
    key: &str,
) -> Result<JsValue, JsError> {
    to_js(&ivr::set_repeat_key(form(ivr)?, key))
}

#[wasm_bindgen(js_name = ivrSetKeyType, unchecked_return_type = "IvrForm")]
pub fn set_key_type(
    #[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue,
    index: usize,
    #[wasm_bindgen(unchecked_param_type = "KeyType")] key_type: JsValue,
) -> Result<JsValue, JsError> {
    let key_type: KeyType = from_js(key_type)?;
    to_js(&ivr::set_key_type(form(ivr)?, index, key_type))
}

#[wasm_bindgen(js_name = ivrSetHangUpAfterAudio, unchecked_return_type = "IvrForm")]
pub fn set_hang_up_after_audio(
    #[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue,
    on: bool,
) -> Result<JsValue, JsError> {
    to_js(&ivr::set_hang_up_after_audio(form(ivr)?, on))
}

#[wasm_bindgen(js_name = validateIvr, unchecked_return_type = "FieldErrors")]
pub fn validate_ivr(
    #[wasm_bindgen(unchecked_param_type = "IvrForm")] ivr: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "string[]")] taken_descriptions: JsValue,
) -> Result<JsValue, JsError> {
    let taken: Vec<String> = if taken_descriptions.is_undefined() { vec![] } else { from_js(taken_descriptions)? };
    to_js(&ivr::validate_ivr(&form(ivr)?, &taken).err().unwrap_or_default())
}

#[wasm_bindgen(js_name = ivrFlow, unchecked_return_type = "IvrFlow")]
pub fn ivr_flow(
    ivr_id: f64,
    #[wasm_bindgen(unchecked_param_type = "IvrLibrary")] library: JsValue,
) -> Result<JsValue, JsError> {
    let library: Library = from_js(library)?;
    to_js(&ivr::ivr_flow(ivr_id as i64, &library))
}

#[wasm_bindgen(js_name = servicePlanFlow, unchecked_return_type = "IvrFlow")]
pub fn service_plan_flow(
    #[wasm_bindgen(unchecked_param_type = "TimeRow[]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "IvrLibrary")] library: JsValue,
) -> Result<JsValue, JsError> {
    let rows: Vec<TimeRow> = from_js(rows)?;
    let library: Library = from_js(library)?;
    to_js(&ivr::service_plan_flow(&rows, &library))
}

/// The full path of a call at that moment, keys pressed in turn; throws for an unknown time zone.
#[wasm_bindgen(js_name = followCall, unchecked_return_type = "CallPath")]
pub fn follow_call(
    #[wasm_bindgen(unchecked_param_type = "TimeRow[]")] rows: JsValue,
    #[wasm_bindgen(unchecked_param_type = "PlanException[]")] exceptions: JsValue,
    time_zone: &str,
    epoch_millis: f64,
    #[wasm_bindgen(unchecked_param_type = "IvrLibrary")] library: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] presses: JsValue,
) -> Result<JsValue, JsError> {
    let rows: Vec<TimeRow> = from_js(rows)?;
    let exceptions: Vec<domain::routing::plan_exceptions::PlanException> = from_js(exceptions)?;
    let library: Library = from_js(library)?;
    let presses: Vec<String> = from_js(presses)?;
    let path = ivr::follow_call(&rows, &exceptions, time_zone, epoch_millis as i64, &library, &presses)
        .map_err(|e| JsError::new(&e))?;
    to_js(&path)
}

/// Why no key may be added to an IVR of `keys` keys, or null.
#[wasm_bindgen(js_name = noMoreKeys)]
pub fn no_more_keys(keys: usize) -> Option<String> {
    domain::routing::ivr::no_more_keys(keys).map(str::to_string)
}
