// Conversions' rules (crates/domain/src/conversions through the forms wasm module, pkg).
export type { ConversionAction, ConversionCall, ConversionForm } from './pkg/domain_wasm.js';

export { callCounts, e164, validateConversion } from './pkg/domain_wasm.js';
