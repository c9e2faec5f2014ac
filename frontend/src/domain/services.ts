// The number purchase forms' rules (crates/domain services, through the forms wasm module).
import * as wasm from './pkg/domain_wasm.js';
import type {
  DynamicPoolForm,
  FieldErrors,
  InlineList,
  NewServicePlanForm,
  StaticNumberForm,
} from './pkg/domain_wasm.js';

export type { DynamicPoolForm, InlineList, NewServicePlanForm, StaticNumberForm };

/** Field errors of the static number form ({} when valid). */
export function validateStaticNumber(form: StaticNumberForm): FieldErrors {
  return wasm.validateStaticNumber(form);
}

/** The new service plan dialog; `taken` the account's plan descriptions, `restricted` the restricted prefixes. */
export function validateNewServicePlan(form: NewServicePlanForm, taken: string[], restricted: string[]): FieldErrors {
  return wasm.validateNewServicePlan(form, taken, restricted);
}

/** An inline add dialog's description, under the list's posted field name. */
export function validateInlineAdd(list: InlineList, description: string, taken: string[]): FieldErrors {
  return wasm.validateInlineAdd(list, description, taken);
}

/** Field errors of the dynamic URL and pool form ({} when valid). */
export function validateDynamicPool(form: DynamicPoolForm): FieldErrors {
  return wasm.validateDynamicPool(form);
}
