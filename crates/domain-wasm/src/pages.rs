//! What pages past the first screen need, loaded with them: the purchase modal's rules, the
//! plan page, prices and money, lists (rows per page, add buttons, CSV lines), page notes.

use wasm_bindgen::prelude::*;

use crate::{account, from_js, to_js};

/// Who may use the browser phone: test calls of the account's numbers, calls out for its agents
/// (the top bar asks, after the first screen).
#[wasm_bindgen(js_name = phoneAccess, unchecked_return_type = "PhoneAccess")]
pub fn phone_access(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::phone::phone_access(&account(acc)?))
}

/// The shared toolbar's add button rule.
#[wasm_bindgen(js_name = showsAddButton)]
pub fn shows_add_button(#[wasm_bindgen(unchecked_param_type = "AddButton")] button: JsValue) -> Result<bool, JsError> {
    Ok(domain::shows_add_button(&from_js(button)?))
}

/// What the purchase modal offers for a scope (add-on or upgrade screen, upgrade first, title,
/// button, whether a price is fetched).
#[wasm_bindgen(js_name = addonOffer, unchecked_return_type = "AddonOffer")]
pub fn addon_offer(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
    scope: &str,
    view_only: bool,
) -> Result<JsValue, JsError> {
    to_js(&domain::purchase::addon_offer(&account(acc)?, scope, view_only))
}

/// Why the purchase modal cannot sell `scope` online ('notPurchaser', 'contactAccountManager',
/// 'ownerOnly'), or null when it can.
#[wasm_bindgen(js_name = purchaseBarrier, unchecked_return_type = "PurchaseBarrier | null")]
pub fn purchase_barrier(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
    scope: &str,
) -> Result<JsValue, JsError> {
    to_js(&domain::purchase::purchase_barrier(&account(acc)?, scope))
}

/// Buying online: the purchase right on an account that buys online.
#[wasm_bindgen(js_name = canPurchaseOnline)]
pub fn can_purchase_online(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<bool, JsError> {
    Ok(account(acc)?.can_purchase_online())
}

/// What the plan and usage page does with ?scope=: 'openAddOn', 'upgrade' or 'owned'.
#[wasm_bindgen(js_name = scopeQuery, unchecked_return_type = "ScopeQuery")]
pub fn scope_query(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
    scope: &str,
) -> Result<JsValue, JsError> {
    to_js(&domain::purchase::scope_query(&account(acc)?, scope))
}

/// What the plan and usage page shows (call tracking or not) and where its links go.
#[wasm_bindgen(js_name = planPage, unchecked_return_type = "PlanPage")]
pub fn plan_page(
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::purchase::plan_page(&account(acc)?))
}

/// The page a purchase of `scope` unlocks (label, path, what it brings), or null.
#[wasm_bindgen(js_name = unlockedBy, unchecked_return_type = "Unlocked | null")]
pub fn unlocked_by(scope: &str) -> Result<JsValue, JsError> {
    to_js(&domain::purchase::unlocked_by(scope))
}

/// What a page that is not built yet says under its heading, or undefined.
#[wasm_bindgen(js_name = pageNote)]
pub fn page_note(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "Partial<AccountState>")] acc: JsValue,
) -> Result<Option<String>, JsError> {
    Ok(domain::purchase::page_note(path, &account(acc)?))
}

/// What each plan includes, by category, from the plans' stored scopes (ticks or 'Costs apply').
#[wasm_bindgen(js_name = planComparison, unchecked_return_type = "PlanComparison")]
pub fn plan_comparison(
    #[wasm_bindgen(unchecked_param_type = "PlanScopes[]")] plans: JsValue,
) -> Result<JsValue, JsError> {
    let plans: Vec<domain::purchase::PlanScopes> = from_js(plans)?;
    to_js(&domain::purchase::plan_comparison(&plans))
}

/// 'You have X minutes left of your Y inclusive minutes', or undefined without inclusive minutes.
#[wasm_bindgen(js_name = inclusiveMinutesText)]
pub fn inclusive_minutes_text(left: f64, total: f64) -> Option<String> {
    domain::purchase::usage::inclusive_minutes_text(left as i64, total as i64)
}

/// The call recording storage line of 'Add-ons included'.
#[wasm_bindgen(js_name = recordingStorageText)]
pub fn recording_storage_text(days: f64, free_days: f64) -> String {
    domain::purchase::usage::recording_storage_text(days as i64, free_days as i64)
}

/// The script tag a customer puts on the website of a dynamic URL.
#[wasm_bindgen(js_name = trackingSnippet)]
pub fn tracking_snippet(origin: &str, reference: &str) -> String {
    domain::integrations::tracking_snippet(origin, reference)
}

#[wasm_bindgen(js_name = formatPrice)]
pub fn format_price(pounds: f64) -> String {
    domain::format_price(pounds)
}

