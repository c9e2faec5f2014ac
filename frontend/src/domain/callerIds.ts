// Manage CLI (crates/domain/src/caller_ids through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors } from './pkg/domain_wasm.js';

/** The outside number form (form_number): the outbound number rules, not a tracked number, not listed, at most 20. */
export function validateOutsideNumber(number: string, tracked: string[], outside: string[]): FieldErrors {
  return wasm.validateOutsideNumber(number, tracked, outside);
}

/** The code form (form_code): six digits. */
export function validateCallerIdCode(code: string): FieldErrors {
  return wasm.validateCallerIdCode(code);
}
