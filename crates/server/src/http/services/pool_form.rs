//! The dynamic URL and pool form of managevisioncampaigns/insert: its fields, what a schema
//! states of them (a number format of the list, or a custom one; an address without a dynamic
//! URL chosen), and the domain's form it is read as.

use domain::routing::MID_CALL_AUDIOS;
use domain::services::dynamic_pool::{
    DynamicPoolForm, CUSTOM_FORMAT_DIGITS, CUSTOM_FORMAT_ID, CUSTOM_FORMAT_MAX, INTERNATIONAL_FORMATS, NAME_MAX,
    NUMBERS_TO_REPLACE_MAX, NUMBER_FORMATS, NUMBER_TO_REPLACE_MAX,
};
use garde::Validate;
use serde::Deserialize;
use utoipa::openapi::schema::{AnyOfBuilder, ArrayBuilder, Object, ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::http::contract::bounds::{self, Chars};
use crate::http::contract::bounds_text;
use crate::http::kit::typed_form::{any_of_choice, form_contract, with_any_of};

/// An id field: a number, or empty for none.
type IdField = Option<i64>;

/// The dynamic URL and pool form. The domain's rules (`validate_dynamic_pool`) decide, then
/// `check_choices`; these bounds only stop absurd input first. Flags are "1" for on.
#[derive(Deserialize, Validate, ToSchema)]
#[allow(non_snake_case)] // the posted names, which the 422 body's errors are keyed by
pub(super) struct PoolRequest {
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    campaignId: IdField,
    /// A new dynamic URL's address, required without campaignId.
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    campaignName: String,
    #[serde(default)]
    #[garde(length(max = 10))]
    botsFlag: String,
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    #[schema(required = true, schema_with = pool_name)]
    poolName: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    internationalCode: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = bounds::id)]
    numberPrefix: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = number_format)]
    numberFormat: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(required = true, schema_with = international_format)]
    internationalFormat: IdField,
    #[serde(default)]
    #[garde(length(chars, max = 1_000))]
    customFormat: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    servicePlan: IdField,
    #[serde(default)]
    #[garde(length(max = 10))]
    callRecordingFlag: String,
    #[serde(default)]
    #[garde(length(max = 10))]
    midCallDivertFlag: String,
    /// At most 20, each at most 30 characters, none twice (spaces aside).
    #[serde(default, rename = "numbersToReplace[]")]
    #[garde(length(max = 1_000), inner(length(chars, max = 1_000)))]
    #[schema(schema_with = numbers_to_replace)]
    numbersToReplace: Vec<String>,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    introId: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    whisperId: IdField,
    #[serde(default)]
    #[garde(length(chars, max = 5_000))]
    #[schema(schema_with = post_url)]
    postUrl: String,
    #[serde(default)]
    #[garde(length(max = 10))]
    midCallFlag: String,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    #[schema(schema_with = mid_call_audio)]
    midCallAudioOption: IdField,
    #[serde(default, deserialize_with = "serde_html_form::de::empty_as_none")]
    #[garde(skip)]
    dtmfPostCallOption: IdField,
    /// "1": the terms are ticked (needed beyond the plan's pools).
    #[serde(default)]
    #[garde(length(max = 10))]
    pub(super) terms: String,
}

pub(super) fn pool_form(form: &PoolRequest) -> DynamicPoolForm {
    let flag = |value: &str| value == "1";
    let id = |value: IdField| value.unwrap_or(0);
    DynamicPoolForm {
        campaign_id: id(form.campaignId),
        campaign_name: form.campaignName.clone(),
        bots_flag: flag(&form.botsFlag),
        pool_name: form.poolName.clone(),
        international_code: id(form.internationalCode),
        number_prefix: id(form.numberPrefix),
        number_format: id(form.numberFormat),
        international_format: id(form.internationalFormat),
        custom_format: form.customFormat.clone(),
        service_plan: id(form.servicePlan),
        call_recording_flag: flag(&form.callRecordingFlag),
        mid_call_divert_flag: flag(&form.midCallDivertFlag),
        numbers_to_replace: form.numbersToReplace.clone(),
        intro_id: id(form.introId),
        whisper_id: id(form.whisperId),
        post_url: form.postUrl.clone(),
        mid_call_flag: flag(&form.midCallFlag),
        mid_call_audio_option: id(form.midCallAudioOption),
        dtmf_post_call_option: id(form.dtmfPostCallOption),
    }
}

