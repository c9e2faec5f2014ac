// Custom dimensions' rules (crates/domain/src/dimensions through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { DimensionContext, DimensionForm, DimensionValueAnswer, FieldErrors } from './pkg/domain_wasm.js';

export type { DimensionContext, DimensionForm, DimensionValueAnswer };

/** The custom dimension form (form_name, form_kind, form_choices) against what the account has. */
export function validateDimension(form: DimensionForm, context: DimensionContext): FieldErrors {
  return wasm.validateDimension(form, context);
}

/** A call's value as typed: the value as it will be stored, or the message. */
export function checkDimensionValue(kind: string, choices: string[], typed: string): DimensionValueAnswer {
  return wasm.checkDimensionValue(kind, choices, typed);
}
