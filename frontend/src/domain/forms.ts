// The user and password forms' rules (crates/domain through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors, UserForm, UserFormContext } from './pkg/domain_wasm.js';

export function validatePasswordConfirmation(formPassword: string): FieldErrors {
  return wasm.validatePasswordConfirmation(formPassword);
}

/** A purchase's terms tickbox: its message while it is not ticked. */
export function termsProblem(accepted: boolean): string | undefined {
  return wasm.termsProblem(accepted) ?? undefined;
}

/** Field errors of the user form ({} when valid), keyed by the users/save field names. */
export function validateUserForm(form: UserForm, context: UserFormContext): FieldErrors {
  return wasm.validateUserForm(form, context);
}
