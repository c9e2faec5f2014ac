#!/usr/bin/env bash
# Runs the admin area with demo data on http://127.0.0.1:8080/manage/ (settings: README.md).
#   bash scripts/run.sh            on SQLite (data/admin.db, or DATABASE_URL)
#   bash scripts/run.sh postgres   on PostgreSQL: a local cluster (scripts/pg.sh, in target/pg)
#                                  and its database calltrack, created on first use
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
exec cargo run --release -p server
