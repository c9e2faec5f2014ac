// Conversions' rules (crates/domain/src/conversions through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { ConversionAction, ConversionCall, ConversionForm, FieldErrors } from './pkg/domain_wasm.js';

export type { ConversionAction, ConversionCall, ConversionForm };

/** The conversion form (form_name, form_platform, form_value, form_min_duration, form_outcome, form_source_medium, form_tag); `taken` holds the account's other actions' names. */
export function validateConversion(form: ConversionForm, taken: string[]): FieldErrors {
  return wasm.validateConversion(form, taken);
}

/** Whether a call counts as a conversion of the action. */
export function callCounts(action: ConversionAction, call: ConversionCall): boolean {
  return wasm.callCounts(action, call);
}

/** A number as stored, in E.164 ("+447700900123"), or undefined. */
export function e164(number: string): string | undefined {
  return wasm.e164(number) ?? undefined;
}
