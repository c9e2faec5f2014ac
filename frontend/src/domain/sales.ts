// The sales import's rules (crates/domain sales::import, through the forms wasm module).
export { chosenSalesFileProblem } from './pkg/domain_wasm.js';
