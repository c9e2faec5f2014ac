#!/usr/bin/env bash
# Runs every test: the domain rules and server natively, the same rules through wasm in
# vitest, the frontend's component tests, and the browser flows in Chromium against the real
# server. Installs what a new machine lacks first.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

bash scripts/setup.sh

# The server's router tests run on SQLite and, through tests/api_pg, on PostgreSQL: a throwaway
# cluster (scripts/pg.sh) and a fresh database of it; each test makes its own schema there.
source scripts/servers.sh
pg_begin
trap pg_end EXIT
TEST_DATABASE_URL=$(pg_fresh_database server_tests)
export TEST_DATABASE_URL

echo "== Rust: formatting and lints"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --quiet -- -D warnings

echo "== Rust: domain and server (the server on SQLite and on PostgreSQL)"
cargo test --workspace --quiet

echo "== PostgreSQL: its migrations apply and match SQLite's"
bash scripts/test-pg-schema.sh

echo "== PostgreSQL: two server processes on one database behave as one"
cargo build --quiet -p server
bash scripts/test-scale-out.sh

# Bounded for CI's time (about 3 and 2 minutes): the same seed every run, so a failure repeats;
# scripts/fuzz-contract-long.sh is the long run.
echo "== the API contract: schemathesis over /api/openapi.json (SQLite, then PostgreSQL)"
bash scripts/test-contract.sh 10
bash scripts/test-contract.sh 5 "$(pg_fresh_database contract)"

echo "== crash: kill -9 mid-save, restart, every record whole (SQLite and PostgreSQL)"
bash scripts/test-crash.sh both

echo "== wasm build"
bash scripts/build-wasm.sh

echo "== Rust: the same tests with the machine's clock at three awkward instants (faketime)"
bash scripts/test-clock.sh rust

# vitest runs only under the set clocks: each run is the whole suite (about 4 minutes), and
# another at the machine's own time would prove nothing more.
echo "== frontend: vitest (wasm parity and components) at two awkward instants (faketime)"
bash scripts/test-clock.sh vitest

echo "== frontend: the API types are the ones the server's contract generates"
bash scripts/api-types.sh --check

echo "== frontend: build"
(cd frontend && npm run --silent build)

echo "== browser flows: Playwright in Chromium against the server"
cargo build --quiet -p server
(cd frontend && SERVER_BIN="$PWD/../target/debug/server" npm run --silent e2e)

echo "== browser flows again, the server on PostgreSQL"
E2E_DATABASE_URL=$(pg_fresh_database e2e)
(cd frontend && E2E_DATABASE_URL="$E2E_DATABASE_URL" SERVER_BIN="$PWD/../target/debug/server" npm run --silent e2e)
