//! A call's scores in the call log's detail: the scores given to it with scorecards,
//! its lead score, and scoring it with a scorecard (one answer a question, `form_answer[0]`…).
//! Scoring needs the reports permission and the scoring edit right (domain
//! `scoring::can_edit_scores`); the call and the scorecard must be the customer's.

use crate::http::kit::extract::Path;
use axum::extract::State;
use axum::Json;
use domain::routing::RowLimit;
use domain::scoring::{can_edit_scores, score_answers, score_label, ANSWER_NEEDED, QUESTIONS_MAX};
use garde::Validate;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::ReportsUser;
use crate::http::kit::error::AppError;
use crate::http::kit::typed_form::{Form, FormRow};
use crate::http::scoring::QuestionView;
use crate::state::AppState;
use crate::store::{calls, scoring as store};

pub(super) fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(score_call))
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GivenScore {
    scorecard_id: i64,
    scorecard: String,
    /// Whole percent.
    score: i64,
    /// "85%".
    label: String,
    /// One answer a question, in order ("yes", "no", "1"…"5").
    answers: Vec<String>,
    scored_by: String,
    /// In the account's time zone.
    scored_at: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScorecardChoice {
    id: i64,
    name: String,
    questions: Vec<QuestionView>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallScoring {
    /// The scores given to the call, latest first (the latest is the call log's).
    scores: Vec<GivenScore>,
    /// "Good lead" or "Not a lead" by the lead rules; None when not judged.
    lead_score: Option<String>,
    /// Whether the user may score the call.
    can_score: bool,
    /// The account's scorecards to score it with (when the user may).
    scorecards: Vec<ScorecardChoice>,
}

/// The call's scores as the detail shows them.
pub(super) async fn call_scoring(state: &AppState, user: &ReportsUser, call: i64) -> Result<CallScoring, AppError> {
    let customer = user.customer();
    let zone = &user.account.customer_time_zone;
    let can_score = can_edit_scores(&user.account);
    let scores = store::scores_of_call(&state.db, customer, call)
        .await?
        .into_iter()
        .map(|row| GivenScore {
            scorecard_id: row.scorecard_id,
            label: score_label(row.score),
            answers: serde_json::from_str(&row.answers).unwrap_or_default(),
            scored_at: domain::format_date_time(row.scored_at, zone),
            scorecard: row.scorecard,
            score: row.score,
            scored_by: row.scored_by,
        })
        .collect();
    let mut scorecards = Vec::new();
    if can_score {
        let questions = store::questions(&state.db, customer, None).await?;
        for card in store::scorecards(&state.db, customer).await? {
            scorecards.push(ScorecardChoice {
                questions: questions
                    .iter()
                    .filter(|q| q.scorecard_id == card.id)
                    .map(|q| (&q.question).into())
                    .collect(),
                id: card.id,
                name: card.name,
            });
        }
    }
    let lead_score = store::lead_of_call(&state.db, customer, call).await?.map(|l| l.label().to_string());
    Ok(CallScoring { scores, lead_score, can_score, scorecards })
}

/// The scoring form: the scorecard, and rows of answers (`form_answer[0]`, ...).
#[derive(Deserialize, Validate, ToSchema)]
struct ScoreFields {
    /// The scorecard's id.
    #[serde(default)]
    #[garde(length(chars, max = 40))]
    form_scorecard_id: String,
}

#[derive(Deserialize, Validate, ToSchema)]
struct AnswerRow {
    /// "yes" / "no", or "1" to "5".
    #[serde(default)]
    #[garde(length(chars, max = 40))]
    form_answer: String,
}

impl FormRow for AnswerRow {
    const LIMIT: RowLimit = RowLimit { max: QUESTIONS_MAX, field: "form_answers", message: ANSWER_NEEDED };
}

/// Scores a call with a scorecard: every question answered (422 `form_answer[i]` otherwise).
/// Scoring again with the same scorecard replaces its score; the latest score is the call log's.
#[utoipa::path(post, path = "/reports/scoreCall/{id}", tag = "reports",
    params(("id" = String, Path, description = "The call's id")),
    request_body(content((ScoreFields = "multipart/form-data"), (ScoreFields = "application/x-www-form-urlencoded"))),
    responses((status = 200, body = CallScoring), (status = 403, description = "No reports permission or scoring right"),
        (status = 404, description = "No such call or scorecard in this account"),
        (status = 422, description = "form_answer[i]: a question unanswered or answered out of its kind")))]
async fn score_call(
    State(state): State<AppState>,
    user: ReportsUser,
    Path(id): Path<String>,
    form: Form<ScoreFields>,
) -> Result<Json<CallScoring>, AppError> {
    if !can_edit_scores(&user.account) {
        return Err(AppError::Forbidden);
    }
    let customer = user.customer();
    let call = id.parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    calls::row(&state.db, customer, call).await?.ok_or(AppError::NotFound)?;
    let card =
        form.fields.form_scorecard_id.trim().parse::<i64>().ok().filter(|id| *id > 0).ok_or(AppError::NotFound)?;
    store::scorecard(&state.db, customer, card).await?.ok_or(AppError::NotFound)?;
    let questions: Vec<_> =
        store::questions(&state.db, customer, Some(card)).await?.into_iter().map(|q| q.question).collect();
    let answers: Vec<String> =
        form.rows::<AnswerRow>()?.into_iter().map(|r| r.form_answer.trim().to_string()).collect();
    let score = score_answers(&questions, &answers).map_err(AppError::Validation)?;
    let answers: Vec<String> = answers.into_iter().take(questions.len()).collect();
    store::score_call(&state.db, customer, call, card, &answers, score, user.session.user_id, state.clock.now())
        .await?;
    Ok(Json(call_scoring(&state, &user, call).await?))
}
