//! Call tags (/tags, docs/tags-api.md): the tags with their calls, add / edit / delete,
//! their rules, and 'Apply to past calls'. Every call needs the Tags menu item (domain
//! `tags::opens_tags`, the `admin_tagging_for_dynamics` scope) and its page guard; changes need
//! the edit right (`tags::can_edit_tags`). Another customer's tag or rule is 404.

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::reports::CallOutcome;
use domain::tags::{
    apply_result, can_edit_tags, delete_question, opens_tags, validate_tag, TagForm, TagRuleForm, APPLY_DAYS,
};
use domain::AccountState;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::tag_rule_form::{rule_of, RuleContract, RuleFields};
use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::Form;
use crate::state::AppState;
use crate::store::tags::{self, RuleRow};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_tags))
        .routes(routes!(add_tag))
        .routes(routes!(edit_tag))
        .routes(routes!(delete_tag))
        .routes(routes!(add_rule))
        .routes(routes!(edit_rule))
        .routes(routes!(delete_rule))
        .routes(routes!(apply_rules))
}

/// 'Calls in the last 30 days'.
const RECENT_DAYS: i64 = 30;
const DAY: i64 = 24 * 60 * 60;
const TEXT_MAX: usize = 1_000;

/// /tags: the Tags menu item and its guard; changes need the edit right.
pub struct TagsRights;

impl PageRights for TagsRights {
    fn opens(account: &AccountState) -> bool {
        opens_tags(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_tags(account)
    }
}

/// A user of the page.
pub type TagsUser = PageUser<TagsRights>;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RuleChoice {
    /// An id ("12") or an outcome's key ("answered").
    pub(super) value: String,
    pub(super) label: String,
}

/// A rule as the page shows and edits it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(super) struct RuleView {
    pub(super) id: i64,
    /// The form's values: form_source_medium, form_campaign, form_min_duration, form_key,
    /// form_first_time, form_outcome.
    #[schema(value_type = std::collections::HashMap<String, String>)]
    pub(super) form: TagRuleForm,
    /// The conditions in words, all of which must hold.
    pub(super) conditions: Vec<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TagView {
    id: i64,
    description: String,
    /// "#2e7d32"; the tag's text is white.
    colour: String,
    /// Inbound calls of the last 30 days with the tag.
    calls30_days: i64,
    /// Every call with the tag.
    calls: i64,
    /// The delete confirmation's question, with the calls it is on.
    delete_question: String,
    rules: Vec<RuleView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct TagsPage {
    tags: Vec<TagView>,
    /// Whether the user may change tags and rules and tag calls by hand.
    can_edit: bool,
    /// The rule form's lists.
    sources: Vec<RuleChoice>,
    campaigns: Vec<RuleChoice>,
    outcomes: Vec<RuleChoice>,
    /// How far back 'Apply to past calls' reaches.
    apply_days: i64,
}

pub(super) fn label_of(list: &[(i64, String)], id: Option<i64>) -> String {
    id.and_then(|id| list.iter().find(|(i, _)| *i == id)).map(|(_, l)| l.clone()).unwrap_or_default()
}

/// The account's tags, each with its calls and rules, and the rule form's lists.
#[utoipa::path(get, path = "/tags/getTags", tag = "tags",
    responses((status = 200, body = TagsPage), (status = 403, description = "No Tags menu item")))]
async fn get_tags(State(state): State<AppState>, user: TagsUser) -> Result<Json<TagsPage>, AppError> {
    let customer = user.customer();
    let rows = tags::list(&state.db, customer, state.clock.now() - RECENT_DAYS * DAY).await?;
    let rules = tags::rules(&state.db, customer).await?;
    let (sources, campaigns) = tags::choices(&state.db, customer).await?;
    let view = |rule: &RuleRow| RuleView {
        id: rule.id,
        form: rule.rule.form(),
        conditions: rule
            .rule
            .in_words(&label_of(&sources, rule.rule.source_medium_id), &label_of(&campaigns, rule.rule.campaign_id)),
    };
    let tags = rows
        .into_iter()
        .map(|row| TagView {
            delete_question: delete_question(&row.description, row.calls),
            rules: rules.iter().filter(|r| r.rule.tag_id == row.id).map(view).collect(),
            id: row.id,
            description: row.description,
            colour: row.colour,
            calls30_days: row.recent_calls,
            calls: row.calls,
        })
        .collect();
    let choice = |(id, label): (i64, String)| RuleChoice { value: id.to_string(), label };
    Ok(Json(TagsPage {
        tags,
        can_edit: can_edit_tags(&user.account),
        sources: sources.into_iter().map(choice).collect(),
        campaigns: campaigns.into_iter().map(choice).collect(),
        outcomes: CallOutcome::ALL
            .iter()
            .map(|o| RuleChoice { value: o.key().to_string(), label: o.label().to_string() })
            .collect(),
        apply_days: APPLY_DAYS,
    }))
}

/// The tag form.
#[derive(Deserialize, Validate, ToSchema)]
struct TagFields {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::required_keyboard::<{ domain::tags::TAG_NAME_MAX }, TEXT_MAX>)]
    form_description: String,
    /// "#rrggbb", dark enough for white text.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = crate::http::contract::bounds::hex_colour)]
    form_colour: String,
}

