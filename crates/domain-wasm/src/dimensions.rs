//! Custom dimensions: the definition form and a call's value as typed.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::dimensions;

/// Field errors of the custom dimension form ({} when valid), against what the account has.
#[wasm_bindgen(js_name = validateDimension, unchecked_return_type = "FieldErrors")]
pub fn validate_dimension(
    #[wasm_bindgen(unchecked_param_type = "DimensionForm")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "DimensionContext")] context: JsValue,
) -> Result<JsValue, JsError> {
    let form: dimensions::DimensionForm = from_js(form)?;
    let context: dimensions::DimensionContext = from_js(context)?;
    to_js(&dimensions::validate_dimension(&form, &context))
}

/// A call's value as typed: the value as it will be stored, or the message.
#[wasm_bindgen(js_name = checkDimensionValue, unchecked_return_type = "DimensionValueAnswer")]
pub fn check_dimension_value(kind: &str, choices: Vec<String>, typed: &str) -> Result<JsValue, JsError> {
    to_js(&dimensions::value_answer(kind, &choices, typed))
}
