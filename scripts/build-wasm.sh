#!/usr/bin/env bash
# Compiles crates/domain to WebAssembly for the browser (bundler target), three times: the
# `shell` feature into frontend/src/domain/pkg-shell (menus, guards, titles, dates: the first
# screen), `pages` into pkg-pages (the purchase modal, plans, prices, lists: loaded with the
# pages past the first screen) and `forms` into pkg (the form rules, loaded with the screens that
# have forms). Each with the size-optimised `wasm` profile (Cargo.toml), then wasm-opt from npm's
# binaryen (frontend devDependency; Debian's is too old, see TOOLCHAIN.md). A few seconds when
# nothing changed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
WASM_OPT=frontend/node_modules/.bin/wasm-opt

build() { # <out dir> <features>
  local out=$1 features=$2
  wasm-pack --log-level warn build crates/domain-wasm --profile wasm --target bundler \
    --out-dir "../../$out" --no-pack -- --no-default-features --features "$features"
  if [ -x "$WASM_OPT" ]; then
    # wasm-opt takes most of the time; the same module from wasm-pack gets the optimised one kept
    # from last time (beside the package, outside git).
    local wasm="$out/domain_wasm_bg.wasm" kept="$out/.optimised.wasm" source_sum
    source_sum="$(sha256sum "$wasm" | cut -d' ' -f1)"
    if [ -f "$kept" ] && [ "$(cat "$out/.optimised.from" 2>/dev/null)" = "$source_sum" ]; then
      cp "$kept" "$wasm"
      return
    fi
    # The features rustc enables by default for wasm32-unknown-unknown, which every current
    # browser has.
    "$WASM_OPT" -Oz --enable-bulk-memory --enable-mutable-globals --enable-nontrapping-float-to-int \
      --enable-sign-ext --enable-reference-types --enable-multivalue \
      "$wasm" -o "$wasm"
    cp "$wasm" "$kept"
    echo "$source_sum" >"$out/.optimised.from"
  else
    echo "wasm-opt is missing (npm ci in frontend/ installs it): $out is left unoptimised" >&2
  fi
}

build frontend/src/domain/pkg-shell shell
build frontend/src/domain/pkg-pages pages
build frontend/src/domain/pkg forms
