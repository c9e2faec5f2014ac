// Manage CLI (crates/domain/src/caller_ids through the forms wasm module, pkg).
export { validateCallerIdCode, validateOutsideNumber } from './pkg/domain_wasm.js';
