#!/usr/bin/env bash
# The frontend's API types, generated from the server's contract (openapi-typescript):
# frontend/src/lib/api-schema.gen.ts. With --check (the test command), fails when the committed
# file is not what the current server generates.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

OUT=frontend/src/lib/api-schema.gen.ts
bash scripts/build-server.sh
mkdir -p target
target/debug/server --openapi >target/openapi.json
generated=$(mktemp --suffix=.ts)
trap 'rm -f "$generated"' EXIT
(cd frontend && npx --no-install openapi-typescript ../target/openapi.json --output "$generated" >/dev/null)
{
  echo "// Generated from the server's /api/openapi.json by scripts/api-types.sh: do not edit."
  cat "$generated"
} >"$generated.full"
mv "$generated.full" "$generated"

if [ "${1:-}" = "--check" ]; then
  if ! diff -q "$generated" "$OUT" >/dev/null 2>&1; then
    echo "$OUT is stale: run bash scripts/api-types.sh and commit it" >&2
    diff -u "$OUT" "$generated" | head -40 >&2 || true
    exit 1
  fi
  echo "$OUT matches the server's contract"
else
  cp "$generated" "$OUT"
  echo "wrote $OUT"
fi
