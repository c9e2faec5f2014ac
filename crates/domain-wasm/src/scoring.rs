//! Call scoring: the scorecard form and a call's score from its answers.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::{from_js, to_js};
use domain::scoring;
use domain::FieldErrors;

/// Field errors of the scorecard form ({} when valid); `taken` holds the other scorecards' names.
#[wasm_bindgen(js_name = validateScorecard, unchecked_return_type = "FieldErrors")]
pub fn validate_scorecard(
    #[wasm_bindgen(unchecked_param_type = "ScorecardForm")] form: JsValue,
    taken: Vec<String>,
) -> Result<JsValue, JsError> {
    let form: scoring::ScorecardForm = from_js(form)?;
    to_js(&scoring::validate_scorecard(&form, &taken))
}

#[derive(Serialize)]
#[cfg_attr(test, derive(ts_rs::TS))]
pub(crate) struct ScoreAnswer {
    score: Option<i64>,
    errors: FieldErrors,
}

/// The score of the answers (one a question, "" unanswered), or the answers' errors.
#[wasm_bindgen(js_name = scoreAnswers, unchecked_return_type = "ScoreAnswer")]
pub fn score_answers(
    #[wasm_bindgen(unchecked_param_type = "Question[]")] questions: JsValue,
    answers: Vec<String>,
) -> Result<JsValue, JsError> {
    let questions: Vec<scoring::Question> = from_js(questions)?;
    match scoring::score_answers(&questions, &answers) {
        Ok(score) => to_js(&ScoreAnswer { score: Some(score), errors: FieldErrors::new() }),
        Err(errors) => to_js(&ScoreAnswer { score: None, errors }),
    }
}
