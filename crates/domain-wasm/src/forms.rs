//! The user and password forms' rules (routing and IVR are in their own modules).

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};

/// Field errors of the password confirmation form ({} when valid).
#[wasm_bindgen(js_name = validatePasswordConfirmation, unchecked_return_type = "FieldErrors")]
pub fn validate_password_confirmation(form_password: &str) -> Result<JsValue, JsError> {
    to_js(&domain::validate_password_confirmation(form_password).err().unwrap_or_default())
}

/// Field errors of the Google Analytics connect form ({} when valid); `options` are the ids
/// of the account's properties.
#[wasm_bindgen(js_name = validateGaConnect, unchecked_return_type = "FieldErrors")]
pub fn validate_ga_connect(property_id: &str, property_type: &str, options: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&domain::integrations::validate_ga_connect(property_id, property_type, &options).err().unwrap_or_default())
}

/// Field errors of an integration's settings form ({} when valid), fields by form name.
#[wasm_bindgen(js_name = validateIntegrationSettings, unchecked_return_type = "FieldErrors")]
pub fn validate_integration_settings(
    identifier: &str,
    #[wasm_bindgen(unchecked_param_type = "Record<string, string>")] fields: JsValue,
) -> Result<JsValue, JsError> {
    let fields: std::collections::BTreeMap<String, String> = from_js(fields)?;
    to_js(&domain::integrations::validate_settings(identifier, &fields).err().unwrap_or_default())
}

/// The help text under the FTP export's file name (the character rule's hint).
#[wasm_bindgen(js_name = ftpFileNameHint)]
pub fn ftp_file_name_hint() -> String {
    domain::integrations::ftp_file_name_hint()
}

/// The settings form of an integration connected at the provider (Google Ads, HubSpot), or null.
#[wasm_bindgen(js_name = providerSettings, unchecked_return_type = "ProviderSettingsDef | null")]
pub fn provider_settings(identifier: &str) -> Result<JsValue, JsError> {
    to_js(&domain::integrations::provider_settings(identifier))
}

/// Field errors of a provider settings form ({} when valid); `accounts` are the ids of the
/// login's accounts or portals.
#[wasm_bindgen(js_name = validateProviderSettings, unchecked_return_type = "FieldErrors")]
pub fn validate_provider_settings(
    identifier: &str,
    account_id: &str,
    sends: Vec<String>,
    accounts: Vec<String>,
) -> Result<JsValue, JsError> {
    to_js(
        &domain::integrations::validate_provider_settings(identifier, account_id, &sends, &accounts)
            .err()
            .unwrap_or_default(),
    )
}

/// A purchase's terms tickbox: its message while it is not ticked.
#[wasm_bindgen(js_name = termsProblem)]
pub fn terms_problem(accepted: bool) -> Option<String> {
    domain::users::terms_problem(accepted).map(str::to_string)
}

/// Whether the users list offers Delete on a row (the rule the server's delete refusal uses).
#[wasm_bindgen(js_name = offersUserDelete)]
pub fn offers_user_delete(actor_id: f64, actor_level: u8, target_id: f64, target_level: u8) -> bool {
    domain::users::offers_delete(actor_id as i64, actor_level, target_id as i64, target_level)
}

/// Field errors of the user form ({} when valid), keyed by the users/save field names.
#[wasm_bindgen(js_name = validateUserForm, unchecked_return_type = "FieldErrors")]
pub fn validate_user_form(
    #[wasm_bindgen(unchecked_param_type = "UserForm")] form: JsValue,
    #[wasm_bindgen(unchecked_param_type = "UserFormContext")] context: JsValue,
) -> Result<JsValue, JsError> {
    let form: domain::users::UserForm = from_js(form)?;
    let context: domain::users::UserFormContext = from_js(context)?;
    to_js(&domain::users::validate_user_form(&form, &context).err().unwrap_or_default())
}

