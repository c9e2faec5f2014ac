//! The portals' form rules: the Add partner account dialog, partner branding, API
//! key names and the technology partner's settings.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::partners::{add_account, api_keys, branding, profile};

/// Field errors of the Add partner account dialog ({} when valid): accountName and the
/// optional owner's form_first_name, form_last_name, form_email.
#[wasm_bindgen(js_name = validateAddAccount, unchecked_return_type = "FieldErrors")]
pub fn validate_add_account(
    #[wasm_bindgen(unchecked_param_type = "AddAccountForm")] form: JsValue,
) -> Result<JsValue, JsError> {
    let form: add_account::AddAccountForm = from_js(form)?;
    to_js(&add_account::validate_add_account(&form))
}

/// Field errors of the branding colours ({} when valid).
#[wasm_bindgen(js_name = validateBrandingColours, unchecked_return_type = "FieldErrors")]
pub fn validate_branding_colours(
    #[wasm_bindgen(unchecked_param_type = "BrandingColours")] colours: JsValue,
) -> Result<JsValue, JsError> {
    let colours: branding::BrandingColours = from_js(colours)?;
    to_js(&branding::validate_branding_colours(&colours))
}

/// What is wrong with a chosen logo or favicon (its first bytes and its size), or undefined.
#[wasm_bindgen(js_name = brandImageProblem)]
pub fn brand_image_problem(favicon: bool, first_bytes: &[u8], size: usize) -> Option<String> {
    let image = if favicon { branding::BrandImage::Favicon } else { branding::BrandImage::Logo };
    branding::image_problem(image, first_bytes, size)
}

/// Field errors of a new API key's name ({} when valid).
#[wasm_bindgen(js_name = validateApiKeyName, unchecked_return_type = "FieldErrors")]
pub fn validate_api_key_name(name: &str) -> Result<JsValue, JsError> {
    to_js(&api_keys::validate_api_key_name(name))
}

/// Field errors of the technology partner's settings ({} when valid).
#[wasm_bindgen(js_name = validateTechPartnerProfile, unchecked_return_type = "FieldErrors")]
pub fn validate_tech_partner_profile(
    #[wasm_bindgen(unchecked_param_type = "TechPartnerProfile")] profile: JsValue,
) -> Result<JsValue, JsError> {
    let profile: profile::TechPartnerProfile = from_js(profile)?;
    to_js(&profile::validate_tech_partner_profile(&profile))
}
