// Times validating the 20-row service plan written by the native benchmark, through the wasm
// build of crates/domain (nodejs target), including the serde crossing the browser pays.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [planFile, pkgDir] = process.argv.slice(2);
const { form, taken } = JSON.parse(readFileSync(planFile, 'utf8'));
const wasm = createRequire(import.meta.url)(resolve(pkgDir, 'domain_wasm.js'));

const errors = wasm.validateServicePlan(form, taken);
if (Object.keys(errors).length > 0) throw new Error(`plan refused: ${JSON.stringify(errors)}`);

let best = Infinity;
let total = 0;
for (let batch = 0; batch < 5; batch++) {
  const start = process.hrtime.bigint();
  let n = 0;
  while (Number(process.hrtime.bigint() - start) < 200e6) {
    for (let i = 0; i < 1000; i++) wasm.validateServicePlan(form, taken);
    n += 1000;
  }
  best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
  total += n;
}
console.log(`wasm in node ${process.version}: ${best.toFixed(0).padStart(8)} ns per validation of a 20-row plan (${total} runs)`);
