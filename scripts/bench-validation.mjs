// Times validating the 20-row service plan written by the native benchmark three ways: through
// the browser's own wrapper (frontend/src/domain/routing.ts, bundled over the nodejs build of the
// wasm module), crossing included; with zod in TypeScript (frontend/bench/servicePlanZod.ts), the
// baseline a TypeScript team would use; and, for the record, through serde-wasm-bindgen walking
// the JS objects.
// Usage: node bench-validation.mjs <plan.json> <wasm pkg dir> <bench dir> <native ns>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [planFile, pkgDir, benchDir, nativeNs] = process.argv.slice(2);
const { form, taken } = JSON.parse(readFileSync(planFile, 'utf8'));
const wasm = createRequire(import.meta.url)(resolve(pkgDir, 'domain_wasm.js'));
const load = (file) => import(pathToFileURL(resolve(benchDir, file)).href);
const { servicePlanSchema, validateWithZod } = await load('servicePlanZod.mjs');
const { validateServicePlan } = await load('routing.mjs');

// The zod schema is built once per list of taken descriptions, as a form would.
const schema = servicePlanSchema(taken);
const byZod = () => validateWithZod(schema, form);

for (const [name, errors] of [['wasm', validateServicePlan(form, taken)], ['zod', byZod()]]) {
  if (Object.keys(errors).length > 0) throw new Error(`${name} refused the plan: ${JSON.stringify(errors)}`);
}
// Both must refuse what the domain refuses, with the same messages, or the comparison is unfair.
const broken = { ...form, description: taken[0], rows: form.rows.slice(1) };
const [fromWasm, fromZod] = [validateServicePlan(broken, taken), validateWithZod(schema, broken)];
if (JSON.stringify(fromWasm) !== JSON.stringify(fromZod)) {
  throw new Error(`zod and the domain disagree: ${JSON.stringify(fromZod)} vs ${JSON.stringify(fromWasm)}`);
}

/** Best of five batches of at least 200 ms, in ns per call. */
function bench(run) {
  let best = Infinity;
  let total = 0;
  for (let batch = 0; batch < 6; batch++) {
    const start = process.hrtime.bigint();
    let n = 0;
    while (Number(process.hrtime.bigint() - start) < 200e6) {
      for (let i = 0; i < 1000; i++) run();
      n += 1000;
    }
    // The first batch warms the JIT and is not counted.
    if (batch > 0) best = Math.min(best, Number(process.hrtime.bigint() - start) / n);
    total += n;
  }
  return { best, total };
}

const native = Number(nativeNs);
const line = (label, { best, total }) =>
  console.log(`${label.padEnd(42)} ${best.toFixed(0).padStart(7)} ns  ${(best / native).toFixed(1).padStart(5)}x native  (${total} runs)`);
line(`wasm in node ${process.version}, as the browser calls it`, bench(() => validateServicePlan(form, taken)));
// While the user types in the description field it crosses on every call too.
const typed = [form, { ...form, description: `${form.description}.` }];
let keystroke = 0;
line('  the same, a new description each call', bench(() => validateServicePlan(typed[keystroke++ & 1], taken)));
line('zod 3 in TypeScript (the baseline)', bench(byZod));
line('wasm walking JS objects (serde-wasm-bindgen)', bench(() => wasm.validateServicePlan(form, taken)));
