//! Call scoring (/scores, docs/scoring-api.md): scorecards with their questions,
//! and the automatic lead scoring rules (the tag rules' conditions and form) with 'Apply to past
//! calls'. Every call needs the Scores menu item (domain `scoring::opens_scores`, the
//! `admin_call_scoring` scope) and its page guard; changes need the edit right
//! (`scoring::can_edit_scores`). Another customer's scorecard or rule is 404. Scoring a call is
//! the call log's (reports::call_score).

use crate::http::kit::extract::Path;
use crate::store::CustomerId;
use axum::extract::State;
use axum::Json;
use domain::reports::CallOutcome;
use domain::routing::RowLimit;
use domain::scoring::{
    can_edit_scores, lead_result, opens_scores, scorecard, validate_scorecard, Question, QuestionForm, ScorecardForm,
    NAME_NOT_UNIQUE, QUESTIONS_COUNT, QUESTIONS_MAX,
};
use domain::tags::APPLY_DAYS;
use domain::AccountState;
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::tag_rule_form::{rule_of, RuleContract, RuleFields};
use super::tags::{label_of, path_id, RuleChoice, RuleView};
use crate::http::contract::bounds;
use crate::http::contract::{Done, Saved};
use crate::http::kit::error::AppError;
use crate::http::kit::page_user::{PageRights, PageUser};
use crate::http::kit::typed_form::{row_form, Form, FormRow};
use crate::state::AppState;
use crate::store::{scoring as store, tags as tag_store};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_scores))
        .routes(routes!(add_scorecard))
        .routes(routes!(edit_scorecard))
        .routes(routes!(delete_scorecard))
        .routes(routes!(add_lead_rule))
        .routes(routes!(edit_lead_rule))
        .routes(routes!(delete_lead_rule))
        .routes(routes!(apply_lead_rules))
}

const DAY: i64 = 24 * 60 * 60;
const TEXT_MAX: usize = 1_000;

/// /scores: the Scores menu item and its guard; changes need the edit right.
pub struct ScoresRights;

impl PageRights for ScoresRights {
    fn opens(account: &AccountState) -> bool {
        opens_scores(account)
    }

    fn can_edit(account: &AccountState) -> bool {
        can_edit_scores(account)
    }
}

/// A user of the page.
pub type ScoresUser = PageUser<ScoresRights>;

/// A question of a scorecard.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub(crate) struct QuestionView {
    pub text: String,
    /// "yesNo" or "scale" (1 to 5).
    pub kind: String,
    /// 1 to 10.
    pub weight: i64,
}

impl From<&Question> for QuestionView {
    fn from(q: &Question) -> QuestionView {
        QuestionView { text: q.text.clone(), kind: q.kind.key().to_string(), weight: q.weight }
    }
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ScorecardView {
    id: i64,
    name: String,
    questions: Vec<QuestionView>,
    /// Calls scored with it.
    scored_calls: i64,
    /// The delete confirmation's question.
    delete_question: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct ScoresPage {
    scorecards: Vec<ScorecardView>,
    /// The lead rules: a call meeting every condition of any rule is a good lead.
    lead_rules: Vec<RuleView>,
    /// Whether the user may change scorecards and rules and score calls.
    can_edit: bool,
    /// The rule form's lists.
    sources: Vec<RuleChoice>,
    campaigns: Vec<RuleChoice>,
    outcomes: Vec<RuleChoice>,
    /// How far back 'Apply to past calls' reaches.
    apply_days: i64,
}

/// The account's scorecards with their questions, and the lead rules.
#[utoipa::path(get, path = "/scores/getScores", tag = "call scoring",
    responses((status = 200, body = ScoresPage), (status = 403, description = "No Scores menu item")))]
async fn get_scores(State(state): State<AppState>, user: ScoresUser) -> Result<Json<ScoresPage>, AppError> {
    let customer = user.customer();
    let cards = store::scorecards(&state.db, customer).await?;
    let questions = store::questions(&state.db, customer, None).await?;
    let rules = store::lead_rules(&state.db, customer).await?;
    let (sources, campaigns) = tag_store::choices(&state.db, customer).await?;
    let scorecards = cards
        .into_iter()
        .map(|card| ScorecardView {
            questions: questions.iter().filter(|q| q.scorecard_id == card.id).map(|q| (&q.question).into()).collect(),
            delete_question: domain::scoring::scorecard::delete_question(&card.name, card.scored_calls),
            id: card.id,
            name: card.name,
            scored_calls: card.scored_calls,
        })
        .collect();
    let lead_rules = rules
        .iter()
        .map(|r| RuleView {
            id: r.id,
            form: r.rule.form(),
            conditions: r
                .rule
                .in_words(&label_of(&sources, r.rule.source_medium_id), &label_of(&campaigns, r.rule.campaign_id)),
        })
        .collect();
    let choice = |(id, label): (i64, String)| RuleChoice { value: id.to_string(), label };
    Ok(Json(ScoresPage {
        scorecards,
        lead_rules,
        can_edit: can_edit_scores(&user.account),
        sources: sources.into_iter().map(choice).collect(),
        campaigns: campaigns.into_iter().map(choice).collect(),
        outcomes: CallOutcome::ALL
            .iter()
            .map(|o| RuleChoice { value: o.key().to_string(), label: o.label().to_string() })
            .collect(),
        apply_days: APPLY_DAYS,
    }))
}

