//! Outbound campaigns (/outboundcampaigns): the campaign form as it is typed.

use wasm_bindgen::prelude::*;

use crate::to_js;
use domain::agents;

/// Field errors of the outbound campaign form ({} when valid); `taken` holds the other
/// campaigns' names.
#[wasm_bindgen(js_name = validateOutboundCampaign, unchecked_return_type = "FieldErrors")]
pub fn validate_outbound_campaign(name: String, taken: Vec<String>) -> Result<JsValue, JsError> {
    to_js(&agents::validate_campaign(&name, &taken))
}
