// Call scoring (crates/domain/src/scoring through the forms wasm module, pkg).
export type { Question, QuestionForm, ScoreAnswer, ScorecardForm } from './pkg/domain_wasm.js';

export { scoreAnswers, validateScorecard } from './pkg/domain_wasm.js';
