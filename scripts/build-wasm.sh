#!/usr/bin/env bash
# Compiles crates/domain to WebAssembly for the browser (bundler target) into
# frontend/src/domain/pkg. About a second when nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
wasm-pack --log-level warn build crates/domain-wasm --release --target bundler \
  --out-dir ../../frontend/src/domain/pkg --no-pack
