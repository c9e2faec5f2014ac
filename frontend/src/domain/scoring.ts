// Call scoring (crates/domain/src/scoring through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors, Question, QuestionForm, ScoreAnswer, ScorecardForm } from './pkg/domain_wasm.js';

export type { Question, QuestionForm, ScoreAnswer, ScorecardForm };

/** The scorecard form (form_name, form_questions, form_question_text[i], form_question_kind[i], form_question_weight[i]). */
export function validateScorecard(form: ScorecardForm, taken: string[]): FieldErrors {
  return wasm.validateScorecard(form, taken);
}

/** The score of the answers (one a question, '' unanswered) in whole percent, or the answers' errors (form_answer[i]). */
export function scoreAnswers(questions: Question[], answers: string[]): ScoreAnswer {
  return wasm.scoreAnswers(questions, answers);
}