impl TagFields {
    fn form(&self) -> TagForm {
        TagForm { description: self.form_description.clone(), colour: self.form_colour.clone() }
    }
}

/// A path's id: a positive whole number, else nothing of the customer's.
pub(super) fn path_id(raw: &str) -> Result<i64, AppError> {
    raw.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)
}

async fn check_tag(state: &AppState, customer: CustomerId, id: i64, form: &TagFields) -> Result<(), AppError> {
    let taken = tags::other_names(&state.db, customer, id).await?;
    let errors = validate_tag(&form.form(), &taken);
    if errors.get("form_description") == Some(domain::names::DESCRIPTION_NOT_UNIQUE) {
        return Err(AppError::Coded("DESCRIPTION_NOT_UNIQUE", errors));
    }
    errors.into_result().map_err(AppError::Validation)
}

/// Adds a tag.
#[utoipa::path(post, path = "/tags/addTag", tag = "tags",
    request_body(content((TagFields = "multipart/form-data"), (TagFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "form_description, form_colour")))]
async fn add_tag(
    State(state): State<AppState>,
    user: TagsUser,
    Form { fields: form, .. }: Form<TagFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    check_tag(&state, customer, 0, &form).await?;
    let mut conn = state.db.acquire().await?;
    let id = tags::insert(&mut conn, customer, &form.form_description, &form.form_colour, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Renames or recolours a tag (the call log shows the new name on its calls).
#[utoipa::path(post, path = "/tags/editTag/{id}", tag = "tags",
    params(("id" = String, Path, description = "The tag's id")),
    request_body(content((TagFields = "multipart/form-data"), (TagFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such tag in this account")))]
async fn edit_tag(
    State(state): State<AppState>,
    user: TagsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<TagFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    tags::one(&state.db, customer, id, 0).await?.ok_or(AppError::NotFound)?;
    check_tag(&state, customer, id, &form).await?;
    if !tags::update(&state.db, customer, id, &form.form_description, &form.form_colour).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

#[derive(Serialize, ToSchema)]
struct TagDeleted {
    success: bool,
    /// The calls the tag was taken off.
    calls: i64,
}

/// Deletes a tag, its rules, and takes it off its calls.
#[utoipa::path(post, path = "/tags/deleteTag/{id}", tag = "tags",
    params(("id" = String, Path, description = "The tag's id")),
    responses((status = 200, body = TagDeleted), (status = 404, description = "No such tag in this account")))]
async fn delete_tag(
    State(state): State<AppState>,
    user: TagsUser,
    Path(id): Path<String>,
) -> Result<Json<TagDeleted>, AppError> {
    user.require_edit()?;
    let calls = tags::delete(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(TagDeleted { success: true, calls }))
}

/// Adds a rule to a tag.
#[utoipa::path(post, path = "/tags/addRule/{tag}", tag = "tags",
    params(("tag" = String, Path, description = "The tag's id")),
    request_body(content((RuleContract = "multipart/form-data"), (RuleContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such tag in this account")))]
async fn add_rule(
    State(state): State<AppState>,
    user: TagsUser,
    Path(tag): Path<String>,
    Form { fields: form, .. }: Form<RuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, tag) = (user.customer(), path_id(&tag)?);
    tags::one(&state.db, customer, tag, 0).await?.ok_or(AppError::NotFound)?;
    let rule = rule_of(&state, customer, tag, &form).await?;
    let mut conn = state.db.acquire().await?;
    let id = tags::insert_rule(&mut conn, customer, &rule, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Replaces a rule's conditions.
#[utoipa::path(post, path = "/tags/editRule/{id}", tag = "tags",
    params(("id" = String, Path, description = "The rule's id")),
    request_body(content((RuleContract = "multipart/form-data"), (RuleContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such rule in this account")))]
async fn edit_rule(
    State(state): State<AppState>,
    user: TagsUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<RuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    let tag = tags::rule_tag(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let rule = rule_of(&state, customer, tag, &form).await?;
    if !tags::update_rule(&state.db, customer, id, &rule).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

/// Deletes a rule (the calls it tagged keep their tags).
#[utoipa::path(post, path = "/tags/deleteRule/{id}", tag = "tags",
    params(("id" = String, Path, description = "The rule's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such rule in this account")))]
async fn delete_rule(
    State(state): State<AppState>,
    user: TagsUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !tags::delete_rule(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct RulesApplied {
    success: bool,
    /// Inbound calls of the last `days` days the rules were run on.
    checked: i64,
    /// Calls that got a tag they did not have.
    tagged: i64,
    days: i64,
    /// "12 calls tagged of 340 calls in the last 90 days."
    message: String,
}

/// Runs the account's rules over its inbound calls of the last 90 days, in batches, adding the
/// tags they give (nothing is taken off).
#[utoipa::path(post, path = "/tags/applyRules", tag = "tags", responses((status = 200, body = RulesApplied)))]
async fn apply_rules(State(state): State<AppState>, user: TagsUser) -> Result<Json<RulesApplied>, AppError> {
    user.require_edit()?;
    let now = state.clock.now();
    let applied = tags::apply_rules(&state.db, user.customer(), now - APPLY_DAYS * DAY, now).await?;
    Ok(Json(RulesApplied {
        success: true,
        checked: applied.checked,
        tagged: applied.tagged,
        days: APPLY_DAYS,
        message: apply_result(applied.tagged, applied.checked),
    }))
}
