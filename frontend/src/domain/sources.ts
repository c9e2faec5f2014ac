// Source / mediums (crates/domain sources, through the forms wasm module): the classifier the
// server runs when it stores a visit, and the rule and pair forms' messages.
import * as wasm from './pkg/domain_wasm.js';
import type {
  Classification,
  FieldErrors,
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

export type { Classification, Level, MatchOp, PairForm, RuleField, RuleForm, Ruleset, SourcePair, SourceRule, VisitFacts };

/** Which pair a visit is credited to, by which rule, at which level, and why. */
export function classifySourceVisit(visit: VisitFacts, rules: Ruleset): Classification {
  return wasm.classifySourceVisit(visit, rules);
}

/** Field errors of a rule form ({} when valid). */
export function validateSourceRule(form: RuleForm): FieldErrors {
  return wasm.validateSourceRule(form);
}

/** Field errors of a pair form; `taken` the account's other pairs. */
export function validateSourcePair(form: PairForm, taken: [string, string][]): FieldErrors {
  return wasm.validateSourcePair(form, taken);
}

/** Why a pair cannot be deleted, or undefined. */
export function sourcePairInUse(isDefault: boolean, whispers: string[], pools: string[]): string | undefined {
  return wasm.sourcePairInUse(isDefault, whispers, pools) ?? undefined;
}
