//! The domain rules exported to the browser. Values cross the boundary with
//! serde-wasm-bindgen's JSON-compatible serializer, so maps arrive as plain objects.

use domain::AccountState;
use serde::{de::DeserializeOwned, Serialize};
use wasm_bindgen::prelude::*;

mod ivr;
mod routing;
mod routing_extras;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
export type Chip = "Upgrade" | "Add-on";
export interface MenuNode {
  id: string; label: string; path: string | null; icon: string; external: boolean;
  chip: Chip | null; scope: string | null; children: MenuNode[];
}
export interface Menu { title: string; items: MenuNode[] }
export type GuardStep = { kind: "allow" } | { kind: "redirect"; to: string };
export interface Resolution {
  path: string; pattern: string; title: string | null; section: string; external: boolean;
  menuParent: string | null; menuPath: string | null;
}
export interface RouteInfo {
  pattern: string; title: string | null; section: string; external: boolean; redirect: string | null;
}
export interface AddButton {
  isAdministrator: boolean; isGroupAccount: boolean; showsForGroup?: boolean; used?: number | null; total?: number | null;
}
export interface ChargeItem { quantity: number; unitPrice: number; plan: boolean }
export interface NumberFormat { countryCode: number; prefix: "none" | "doubleZero" | "plus" | "zero" }
export type FieldErrors = Record<string, string>;
export interface UserForm {
  firstName: string; lastName: string; email: string; authCode: string; customer: string;
  hasAccessToNewOutbound: boolean | null; callRecording: string; outboundNumber: string;
}
export interface UserFormContext {
  accountHasAuthCode: boolean; loadedCallRecording: string; accountHasInboundRecording: boolean;
  editorCanAccessRecordings: boolean; existingUser: boolean; enablingOutbound: boolean; hasPermissions: boolean;
  identityReadOnly?: boolean;
}
"#;

pub(crate) fn from_js<T: DeserializeOwned>(value: JsValue) -> Result<T, JsError> {
    serde_wasm_bindgen::from_value(value).map_err(|e| JsError::new(&e.to_string()))
}

pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}

fn account(value: JsValue) -> Result<AccountState, JsError> {
    from_js(value)
}

#[wasm_bindgen(js_name = buildMenu, unchecked_return_type = "Menu")]
pub fn build_menu(#[wasm_bindgen(unchecked_param_type = "unknown")] acc: JsValue) -> Result<JsValue, JsError> {
    to_js(&domain::build_menu(&account(acc)?))
}

#[wasm_bindgen(js_name = guardRoute, unchecked_return_type = "GuardStep")]
pub fn guard_route(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "unknown")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::guard(path, &account(acc)?))
}

#[wasm_bindgen(js_name = resolveRoute, unchecked_return_type = "Resolution")]
pub fn resolve_route(
    path: &str,
    #[wasm_bindgen(unchecked_param_type = "unknown")] acc: JsValue,
) -> Result<JsValue, JsError> {
    to_js(&domain::resolve(path, &account(acc)?))
}

#[wasm_bindgen(js_name = showsAddButton)]
pub fn shows_add_button(#[wasm_bindgen(unchecked_param_type = "AddButton")] button: JsValue) -> Result<bool, JsError> {
    Ok(domain::shows_add_button(&from_js(button)?))
}

#[wasm_bindgen(js_name = pageTitle)]
pub fn page_title(product: &str, title: Option<String>) -> String {
    domain::page_title(product, title.as_deref())
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RouteInfo {
    pattern: &'static str,
    title: Option<&'static str>,
    section: &'static str,
    external: bool,
    redirect: Option<&'static str>,
}

/// Every route of the table, for the router to register.
#[wasm_bindgen(js_name = routeTable, unchecked_return_type = "RouteInfo[]")]
pub fn route_table() -> Result<JsValue, JsError> {
    let routes: Vec<RouteInfo> = domain::ROUTES
        .iter()
        .map(|r| RouteInfo {
            pattern: r.pattern,
            title: r.title,
            section: r.section,
            external: r.external,
            redirect: r.redirect,
        })
        .collect();
    to_js(&routes)
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

#[wasm_bindgen(js_name = formatMoney)]
pub fn format_money(pounds: f64) -> String {
    domain::format_money(pounds)
}

#[wasm_bindgen(js_name = billingFrequencyWord)]
pub fn billing_frequency_word(months: &str, frequency_id: Option<u32>) -> String {
    domain::billing_frequency_word(months, frequency_id)
}

#[wasm_bindgen(js_name = formatDate)]
pub fn format_date(stored: &str) -> Option<String> {
    domain::format_date(stored)
}

#[wasm_bindgen(js_name = formatNumber)]
pub fn format_number(
    number: &str,
    #[wasm_bindgen(unchecked_param_type = "NumberFormat")] format: JsValue,
) -> Result<String, JsError> {
    Ok(domain::format_number(number, &from_js(format)?))
}

/// Field errors of the password confirmation form ({} when valid).
#[wasm_bindgen(js_name = validatePasswordConfirmation, unchecked_return_type = "FieldErrors")]
pub fn validate_password_confirmation(form_password: &str) -> Result<JsValue, JsError> {
    to_js(&domain::validate_password_confirmation(form_password).err().unwrap_or_default())
}

/// Field errors of the user form ({} when valid), keyed by the users/save field names.
#[wasm_bindgen(js_name = termsProblem)]
pub fn terms_problem(accepted: bool) -> Option<String> {
    domain::users::terms_problem(accepted).map(str::to_string)
}

#[wasm_bindgen(js_name = validateUserForm, unchecked_return_type = "FieldErrors")]
pub fn validate_user_form(
    #[wasm_bindgen(unchecked_param_type = "UserForm")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "UserFormContext")] context: JsValue,
) -> Result<JsValue, JsError> {
    let form: domain::users::UserForm = from_js(form)?;
    let context: domain::users::UserFormContext = from_js(context)?;
    to_js(&domain::users::validate_user_form(&form, &context).err().unwrap_or_default())
}
