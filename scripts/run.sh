#!/usr/bin/env bash
# Runs the admin area with demo data on http://127.0.0.1:8080/manage/ (settings: README.md).
#   bash scripts/run.sh            on SQLite (data/admin.db, or DATABASE_URL)
#   bash scripts/run.sh postgres   on PostgreSQL: a local cluster (scripts/pg.sh, in target/pg)
#                                  and its database calltrack, created on first use
#   bash scripts/run.sh telephony  with Asterisk 22 alongside, answering the demo's numbers over
#                                  SIP on 127.0.0.1:15060 (root needed; docs/telephony.md)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SKIP_BROWSER=1 bash scripts/setup.sh
bash scripts/build-wasm.sh
(cd frontend && npm run --silent build)
if [ "${1:-}" = postgres ]; then
  pg=$(bash scripts/pg.sh)
  psql "$pg" -q -tAc "SELECT 1 FROM pg_database WHERE datname = 'calltrack'" | grep -q 1 ||
    psql "$pg" -q -c "CREATE DATABASE calltrack"
  export DATABASE_URL="${pg%/*}/calltrack"
  echo "PostgreSQL: $DATABASE_URL (bash scripts/pg.sh stop to stop it)"
fi
# The demo shows the mail the server sends (password reset links) on /outbox.
export DEV_OUTBOX="${DEV_OUTBOX:-1}"
if [ "${1:-}" = telephony ]; then
  export TELEPHONY_SECRET="${TELEPHONY_SECRET:-$(head -c 18 /dev/urandom | base64 | tr '+/' '-_')}"
  export TELEPHONY_ARI_URL="${TELEPHONY_ARI_URL:-http://127.0.0.1:18088/ari}"
  SERVER_WS="ws://${BIND:-127.0.0.1:8080}/telephony/ari" bash scripts/telephony/engine.sh start
  trap 'bash scripts/telephony/engine.sh stop' EXIT
  root=$(bash scripts/telephony/engine.sh root)
  echo "Telephony: Asterisk answers SIP on 127.0.0.1:15060 and dials destinations at 127.0.0.1:15070."
  echo "  a phone that answers: chroot $root sipp -sn uas -i 127.0.0.1 -p 15070"
  echo "  call a demo number:   chroot $root sipp -sn uac -i 127.0.0.2 -p 15061 -s 441134960100 -m 1 127.0.0.1:15060"
  echo "  the call shows in the call log of owner@demo.test."
  cargo run --release -p server
  exit
fi
exec cargo run --release -p server
