#!/usr/bin/env bash
# Real calls through the real engine: builds (once, outside the checkout) the Debian testing root
# with Asterisk 22 and SIPp, then runs the real-engine scenarios (tests/api/telephony_engine.rs)
# on SQLite. Root is needed (chroot, mount). The fake-engine tests, which write the same rows
# through the same store code, run with every other router test on SQLite and on PostgreSQL;
# REAL_CALLS_PG=1 runs the real engine on PostgreSQL too (TEST_DATABASE_URL).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/telephony/root.sh >/dev/null
trap 'bash scripts/telephony/engine.sh stop' EXIT
cargo test -p server --quiet --test api -- --ignored --exact telephony_engine::real_calls_through_asterisk
if [ "${REAL_CALLS_PG:-0}" = 1 ] && [ -n "${TEST_DATABASE_URL:-}" ]; then
  cargo test -p server --quiet --test api_pg -- --ignored --exact telephony_engine::real_calls_through_asterisk
fi
