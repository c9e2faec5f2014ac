//! Ad spend and what each call cost: the month table's checks and the cost arithmetic, the
//! same code the server runs.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::spend;

/// Field errors of a month's spend table ({} when valid) on `today` (YYYY-MM-DD, the account's).
#[wasm_bindgen(js_name = validateSpendMonth, unchecked_return_type = "FieldErrors")]
pub fn validate_spend_month(
    #[wasm_bindgen(unchecked_param_type = "SpendMonthForm")] form: JsValue,
    today: &str,
) -> Result<JsValue, JsError> {
    let form: spend::SpendMonthForm = from_js(form)?;
    to_js(&spend::parse_month_form(&form, today).err().unwrap_or_default())
}

/// One line of figures, worded: spend, cost per call, first-time caller, qualified lead and
/// sale, revenue and return on spend.
#[wasm_bindgen(js_name = costLine, unchecked_return_type = "CostLine")]
pub fn cost_line(#[wasm_bindgen(unchecked_param_type = "CostFacts")] facts: JsValue) -> Result<JsValue, JsError> {
    let facts: spend::CostFacts = from_js(facts)?;
    to_js(&spend::cost_line(&facts))
}

/// Each row's line this period and the period before, and their change in words after
/// `previous_label` ("vs previous 30 days").
#[wasm_bindgen(js_name = costLines, unchecked_return_type = "CostRow[]")]
pub fn cost_lines(
    #[wasm_bindgen(unchecked_param_type = "[string, CostFacts, CostFacts][]")] rows: JsValue,
    previous_label: &str,
) -> Result<JsValue, JsError> {
    let rows: Vec<(String, spend::CostFacts, spend::CostFacts)> = from_js(rows)?;
    to_js(&spend::cost_lines(&rows, previous_label))
}
