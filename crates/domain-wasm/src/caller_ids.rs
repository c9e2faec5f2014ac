//! Manage CLI: the outside number form and the code form.

use wasm_bindgen::prelude::*;

use crate::to_js;
use domain::caller_ids;

/// Field errors of the outside number form ({} when valid): `tracked` are the account's tracked
/// numbers, `outside` the outside numbers on the list.
#[wasm_bindgen(js_name = validateOutsideNumber, unchecked_return_type = "FieldErrors")]
pub fn validate_outside_number(number: String, tracked: Vec<String>, outside: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&caller_ids::validate_outside_number(&number, &tracked, &outside).err().unwrap_or_default())
}

/// Field errors of the code form ({} when valid).
#[wasm_bindgen(js_name = validateCallerIdCode, unchecked_return_type = "FieldErrors")]
pub fn validate_caller_id_code(code: String) -> Result<JsValue, JsError> {
    to_js(&caller_ids::validate_code(&code).err().unwrap_or_default())
}
