// Times validating the 20-row service plan written by the native benchmark, through the wasm
// build of crates/domain (nodejs target), including the serde crossing the browser pays.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const [planFile, pkgDir] = process.argv.slice(2);
const { form, taken } = JSON.parse(readFileSync(planFile, 'utf8'));
const wasm = createRequire(import.meta.url)(resolve(pkgDir, 'domain_wasm.js'));

// The browser's call, as frontend/src/domain/routing.ts makes it: the rows packed into one
// Float64Array, the taken descriptions into one string.
function validateServicePlan(plan, takenDescriptions) {
  const packed = new Float64Array(plan.rows.length * 9);
  for (let i = 0, at = 0; i < plan.rows.length; i++, at += 9) {
    const row = plan.rows[i];
    packed[at] = row.fromDay;
    packed[at + 1] = row.fromHour;
    packed[at + 2] = row.fromMinute;
    packed[at + 3] = row.toDay;
    packed[at + 4] = row.toHour;
    packed[at + 5] = row.toMinute;
    packed[at + 6] = row.planType === 'ivr' ? 1 : 0;
    packed[at + 7] = row.routing;
    packed[at + 8] = row.ivr;
  }
  return wasm.validateServicePlanPacked(plan.description, packed, takenDescriptions.join('\n')) ?? {};
}

const errors = validateServicePlan(form, taken);
if (Object.keys(errors).length > 0) throw new Error(`plan refused: ${JSON.stringify(errors)}`);
const objects = (n) => {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) wasm.validateServicePlan(form, taken);
  return Number(process.hrtime.bigint() - start) / n;
};

let best = Infinity;
let total = 0;
for (let batch = 0; batch < 5; batch++) {
  const start = process.hrtime.bigint();
  let n = 0;
  while (Number(process.hrtime.bigint() - start) < 200e6) {
    for (let i = 0; i < 1000; i++) validateServicePlan(form, taken);
    n += 1000;
  }
  best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
  total += n;
}
console.log(`wasm in node ${process.version}: ${best.toFixed(0).padStart(8)} ns per validation of a 20-row plan (${total} runs)`);
objects(2000);
console.log(`  (the same through serde-wasm-bindgen, walking the JS objects: ${objects(20000).toFixed(0)} ns)`);