/// The scorecard form: its name, and rows of questions (`form_question_text[0]`,
/// `form_question_kind[0]`, `form_question_weight[0]`, ...).
#[derive(Deserialize, Validate, ToSchema)]
struct ScorecardFields {
    /// Unique among the account's scorecards (NAME_NOT_UNIQUE).
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<{ scorecard::NAME_MAX }, TEXT_MAX>)]
    form_name: String,
}

/// A question row of the scorecard form.
#[derive(Deserialize, Validate, ToSchema)]
struct QuestionRow {
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = bounds::required::<{ scorecard::QUESTION_MAX }, TEXT_MAX>)]
    form_question_text: String,
    /// "yesNo" or "scale".
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = question_kind)]
    form_question_kind: String,
    /// 1 to 10.
    #[serde(default)]
    #[garde(length(chars, max = TEXT_MAX))]
    #[schema(required = true, schema_with = question_weight)]
    form_question_weight: String,
}

row_form!(ScorecardContract, ScorecardFields, QuestionRow);

/// A question's kind as `AnswerKind::from_key` reads it.
fn question_kind() -> utoipa::openapi::schema::Object {
    let keys = scorecard::AnswerKind::ALL.map(scorecard::AnswerKind::key);
    bounds::trimmed_key(&keys, TEXT_MAX)
}

/// A question's weight, 1 to `WEIGHT_MAX`.
fn question_weight() -> utoipa::openapi::schema::Object {
    bounds::trimmed_whole(1, scorecard::WEIGHT_MAX, TEXT_MAX)
}

impl FormRow for QuestionRow {
    const LIMIT: RowLimit = RowLimit { max: QUESTIONS_MAX, field: "form_questions", message: QUESTIONS_COUNT };
}

/// The scorecard the form describes, checked by the domain against the other names.
async fn scorecard_of(
    state: &AppState,
    customer: CustomerId,
    id: i64,
    form: &Form<ScorecardFields>,
) -> Result<(String, Vec<Question>), AppError> {
    let questions = form
        .rows::<QuestionRow>()?
        .into_iter()
        .map(|r| QuestionForm {
            text: r.form_question_text,
            kind: r.form_question_kind,
            weight: r.form_question_weight,
        })
        .collect();
    let card = ScorecardForm { name: form.fields.form_name.clone(), questions };
    let taken = store::other_names(&state.db, customer, id).await?;
    let errors = validate_scorecard(&card, &taken);
    if errors.get("form_name") == Some(NAME_NOT_UNIQUE) {
        return Err(AppError::Coded("NAME_NOT_UNIQUE", errors));
    }
    errors.into_result().map_err(AppError::Validation)?;
    Ok((card.name.trim().to_string(), card.parsed_questions()))
}

/// Adds a scorecard with its questions.
#[utoipa::path(post, path = "/scores/addScorecard", tag = "call scoring",
    request_body(content((ScorecardContract = "multipart/form-data"), (ScorecardContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "form_name, form_questions, form_question_*[i]")))]
