// Speech analytics' forms (crates/domain/src/speech through the forms wasm module, pkg).
export type { VocabularyForm, VoiceTagForm } from './pkg/domain_wasm.js';

export { validateVocabulary, validateVoiceTag } from './pkg/domain_wasm.js';
