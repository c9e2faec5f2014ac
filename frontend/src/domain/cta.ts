// Call-to-actions' rules (crates/domain/src/cta through the forms wasm module, pkg).
export type { CtaCallStart, CtaClick, CtaForm } from './pkg/domain_wasm.js';

export { callsAfterClicks, pageMatches, validateCta } from './pkg/domain_wasm.js';
