// Times validating the 20-row service plan written by the native benchmark three ways: through
// the wasm build of crates/domain (nodejs target) as the browser calls it, crossing included;
// with zod in TypeScript (frontend/bench/servicePlanZod.ts), the baseline a TypeScript team
// would use; and, for the record, through serde-wasm-bindgen walking the JS objects.
// Usage: node bench-validation.mjs <plan.json> <wasm pkg dir> <zod bundle> <native ns>
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const [planFile, pkgDir, zodBundle, nativeNs] = process.argv.slice(2);
const { form, taken } = JSON.parse(readFileSync(planFile, 'utf8'));
const wasm = createRequire(import.meta.url)(resolve(pkgDir, 'domain_wasm.js'));
const { servicePlanSchema, validateWithZod } = await import(pathToFileURL(resolve(zodBundle)).href);

// The browser's wrapper (frontend/src/domain/routing.ts): the rows packed into one Float64Array
// reused while the row count stays; the taken descriptions and the description kept in wasm
// while unchanged.
let packed = new Float64Array(0);
let planCheck = null;
function validateServicePlan(plan, takenDescriptions) {
  const rows = plan.rows;
  if (packed.length !== rows.length * 9) packed = new Float64Array(rows.length * 9);
  for (let i = 0, at = 0; i < rows.length; i++, at += 9) {
    const row = rows[i];
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
  const same = planCheck && planCheck.taken.length === takenDescriptions.length
    && planCheck.taken.every((t, i) => t === takenDescriptions[i]);
  if (!same) {
    planCheck?.check.free();
    planCheck = { taken: [...takenDescriptions], check: new wasm.ServicePlanCheck(takenDescriptions.join('\n')) };
  }
  const description = plan.description === planCheck.description ? undefined : plan.description;
  planCheck.description = plan.description;
  return planCheck.check.validate(description, packed) ?? {};
}

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
