// Call tags' rules (crates/domain/src/tags through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors, TagFacts, TagForm, TagRule, TagRuleForm } from './pkg/domain_wasm.js';

export type { TagFacts, TagForm, TagRule, TagRuleForm };

/** The tag form (form_description, form_colour); `taken` holds the account's other tags' names. */
export function validateTag(form: TagForm, taken: string[]): FieldErrors {
  return wasm.validateTag(form, taken);
}

/** The rule form (form_source_medium, form_campaign, form_min_duration, form_key, form_outcome, form_conditions). */
export function validateTagRule(form: TagRuleForm): FieldErrors {
  return wasm.validateTagRule(form);
}

/** The tag ids the rules give a call, ascending. */
export function automaticTags(call: TagFacts, rules: TagRule[]): number[] {
  return wasm.automaticTags(call, rules);
}
