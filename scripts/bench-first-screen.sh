#!/usr/bin/env bash
# Builds, starts the release server on a fresh demo database and prints, in one run, what the
# first screen costs a new browser (bytes as sent, time to the heading) and what /routing
# costs with 10,000 and 100,000 numbers in the account (numbers added through the store).
#   bash scripts/bench-first-screen.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/setup.sh >/dev/null
bash scripts/build-wasm.sh
(cd frontend && npm run --silent build) >/dev/null
cargo build --quiet --release -p server --bin server --example add_numbers

DIR="$(mktemp -d)"
PORT=8191
DB="sqlite://$DIR/bench.db"
BIND="127.0.0.1:$PORT" DATABASE_URL="$DB" STATIC_DIR=frontend/dist SEED_DEMO=1 RUST_LOG=warn \
  target/release/server &
SERVER=$!
trap 'kill $SERVER 2>/dev/null; rm -rf "$DIR"' EXIT
for _ in $(seq 1 100); do
  node -e "fetch('http://127.0.0.1:$PORT/login').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))" && break
  sleep 0.2
done

(cd frontend && node scripts/bench-first-screen.mjs "http://127.0.0.1:$PORT" first)
# The demo owner's account has 312 numbers and pools; make it 10,012, then 100,012.
target/release/examples/add_numbers "$DB" 100 9700 >/dev/null
(cd frontend && node scripts/bench-first-screen.mjs "http://127.0.0.1:$PORT" routing 10012)
target/release/examples/add_numbers "$DB" 100 90000 >/dev/null
(cd frontend && node scripts/bench-first-screen.mjs "http://127.0.0.1:$PORT" routing 100012)
