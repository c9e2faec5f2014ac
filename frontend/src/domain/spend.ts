// Ad spend and what each call cost (crates/domain spend, through the forms wasm module): the
// month table's checks and the cost arithmetic the server runs too.
export type { CostFacts, CostLine, CostRow, SpendMonthForm } from './pkg/domain_wasm.js';
export { costLine, costLines, validateSpendMonth } from './pkg/domain_wasm.js';