async fn add_scorecard(
    State(state): State<AppState>,
    user: ScoresUser,
    form: Form<ScorecardFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let (name, questions) = scorecard_of(&state, customer, 0, &form).await?;
    let id = store::insert(&state.db, customer, &name, &questions, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Renames a scorecard and replaces its questions (scores already given stay as given).
#[utoipa::path(post, path = "/scores/editScorecard/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The scorecard's id")),
    request_body(content((ScorecardContract = "multipart/form-data"), (ScorecardContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such scorecard in this account")))]
async fn edit_scorecard(
    State(state): State<AppState>,
    user: ScoresUser,
    Path(id): Path<String>,
    form: Form<ScorecardFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    store::scorecard(&state.db, customer, id).await?.ok_or(AppError::NotFound)?;
    let (name, questions) = scorecard_of(&state, customer, id, &form).await?;
    if !store::update(&state.db, customer, id, &name, &questions).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

#[derive(Serialize, ToSchema)]
struct ScorecardDeleted {
    success: bool,
    /// The calls whose score with it was removed.
    calls: i64,
}

/// Deletes a scorecard and the scores given with it.
#[utoipa::path(post, path = "/scores/deleteScorecard/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The scorecard's id")),
    responses((status = 200, body = ScorecardDeleted), (status = 404, description = "No such scorecard in this account")))]
async fn delete_scorecard(
    State(state): State<AppState>,
    user: ScoresUser,
    Path(id): Path<String>,
) -> Result<Json<ScorecardDeleted>, AppError> {
    user.require_edit()?;
    let calls = store::delete(&state.db, user.customer(), path_id(&id)?).await?.ok_or(AppError::NotFound)?;
    Ok(Json(ScorecardDeleted { success: true, calls }))
}

/// Adds a lead rule (the tag rule form: `form_source_medium`, `form_campaign`,
/// `form_min_duration`, `form_key`, `form_first_time`, `form_outcome`; at least one).
#[utoipa::path(post, path = "/scores/addLeadRule", tag = "call scoring",
    request_body(content((RuleContract = "multipart/form-data"), (RuleContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 422, description = "The rule form's fields")))]
async fn add_lead_rule(
    State(state): State<AppState>,
    user: ScoresUser,
    Form { fields: form, .. }: Form<RuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let customer = user.customer();
    let rule = rule_of(&state, customer, 0, &form).await?;
    let mut conn = state.db.acquire().await?;
    let id = store::insert_lead_rule(&mut conn, customer, &rule, state.clock.now()).await?;
    Ok(Json(Saved { success: true, id }))
}

/// Replaces a lead rule's conditions.
#[utoipa::path(post, path = "/scores/editLeadRule/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The rule's id")),
    request_body(content((RuleContract = "multipart/form-data"), (RuleContract = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = Saved), (status = 404, description = "No such rule in this account")))]
async fn edit_lead_rule(
    State(state): State<AppState>,
    user: ScoresUser,
    Path(id): Path<String>,
    Form { fields: form, .. }: Form<RuleFields>,
) -> Result<Json<Saved>, AppError> {
    user.require_edit()?;
    let (customer, id) = (user.customer(), path_id(&id)?);
    if !store::lead_rules(&state.db, customer).await?.iter().any(|r| r.id == id) {
        return Err(AppError::NotFound);
    }
    let rule = rule_of(&state, customer, 0, &form).await?;
    if !store::update_lead_rule(&state.db, customer, id, &rule).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Saved { success: true, id }))
}

/// Deletes a lead rule (calls keep their lead scores until the rules are applied again).
#[utoipa::path(post, path = "/scores/deleteLeadRule/{id}", tag = "call scoring",
    params(("id" = String, Path, description = "The rule's id")),
    responses((status = 200, body = Done), (status = 404, description = "No such rule in this account")))]
async fn delete_lead_rule(
    State(state): State<AppState>,
    user: ScoresUser,
    Path(id): Path<String>,
) -> Result<Json<Done>, AppError> {
    user.require_edit()?;
    if !store::delete_lead_rule(&state.db, user.customer(), path_id(&id)?).await? {
        return Err(AppError::NotFound);
    }
    Ok(Json(Done { success: true }))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
struct LeadsApplied {
    success: bool,
    /// Inbound calls of the last `days` days the rules were run on.
    checked: i64,
    /// Of them, good leads.
    good_leads: i64,
    days: i64,
    /// "12 good leads of 340 calls in the last 90 days."
    message: String,
}

/// Runs the lead rules over the account's inbound calls of the last 90 days, writing each call's
/// lead score (none when the account has no rules).
#[utoipa::path(post, path = "/scores/applyLeadRules", tag = "call scoring", responses((status = 200, body = LeadsApplied)))]
async fn apply_lead_rules(State(state): State<AppState>, user: ScoresUser) -> Result<Json<LeadsApplied>, AppError> {
    user.require_edit()?;
    let now = state.clock.now();
    let applied = store::apply_lead_rules(&state.db, user.customer(), now - APPLY_DAYS * DAY).await?;
    Ok(Json(LeadsApplied {
        success: true,
        checked: applied.checked,
        good_leads: applied.good,
        days: APPLY_DAYS,
        message: lead_result(applied.good, applied.checked, APPLY_DAYS),
    }))
}
