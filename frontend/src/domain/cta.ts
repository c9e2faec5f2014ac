// Call-to-actions' rules (crates/domain/src/cta through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { CtaCallStart, CtaClick, CtaForm, FieldErrors } from './pkg/domain_wasm.js';

export type { CtaCallStart, CtaClick, CtaForm };

/** The call-to-action form (form_name, form_kind, form_selector, form_pages); `taken` holds the other names. */
export function validateCta(form: CtaForm, taken: string[]): FieldErrors {
  return wasm.validateCta(form, taken);
}

/** Whether a page's path matches a pattern ('/book*', '/contact'). */
export function pageMatches(pattern: string, path: string): boolean {
  return wasm.pageMatches(pattern, path);
}

/** The ids of the calls the clicks led to: same visit, at most 30 minutes before the call started. */
export function callsAfterClicks(clicks: CtaClick[], calls: CtaCallStart[]): number[] {
  return wasm.callsAfterClicks(clicks, calls);
}
