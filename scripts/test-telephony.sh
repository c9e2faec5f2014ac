#!/usr/bin/env bash
# Real calls through the real engine: builds (once, outside the checkout) the Debian testing root
# with Asterisk 22 and SIPp, then runs the real-engine scenarios (tests/api/telephony_engine.rs)
# on SQLite and, when TEST_DATABASE_URL names a PostgreSQL cluster, on PostgreSQL. Root is
# needed (chroot, mount). The fake-engine tests run with every other router test.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
bash scripts/telephony/root.sh >/dev/null
trap 'bash scripts/telephony/engine.sh stop' EXIT
cargo test -p server --quiet --test api -- --ignored --exact telephony_engine::real_calls_through_asterisk
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  cargo test -p server --quiet --test api_pg -- --ignored --exact telephony_engine::real_calls_through_asterisk
fi
