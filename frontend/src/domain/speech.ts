// Speech analytics' forms (crates/domain/src/speech through the forms wasm module, pkg).
import * as wasm from './pkg/domain_wasm.js';
import type { FieldErrors, VocabularyForm, VoiceTagForm } from './pkg/domain_wasm.js';

export type { VocabularyForm, VoiceTagForm };

/** The voice tag form (form_description, form_phrases, form_side); `taken`: the account's other voice tags' names. */
export function validateVoiceTag(form: VoiceTagForm, taken: string[]): FieldErrors {
  return wasm.validateVoiceTag(form, taken);
}

/** The vocabulary form (form_description, form_words); `taken`: the account's other vocabularies' names. */
export function validateVocabulary(form: VocabularyForm, taken: string[]): FieldErrors {
  return wasm.validateVocabulary(form, taken);
}
