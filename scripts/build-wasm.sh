#!/usr/bin/env bash
# Compiles crates/domain to WebAssembly for the browser (bundler target) into
# frontend/src/domain/pkg: the size-optimised `wasm` profile (Cargo.toml), then wasm-opt from
# npm's binaryen (frontend devDependency; Debian's is too old, see TOOLCHAIN.md). A few
# seconds when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
OUT=frontend/src/domain/pkg
wasm-pack --log-level warn build crates/domain-wasm --profile wasm --target bundler \
  --out-dir "../../$OUT" --no-pack

WASM_OPT=frontend/node_modules/.bin/wasm-opt
if [ -x "$WASM_OPT" ]; then
  # The features rustc enables by default for wasm32-unknown-unknown, which every current
  # browser has.
  "$WASM_OPT" -Oz --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
    --enable-sign-ext --enable-reference-types --enable-multivalue \
    "$OUT/domain_wasm_bg.wasm" -o "$OUT/domain_wasm_bg.wasm"
else
  echo "wasm-opt is missing (npm ci in frontend/ installs it): the module is left unoptimised" >&2
fi
