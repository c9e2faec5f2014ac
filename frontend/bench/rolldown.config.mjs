// Bundles for scripts/bench-validation.sh, for node: the zod baseline, and the browser's own
// service plan wrapper (src/domain/routing.ts) over the nodejs build of the wasm module, so that
// the benchmark times the code the browser runs, not a copy of it.
import { resolve } from 'node:path';

// The nodejs build of the same crate, which scripts/bench-validation.sh writes.
const wasmForNode = resolve('../target/bench/wasm-node/domain_wasm.js');

/** The browser's module imports the bundler build; node gets the nodejs build instead. */
const nodeWasm = {
  name: 'node-wasm',
  resolveId(source) {
    return source === './pkg/domain_wasm.js' ? { id: wasmForNode, external: 'absolute' } : null;
  },
};

export default [
  {
    input: 'bench/servicePlanZod.ts',
    platform: 'node',
    output: { file: '../target/bench/servicePlanZod.mjs', format: 'esm' },
  },
  {
    input: 'src/domain/routing.ts',
    platform: 'node',
    plugins: [nodeWasm],
    output: { file: '../target/bench/routing.mjs', format: 'esm' },
  },
];
