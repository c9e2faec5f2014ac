// Custom dimensions' rules (crates/domain/src/dimensions through the forms wasm module, pkg).
export type { DimensionContext, DimensionForm, DimensionValueAnswer } from './pkg/domain_wasm.js';

export { checkDimensionValue, validateDimension } from './pkg/domain_wasm.js';
