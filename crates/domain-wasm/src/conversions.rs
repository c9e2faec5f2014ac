//! Conversions: the conversion action form, the rule deciding which calls count, and
//! what an upload carries.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::conversions;

/// Field errors of the conversion form ({} when valid); `taken` holds the account's other
/// actions' names.
#[wasm_bindgen(js_name = validateConversion, unchecked_return_type = "FieldErrors")]
pub fn validate_conversion(
    #[wasm_bindgen(unchecked_param_type = "ConversionForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: conversions::ConversionForm = from_js(form)?;
    to_js(&conversions::parse_conversion(&form, &taken).err().unwrap_or_default())
}

/// Whether a call counts as a conversion of the action.
#[wasm_bindgen(js_name = callCounts)]
pub fn call_counts(
    #[wasm_bindgen(unchecked_param_type = "ConversionAction")] action: JsValue,
    #[wasm_bindgen(unchecked_param_type = "ConversionCall")] call: JsValue,
) -> Result<bool, JsError> {
    let action: conversions::ConversionAction = from_js(action)?;
    let call: conversions::ConversionCall = from_js(call)?;
    Ok(conversions::call_counts(&action, &call))
}

/// A number as stored, in E.164 ("+447700900123"), or null.
#[wasm_bindgen(js_name = e164)]
pub fn e164(number: &str) -> Option<String> {
    conversions::e164(number)
}
