//! The tag rule form (a tag's rules and the lead rules of call scoring): its fields, the rule
//! across them a schema states (at least one condition), and the rule it describes, its source /
//! medium and campaign the customer's.

use crate::store::CustomerId;
use domain::reports::CallOutcome;
use domain::tags::{
    parse_tag_rule, TagRule, TagRuleForm, CAMPAIGN_CHOICE, DURATION_MAX, FIRST_TIME_TICKED, KEYS_PRESSED, SOURCE_CHOICE,
};
use domain::FieldErrors;
use garde::Validate;
use serde::Deserialize;
use utoipa::openapi::schema::{Object, Schema};
use utoipa::openapi::RefOr;
use utoipa::ToSchema;

use crate::http::contract::bounds_text::{id, key_choice, whole};
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{any_of_choice, form_contract, with_any_of};
use crate::state::AppState;
use crate::store::tags;

/// The longest field the form takes (the rules' own limits are far below).
const TEXT_MAX: usize = 1_000;

/// The rule form; '' leaves a condition out, at least one is needed.
#[derive(Deserialize, Validate, ToSchema)]
pub(super) struct RuleFields {
    /// A source / medium's id.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = id_or_any)]
    form_source_medium: String,
    /// A campaign's id.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = id_or_any)]
    form_campaign: String,
    /// Seconds, 1 to 86400.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = min_duration)]
    form_min_duration: String,
    /// 0-9, * or #.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = key)]
    form_key: String,
    /// "1": first-time callers only.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    form_first_time: String,
    /// An outcome's key ('answered', 'missed', ...).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(schema_with = outcome)]
    form_outcome: String,
}

fn id_or_any() -> Object {
    id(true, TEXT_MAX)
}

fn min_duration() -> Object {
    whole(1, DURATION_MAX as u64, true, TEXT_MAX)
}

fn key() -> Object {
    key_choice(&KEYS_PRESSED, true, TEXT_MAX)
}

fn outcome() -> Object {
    key_choice(&outcome_keys(), true, TEXT_MAX)
}

fn outcome_keys() -> [&'static str; 5] {
    CallOutcome::ALL.map(CallOutcome::key)
}

/// The rule form's contract: its fields, and at least one condition (`CONDITION_NEEDED`): a
/// field present and set.
fn rule_contract() -> RefOr<Schema> {
    let set = |field: &str, schema: Object| any_of_choice(&[(field, schema)]);
    let conditions = serde_json::json!([
        set("form_source_medium", id(false, TEXT_MAX)),
        set("form_campaign", id(false, TEXT_MAX)),
        set("form_min_duration", whole(1, DURATION_MAX as u64, false, TEXT_MAX)),
        set("form_key", key_choice(&KEYS_PRESSED, false, TEXT_MAX)),
        set("form_first_time", key_choice(&FIRST_TIME_TICKED, false, TEXT_MAX)),
        set("form_outcome", key_choice(&outcome_keys(), false, TEXT_MAX)),
    ]);
    with_any_of(<RuleFields as utoipa::PartialSchema>::schema(), conditions)
}

form_contract!(RuleContract, RuleFields, rule_contract());

/// The rule the form describes, its source / medium and campaign the customer's.
pub(super) async fn rule_of(
    state: &AppState,
    customer: CustomerId,
    tag: i64,
    form: &RuleFields,
) -> Result<TagRule, AppError> {
    let form = TagRuleForm {
        source_medium: form.form_source_medium.clone(),
        campaign: form.form_campaign.clone(),
        min_duration: form.form_min_duration.clone(),
        key: form.form_key.clone(),
        first_time: form.form_first_time.clone(),
        outcome: form.form_outcome.clone(),
    };
    let rule = parse_tag_rule(tag, &form).map_err(AppError::Validation)?;
    let mut errors = FieldErrors::new();
    if let Some(id) = rule.source_medium_id {
        if !tags::owns_source(&state.db, customer, id).await? {
            errors.add("form_source_medium", SOURCE_CHOICE);
        }
    }
    if let Some(id) = rule.campaign_id {
        if !tags::owns_campaign(&state.db, customer, id).await? {
            errors.add("form_campaign", CAMPAIGN_CHOICE);
        }
    }
    errors.into_result().map_err(AppError::Validation)?;
    Ok(rule)
}