#[wasm_bindgen(js_name = formatPence)]
pub fn format_pence(pence: f64) -> String {
    domain::format_pence(pence)
}

#[wasm_bindgen(js_name = quantitySuffix)]
pub fn quantity_suffix(
    #[wasm_bindgen(unchecked_param_type = "ChargeItem")] item: JsValue,
) -> Result<Option<String>, JsError> {
    Ok(domain::quantity_suffix(&from_js(item)?))
}

/// £1,234.50; -£12.30 below zero.
/// The card form's fields the payment provider may send back as refused, with the page's texts.
#[wasm_bindgen(js_name = cardFieldErrors, unchecked_return_type = "CardFieldError[]")]
pub fn card_field_errors() -> Result<JsValue, JsError> {
    to_js(&domain::billing::card::CARD_FIELD_ERRORS)
}

#[wasm_bindgen(js_name = formatPounds)]
pub fn format_pounds(pounds: f64) -> String {
    domain::format_pounds(pounds)
}

#[wasm_bindgen(js_name = formatMoney)]
pub fn format_money(pounds: f64) -> String {
    domain::format_money(pounds)
}

#[wasm_bindgen(js_name = billingFrequencyWord)]
pub fn billing_frequency_word(months: &str, frequency_id: Option<u32>) -> String {
    domain::billing_frequency_word(months, frequency_id)
}

#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(
    number: &str,
    #[wasm_bindgen(unchecked_param_type = "NumberFormat")] format: JsValue,
) -> Result<String, JsError> {
    Ok(domain::format_number(number, &from_js(format)?))
}

/// A cell as the browser's lists hold it.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum JsCell {
    Text(String),
    Number(f64),
    Flag(bool),
    Empty,
}

/// One CSV line (crates/domain/src/csv.rs), ending in CRLF: strings are text a user may have
/// typed (formulas defused), numbers and flags are written as they are, null is empty.
#[wasm_bindgen(js_name = csvLine)]
pub fn csv_line(
    #[wasm_bindgen(unchecked_param_type = "(string | number | boolean | null)[]")] cells: JsValue,
) -> Result<String, JsError> {
    let cells: Vec<JsCell> = from_js(cells)?;
    let values: Vec<String> = cells
        .iter()
        .map(|cell| match cell {
            JsCell::Number(n) => n.to_string(),
            JsCell::Flag(b) => b.to_string(),
            JsCell::Text(_) | JsCell::Empty => String::new(),
        })
        .collect();
    let cells: Vec<domain::CsvCell> = cells
        .iter()
        .zip(&values)
        .map(|(cell, value)| match cell {
            JsCell::Text(text) => domain::CsvCell::Text(text),
            _ => domain::CsvCell::Value(value),
        })
        .collect();
    Ok(domain::csv_line(&cells))
}

/// The toolbar's rows-per-page choices besides 'All'.
#[wasm_bindgen(js_name = rowsPerPage)]
pub fn rows_per_page() -> Vec<u32> {
    domain::list_query::ROWS_PER_PAGE.to_vec()
}

/// The services page's online text ('Offline only', 'Online only', 'Online / offline').
#[wasm_bindgen(js_name = onlineText)]
pub fn online_text(status: i32) -> String {
    domain::services::online_text(status.into()).to_string()
}

/// Why the outbound add-on cannot go to `chosen` among `candidates` (the users without
/// outbound): none to choose from, or none chosen; null when it can.
#[wasm_bindgen(js_name = outboundUserProblem)]
pub fn outbound_user_problem(chosen: Option<u32>, candidates: Vec<u32>) -> Option<String> {
    let candidates: Vec<i64> = candidates.into_iter().map(i64::from).collect();
    domain::purchase::rules::outbound_user(chosen.map(i64::from), &candidates).err().map(str::to_string)
}

/// The plan comparison's words for a feature sold as an add-on ('Costs apply').
#[wasm_bindgen(js_name = costsApplyText)]
pub fn costs_apply_text() -> String {
    domain::purchase::COSTS_APPLY.to_string()
}

/// Whether the upgrade centre sells the `target` plan online to an account on `current`.
/// What a plan or add-on without a list price shows instead of one.
#[wasm_bindgen(js_name = priceOnApplicationText)]
pub fn price_on_application_text() -> String {
    domain::purchase::rules::NO_LIST_PRICE.to_string()
}

#[wasm_bindgen(js_name = onlineUpgradeTo)]
pub fn online_upgrade_to(current: &str, target: &str) -> bool {
    use domain::Plan;
    domain::purchase::rules::online_upgrade_to(Plan::from_package_name(current), Plan::from_package_name(target))
}

/// Whether the call recording storage can be extended beyond `days`.
#[wasm_bindgen(js_name = recordingStorageExtends)]
pub fn recording_storage_extends(days: u32) -> bool {
    domain::purchase::rules::recording_storage_extends(days)
}