/// Text of at most 60 characters once trimmed (`required_within`): a pool's name, a new address.
fn pool_name() -> Object {
    let mut schema = bounds::required_text(Chars::Any, NAME_MAX);
    schema.max_length = Some(1_000);
    schema
}

fn integer_of(values: impl IntoIterator<Item = i64>) -> Object {
    let values: Vec<serde_json::Value> = values.into_iter().map(serde_json::Value::from).collect();
    ObjectBuilder::new().schema_type(Type::Integer).enum_values(Some(values)).build()
}

/// A listed format, or the custom one (`CUSTOM_FORMAT_ID`, or nothing).
fn number_format() -> Object {
    integer_of(std::iter::once(CUSTOM_FORMAT_ID).chain(NUMBER_FORMATS.iter().map(|(id, _)| *id)))
}

fn international_format() -> Object {
    integer_of(INTERNATIONAL_FORMATS.iter().map(|(id, _)| *id))
}

fn mid_call_audio() -> Object {
    bounds::whole(0, MID_CALL_AUDIOS.len() as i64 - 1)
}

/// One number, or a list of them: a form posts a one-item list as one value.
fn numbers_to_replace() -> Schema {
    let mut number = bounds::text::<NUMBER_TO_REPLACE_MAX>();
    number.max_length = Some(NUMBER_TO_REPLACE_MAX);
    let list = ArrayBuilder::new().items(number.clone()).max_items(Some(NUMBERS_TO_REPLACE_MAX)).build();
    Schema::AnyOf(AnyOfBuilder::new().item(number).item(list).build())
}

/// Empty, or an http(s) address with a host and no whitespace (`post_url_valid`).
fn post_url() -> Object {
    let space = bounds::space();
    let not_space = format!("[^{}]", &space[1..space.len() - 1]);
    let host_start = format!("[^/?#{}]", &space[1..space.len() - 1]);
    bounds_text::trimmed(&format!("https?://{host_start}{not_space}*"), true, 5_000)
}

/// A custom format (`custom_format_valid`): ASCII, at most 40 characters, 10 of them X or x.
fn custom_format() -> Object {
    let other = "[\\x01-\\x57\\x59-\\x77\\x79-\\x7f]";
    let pattern = format!("^{other}*(?:[Xx]{other}*){{{CUSTOM_FORMAT_DIGITS}}}$");
    ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).max_length(Some(CUSTOM_FORMAT_MAX)).build()
}

/// The pool form's contract: its fields, the dynamic URL (campaignId, or campaignName's new
/// address, at most 60 characters) and the number format (a listed one, or a custom format).
fn pool_contract() -> RefOr<Schema> {
    let listed = integer_of(NUMBER_FORMATS.iter().map(|(id, _)| *id));
    let custom = integer_of([CUSTOM_FORMAT_ID]);
    // Both rules at once: the four pairs of their choices.
    let mut choices = Vec::new();
    for url in [vec![("campaignId", bounds::id())], vec![("campaignName", pool_name())]] {
        choices.push(any_of_choice(&[url.clone(), vec![("numberFormat", listed.clone())]].concat()));
        let mut with_custom = any_of_choice(&[url, vec![("customFormat", custom_format())]].concat());
        with_custom["properties"]["numberFormat"] = serde_json::to_value(&custom).expect("serialises");
        choices.push(with_custom);
    }
    with_any_of(<PoolRequest as utoipa::PartialSchema>::schema(), serde_json::Value::Array(choices))
}

form_contract!(PoolContract, PoolRequest, pool_contract());
