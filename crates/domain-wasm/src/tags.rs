//! Call tags: the tag form, the rule form and the rules' decision on a call.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::tags;

/// Field errors of the tag form ({} when valid); `taken` holds the account's other tags' names.
#[wasm_bindgen(js_name = validateTag, unchecked_return_type = "FieldErrors")]
pub fn validate_tag(
    #[wasm_bindgen(unchecked_param_type = "TagForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: tags::TagForm = from_js(form)?;
    to_js(&tags::validate_tag(&form, &taken))
}

/// Field errors of the rule form ({} when valid).
#[wasm_bindgen(js_name = validateTagRule, unchecked_return_type = "FieldErrors")]
pub fn validate_tag_rule(
    #[wasm_bindgen(unchecked_param_type = "TagRuleForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: tags::TagRuleForm = from_js(form)?;
    to_js(&tags::parse_tag_rule(0, &form).err().unwrap_or_default())
}

/// The tag ids the rules give a call, ascending.
#[wasm_bindgen(js_name = automaticTags, unchecked_return_type = "number[]")]
pub fn automatic_tags(
    #[wasm_bindgen(unchecked_param_type = "TagFacts")] call: JsValue,
    #[wasm_bindgen(unchecked_param_type = "TagRule[]")] rules: JsValue,
) -> Result<JsValue, JsError> {
    let call: tags::TagFacts = from_js(call)?;
    let rules: Vec<tags::TagRule> = from_js(rules)?;
    to_js(&tags::automatic_tags(&call, &rules))
}
