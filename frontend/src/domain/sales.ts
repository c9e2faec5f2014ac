// The sales import's rules (crates/domain sales::import, through the forms wasm module).
import * as wasm from './pkg/domain_wasm.js';

/** Why the upload form may not send yet (no file chosen), or undefined. */
export function chosenSalesFileProblem(fileName: string | null): string | undefined {
  return wasm.chosenSalesFileProblem(fileName ?? undefined) ?? undefined;
}
