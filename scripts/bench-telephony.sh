#!/usr/bin/env bash
# Real calls at load: 20, then 50 concurrent SIPp calls through Asterisk 22 (each rings, is
# answered, talks 12 s), against a release build of the server on SQLite (PostgreSQL too with
# BENCH_PG=1 and TEST_DATABASE_URL). Prints calls lost, the post-dial delay (INVITE to the first
# ring, as the caller's SIPp measures it) and the server's decision time per step. Root needed.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/telephony/root.sh >/dev/null
trap 'bash scripts/telephony/engine.sh stop' EXIT
cargo test -p server --release --quiet --test api -- --ignored --exact --nocapture telephony_engine::benchmark_concurrent_calls 2>&1 \
  | grep -E "concurrent calls|test result|panicked"
if [ "${BENCH_PG:-0}" = 1 ]; then
  cargo test -p server --release --quiet --test api_pg -- --ignored --exact --nocapture telephony_engine::benchmark_concurrent_calls 2>&1 \
    | grep -E "concurrent calls|test result|panicked"
fi
