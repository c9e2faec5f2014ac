#!/usr/bin/env bash
# Runs every test: the domain rules and server natively, the same rules through wasm in
# vitest, the frontend's component tests, and the browser flows in Chromium against the real
# server. Installs what a new machine lacks first. Prints each stage's time and, last, every
# runner's counts added up ('N passed, M failed').
#   bash scripts/test.sh          everything (what CI runs)
#   bash scripts/test.sh quick    the developer's loop: fmt, clippy, the Rust tests on SQLite and
#                                 vitest, once each (a few minutes)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
MODE="${1:-all}"
case "$MODE" in all | quick) ;; *) echo "usage: $0 [quick]" >&2; exit 2 ;; esac

source scripts/stages.sh

if [ "$MODE" = quick ]; then
  stage "setup" env SKIP_BROWSER=1 bash scripts/setup.sh
  stage "Rust: formatting and lints" bash -c 'cargo fmt --all -- --check && cargo clippy --workspace --all-targets --quiet -- -D warnings'
  stage "no test reads the wall clock" bash scripts/check-clock.sh
  stage "no import circle between files" python3 scripts/check-import-circles.py
  stage "Rust: domain and server on SQLite" env -u TEST_DATABASE_URL cargo test --workspace --quiet
  stage "wasm build" bash scripts/build-wasm.sh
  stage "frontend: vitest" bash -c 'cd frontend && npx vitest run --reporter=dot'
  stages_summary
  exit 0
fi

stage "setup" bash scripts/setup.sh

# The server's router tests run on SQLite and, through tests/api_pg, on PostgreSQL: a throwaway
# cluster (scripts/pg.sh) and a fresh database of it; each test makes its own database there.
source scripts/servers.sh
pg_in_memory
pg_begin
trap pg_end EXIT
TEST_DATABASE_URL=$(pg_fresh_database server_tests)
export TEST_DATABASE_URL

stage "Rust: formatting and lints" bash -c 'cargo fmt --all -- --check && cargo clippy --workspace --all-targets --quiet -- -D warnings'
stage "no test reads the wall clock" bash scripts/check-clock.sh
stage "no import circle between files" python3 scripts/check-import-circles.py
# Four tests at once on two cores: a router test mostly waits on its database (measured: the
# PostgreSQL router tests 144 s with two at once, 107 s with four).
stage "Rust: domain and server (the server on SQLite and on PostgreSQL)" env RUST_TEST_THREADS=4 cargo test --workspace --quiet
stage "PostgreSQL: its migrations apply and match SQLite's" bash scripts/test-pg-schema.sh
stage "PostgreSQL: two server processes on one database behave as one" \
  bash -c 'bash scripts/build-server.sh && bash scripts/test-scale-out.sh'

# The frontend before the real calls: the browser phone's flows run with them.
stage "wasm build" bash scripts/build-wasm.sh
stage "frontend: the API types are the ones the server's contract generates" bash scripts/api-types.sh --check
stage "frontend: build" bash -c 'cd frontend && npm run --silent build'
stage "frontend: the first screen within its 150 KB budget" node frontend/scripts/check-first-screen.mjs

# Bounded for CI's time: the same seed every run, so a failure repeats; the examples per
# operation and a time limit per persona (scripts/test-contract.sh). scripts/fuzz-contract-long.sh
# is the long run.
# The real calls and the browser phone mostly wait (on SIPp's pauses, the prompts, the phones
# ringing), so they run beside the two contract runs, which keep both cores busy. Each has its own
# ports and database; one Asterisk at a time, so the phone's flows follow the real calls.
CONTRACT_PG_DB=$(pg_fresh_database contract)
stage "real calls through Asterisk 22 and SIPp, then the browser phone's flows against it, beside the API contract: schemathesis over /api/openapi.json on SQLite, then on PostgreSQL" \
  bash scripts/at-once.sh \
  "telephony: real calls through Asterisk 22 and SIPp, then the browser phone in Chromium" \
  "bash scripts/test-telephony.sh && E2E_TRACE=\"${E2E_TRACE:-off}\" bash scripts/test-browser-phone.sh" \
  "the API contract: schemathesis on SQLite, then on PostgreSQL" \
  "bash scripts/test-contract.sh 10 && CONTRACT_PORT=8492 OTHERS_EXAMPLES=0 bash scripts/test-contract.sh 5 '$CONTRACT_PG_DB'"
stage "crash: kill -9 mid-save, restart, every record whole (SQLite and PostgreSQL)" bash scripts/test-crash.sh both

# The tests whose answer depends on the clock run again with the machine's clock set by
# faketime to awkward instants; vitest runs whole once, at the last second of a year.
stage "clock: the Rust tests of time at three awkward instants (faketime)" bash scripts/test-clock.sh rust
stage "frontend: vitest (wasm parity and components) at the last second of 2026, its date tests at BST's start" \
  bash scripts/test-clock.sh vitest

# Every flow on SQLite; on PostgreSQL the flows that write across the most tables (tagged @pg: a
# number bought, an upgrade, a rollback, a card payment, a client account, the first run): the router tests
# already run every query on PostgreSQL. The flows mostly wait on the page, so three runs go at
# once (scripts/at-once.sh): the SQLite flows in two halves (Playwright's shards, by file) and the
# @pg flows, each with its own server, database, ports and results folder. Playwright's trace
# (a screenshot and a snapshot of the page at every step, kept only when a flow fails) costs a
# sixth of the flows' time, so it is off here: E2E_TRACE=retain-on-failure keeps it.
bash scripts/build-server.sh
E2E_PG_DB=$(pg_fresh_database e2e)
e2e_run() { # PORT EXTRA_ENV PLAYWRIGHT_ARGS: one run of the flows, its server on PORT
  printf 'cd frontend && %s E2E_TRACE=%s E2E_PORT=%s E2E_DEMO_SITE_PORT=%s E2E_OUTPUT_DIR=test-results-%s SERVER_BIN="$PWD/../target/debug/server" npm run --silent e2e -- %s' \
    "$2" "${E2E_TRACE:-off}" "$1" "$(($1 + 18))" "$1" "$3"
}
stage "browser flows: Playwright in Chromium, every flow on SQLite (two halves at once) and those that write across tables on PostgreSQL (@pg)" \
  bash scripts/at-once.sh \
  "every flow, the server on SQLite: first half" "$(e2e_run 8181 "" --shard=1/2)" \
  "every flow, the server on SQLite: second half" "$(e2e_run 8281 "" --shard=2/2)" \
  "the flows that write across tables, the server on PostgreSQL (@pg)" \
  "$(e2e_run 8381 "E2E_DATABASE_URL='$E2E_PG_DB'" "--grep @pg")"

stages_summary
