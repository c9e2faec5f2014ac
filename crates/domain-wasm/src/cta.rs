//! Call-to-actions: the form, a page pattern's match and the 30-minute call rule.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::cta;

/// Field errors of the call-to-action form ({} when valid); `taken` holds the account's other
/// call-to-actions' names.
#[wasm_bindgen(js_name = validateCta, unchecked_return_type = "FieldErrors")]
pub fn validate_cta(
    #[wasm_bindgen(unchecked_param_type = "CtaForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: cta::CtaForm = from_js(form)?;
    to_js(&cta::validate_cta(&form, &taken))
}

/// Whether a page's path matches a pattern ('/book*', '/contact').
#[wasm_bindgen(js_name = pageMatches)]
pub fn page_matches(pattern: &str, path: &str) -> bool {
    cta::page_matches(pattern, path)
}

/// The ids of the calls the clicks led to (same visit, at most 30 minutes before the call).
#[wasm_bindgen(js_name = callsAfterClicks, unchecked_return_type = "number[]")]
pub fn calls_after_clicks(
    #[wasm_bindgen(unchecked_param_type = "CtaClick[]")] clicks: JsValue,
    #[wasm_bindgen(unchecked_param_type = "CtaCallStart[]")] calls: JsValue,
) -> Result<JsValue, JsError> {
    let clicks: Vec<cta::Click> = from_js(clicks)?;
    let calls: Vec<cta::CallStart> = from_js(calls)?;
    to_js(&cta::calls_after_clicks(&clicks, &calls))
}
