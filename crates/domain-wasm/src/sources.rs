//! Source / mediums: the classifier the page's tester runs (the server's own), and
//! the rule and pair forms' messages.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::sources::{classify, pair_in_use, validate_pair, validate_rule, PairForm, RuleForm, Ruleset, VisitFacts};

/// Which pair a visit is credited to, the rule, its level and why.
#[wasm_bindgen(js_name = classifySourceVisit, unchecked_return_type = "Classification")]
pub fn classify_source_visit(
    #[wasm_bindgen(unchecked_param_type = "VisitFacts")] visit: JsValue,
    #[wasm_bindgen(unchecked_param_type = "Ruleset")] rules: JsValue,
) -> Result<JsValue, JsError> {
    let visit: VisitFacts = from_js(visit)?;
    let rules: Ruleset = from_js(rules)?;
    to_js(&classify(&visit, &rules))
}

/// Field errors of a rule form ({} when valid).
#[wasm_bindgen(js_name = validateSourceRule, unchecked_return_type = "FieldErrors")]
pub fn validate_source_rule(
    #[wasm_bindgen(unchecked_param_type = "RuleForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: RuleForm = from_js(form)?;
    to_js(&validate_rule(&form))
}

/// Field errors of a pair form; `taken` the account's other pairs as [source, medium].
#[wasm_bindgen(js_name = validateSourcePair, unchecked_return_type = "FieldErrors")]
pub fn validate_source_pair(
    #[wasm_bindgen(unchecked_param_type = "PairForm")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "[string, string][]")] taken: JsValue,
) -> Result<JsValue, JsError> {
    let form: PairForm = from_js(form)?;
    let taken: Vec<(String, String)> = from_js(taken)?;
    to_js(&validate_pair(&form, &taken))
}

/// Why a pair is not deleted, or null.
#[wasm_bindgen(js_name = sourcePairInUse)]
pub fn source_pair_in_use(is_default: bool, whispers: Vec<String>, pools: Vec<String>) -> Option<String> {
    pair_in_use(is_default, &whispers, &pools)
}
