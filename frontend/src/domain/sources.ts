// Source / mediums (crates/domain sources, through the forms wasm module): the classifier the
// server runs when it stores a visit, and the rule and pair forms' messages.
export type {
  Classification,
  Level,
  MatchOp,
  PairForm,
  RuleField,
  RuleForm,
  Ruleset,
  SourcePair,
  SourceRule,
  VisitFacts,
} from './pkg/domain_wasm.js';

export { classifySourceVisit, sourcePairInUse, validateSourcePair, validateSourceRule } from './pkg/domain_wasm.js';
