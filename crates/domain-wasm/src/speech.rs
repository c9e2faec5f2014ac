//! Speech analytics' forms: a voice tag and a vocabulary.

use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::speech;

/// Field errors of the voice tag form ({} when valid); `taken` holds the account's other voice
/// tags' names.
#[wasm_bindgen(js_name = validateVoiceTag, unchecked_return_type = "FieldErrors")]
pub fn validate_voice_tag(
    #[wasm_bindgen(unchecked_param_type = "VoiceTagForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: speech::VoiceTagForm = from_js(form)?;
    to_js(&speech::validate_voice_tag(&form, &taken))
}

/// Field errors of the vocabulary form ({} when valid); `taken` holds the account's other
/// vocabularies' names.
#[wasm_bindgen(js_name = validateVocabulary, unchecked_return_type = "FieldErrors")]
pub fn validate_vocabulary(
    #[wasm_bindgen(unchecked_param_type = "VocabularyForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: speech::VocabularyForm = from_js(form)?;
    to_js(&speech::validate_vocabulary(&form, &taken))
}
