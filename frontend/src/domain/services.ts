// The number purchase forms' rules (crates/domain services, through the forms wasm module).
import * as wasm from './pkg/domain_wasm.js';
import type {
  AttributionEdit,
  DynamicPoolForm,
  FieldErrors,
  InlineList,
  NewServicePlanForm,
  StaticNumberForm,
} from './pkg/domain_wasm.js';

export type { AttributionEdit, DynamicPoolForm, InlineList, NewServicePlanForm, StaticNumberForm };

/** Field errors of the static number form ({} when valid). */
export function validateStaticNumber(form: StaticNumberForm): FieldErrors {
  return wasm.validateStaticNumber(form);
}

/** The new service plan dialog; `taken` the account's plan descriptions, `restricted` the restricted prefixes. */
export function validateNewServicePlan(form: NewServicePlanForm, taken: string[], restricted: string[]): FieldErrors {
  return wasm.validateNewServicePlan(form, taken, restricted);
}

/** A new captured parameter's name (parameter), against the names the account captures. */
export function validateParameterName(name: string, existing: string[]): FieldErrors {
  return wasm.validateParameterName(name, existing);
}

/** An inline add dialog's description, under the list's posted field name. */
export function validateInlineAdd(list: InlineList, description: string, taken: string[]): FieldErrors {
  return wasm.validateInlineAdd(list, description, taken);
}

/** Field errors of the dynamic URL and pool form ({} when valid). */
export function validateDynamicPool(form: DynamicPoolForm): FieldErrors {
  return wasm.validateDynamicPool(form);
}

/** Field errors of an edit of numbers' attribution fields ({} when valid; a field absent is unchanged). */
export function validateNumberAttribution(edit: AttributionEdit): FieldErrors {
  return wasm.validateNumberAttribution(edit);
}

/** What the release confirmation says for `count` numbers released at `nowSeconds` in the account's zone. */
export function releaseNote(count: number, nowSeconds: number, timeZone: string): string {
  return wasm.releaseNote(count, nowSeconds, timeZone);
}
