#!/usr/bin/env bash
# Prints, in one run, the time to validate a 20-row service plan natively, through the wasm build
# in node as the browser calls it, and with zod in TypeScript (the baseline), with the ratios.
# Usage: bash scripts/bench-validation.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SKIP_BROWSER=1 bash scripts/setup.sh >/dev/null
mkdir -p target/bench
native=$(cargo run --quiet --release -p domain --example bench_service_plan -- --write target/bench/plan20.json)
echo "$native"
native_ns=$(echo "$native" | awk '{print $3}')
# The module as shipped: the size-optimised profile and wasm-opt (scripts/build-wasm.sh).
wasm-pack --log-level warn build crates/domain-wasm --profile wasm --target nodejs \
  --out-dir ../../target/bench/wasm-node --no-pack >/dev/null
frontend/node_modules/.bin/wasm-opt -Oz --enable-bulk-memory --enable-mutable-globals \
  --enable-nontrapping-float-to-int --enable-sign-ext --enable-reference-types --enable-multivalue \
  target/bench/wasm-node/domain_wasm_bg.wasm -o target/bench/wasm-node/domain_wasm_bg.wasm
# The zod baseline and the browser's wrapper, bundled for node (frontend/bench/rolldown.config.mjs).
(cd frontend && node_modules/.bin/rolldown -c bench/rolldown.config.mjs >/dev/null)
node scripts/bench-validation.mjs target/bench/plan20.json target/bench/wasm-node target/bench "$native_ns"
