//! Call scoring (/scores and /categories): scorecards (questions answered yes / no or
//! 1 to 5, each with a weight) and a call's score from its answers; automatic lead scoring rules
//! (the tag rules' conditions: a call meeting every condition of any rule is a "Good lead", a
//! call the rules checked and none held is "Not a lead"); and the call categories page's words.
//! The server scores calls and runs the rules with these functions; the browser computes the
//! same score through wasm as the answers are chosen.

pub mod category;
pub mod lead;
pub mod scorecard;

pub use category::{category_delete_question, category_delete_refusal, CategoryUse};
pub use lead::{lead_result, lead_score, parse_lead_rule, LeadScore};
pub use scorecard::{
    score_answers, score_label, validate_scorecard, AnswerKind, Question, QuestionForm, ScorecardForm, ANSWER_CHOICE,
    ANSWER_NEEDED, KIND_CHOICE, NAME_MAX, NAME_NOT_UNIQUE, NAME_REQUIRED, NAME_TOO_LONG, QUESTIONS_COUNT,
    QUESTIONS_MAX, QUESTION_MAX, QUESTION_REQUIRED, QUESTION_TOO_LONG, WEIGHT_MAX, WEIGHT_RANGE,
};

use crate::account::AccountState;

/// Who opens /scores: the menu's rule (the `admin_call_scoring` scope) and the page's guard.
pub fn opens_scores(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/scores", account)
}

/// Who changes scorecards and lead rules and scores calls: a user of /scores who is an
/// administrator or owner, or has the number/campaign admin right (as tags).
pub fn can_edit_scores(account: &AccountState) -> bool {
    opens_scores(account) && crate::numbers::can_edit_numbers(account)
}

/// Who opens /categories: the menu's rule (the `admin_call_categorisation` scope) and the guard.
pub fn opens_categories(account: &AccountState) -> bool {
    crate::menu::menu_page_opens("/categories", account)
}

/// Who adds, renames and deletes categories on /categories.
pub fn can_edit_categories(account: &AccountState) -> bool {
    opens_categories(account) && crate::numbers::can_edit_numbers(account)
}