/// Field errors of the billing details form ({} when valid), keyed by the form_ names.
#[wasm_bindgen(js_name = validateBillingDetails, unchecked_return_type = "FieldErrors")]
pub fn validate_billing_details(
    #[wasm_bindgen(unchecked_param_type = "BillingDetailsForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: domain::billing::BillingDetailsForm = from_js(form)?;
    to_js(&domain::billing::validate_billing_details(&form))
}

/// Field errors of the static number form ({} when valid).
#[wasm_bindgen(js_name = validateStaticNumber, unchecked_return_type = "FieldErrors")]
pub fn validate_static_number(
    #[wasm_bindgen(unchecked_param_type = "StaticNumberForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: domain::services::static_number::StaticNumberForm = from_js(form)?;
    to_js(&domain::services::static_number::validate_static_number(&form))
}

/// Field errors of the new service plan dialog ({} when valid); `taken` are the account's plan
/// descriptions, `restricted` the restricted destination prefixes.
#[wasm_bindgen(js_name = validateNewServicePlan, unchecked_return_type = "FieldErrors")]
pub fn validate_new_service_plan(
    #[wasm_bindgen(unchecked_param_type = "NewServicePlanForm")] form: JsValue,
    taken: Vec<String>,
    restricted: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: domain::services::new_service_plan::NewServicePlanForm = from_js(form)?;
    to_js(&domain::services::new_service_plan::validate_new_service_plan(&form, &taken, &restricted))
}

/// Field errors of a new captured parameter's name ({} when valid), under `parameter`, against
/// the names the account captures.
#[wasm_bindgen(js_name = validateParameterName, unchecked_return_type = "FieldErrors")]
pub fn validate_parameter_name(name: &str, existing: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&domain::services::parameters::parameter_name_errors(name, &existing))
}

/// Field errors of an inline add dialog ({} when valid), under the list's posted field name.
#[wasm_bindgen(js_name = validateInlineAdd, unchecked_return_type = "FieldErrors")]
pub fn validate_inline_add(
    #[wasm_bindgen(unchecked_param_type = "InlineList")] list: JsValue,
    description: &str,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let list: domain::services::inline_add::InlineList = from_js(list)?;
    to_js(&domain::services::inline_add::validate_inline_add(list, description, &taken))
}

/// Field errors of an edit of numbers' attribution fields ({} when valid; a field absent is unchanged).
#[wasm_bindgen(js_name = validateNumberAttribution, unchecked_return_type = "FieldErrors")]
pub fn validate_number_attribution(
    #[wasm_bindgen(unchecked_param_type = "AttributionEdit")] edit: JsValue,
) -> Result<JsValue, JsError> {
    let edit: domain::numbers::AttributionEdit = from_js(edit)?;
    to_js(&domain::numbers::validate_attribution(&edit))
}

/// What the release confirmation says for `count` numbers released at `now_seconds`.
#[wasm_bindgen(js_name = releaseNote)]
pub fn release_note(count: u32, now_seconds: f64, time_zone: &str) -> String {
    domain::numbers::release_note_at(count as usize, now_seconds as i64, time_zone)
}

/// Field errors of the dynamic URL and pool form ({} when valid).
#[wasm_bindgen(js_name = validateDynamicPool, unchecked_return_type = "FieldErrors")]
pub fn validate_dynamic_pool(
    #[wasm_bindgen(unchecked_param_type = "DynamicPoolForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: domain::services::dynamic_pool::DynamicPoolForm = from_js(form)?;
    to_js(&domain::services::dynamic_pool::validate_dynamic_pool(&form))
}

/// Why the sales upload form may not send yet (no file chosen), or null.
#[wasm_bindgen(js_name = chosenSalesFileProblem)]
pub fn chosen_sales_file_problem(file_name: Option<String>) -> Option<String> {
    domain::sales::import::chosen_file_problem(file_name.as_deref()).map(str::to_string)
}
