#!/usr/bin/env bash
# Load benchmark: DURATION (60) seconds of mixed reads and writes at RATE (200) requests/s, four reads
# to a write (crates/server/examples/load.rs), against two release server processes on one
# PostgreSQL database, then against one on SQLite. Prints requests/s, p50/p99 latency and
# errors for each, and whether the plans the writes saved match the rows stored, exactly.
#   bash scripts/bench-load.sh            DURATION=10 RATE=100 bash scripts/bench-load.sh
# A benchmark, not a test: scripts/test.sh does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SECONDS_=${DURATION:-60} # (bash keeps its own SECONDS)
RATE=${RATE:-200}
cargo build --quiet --release -p server --bin server --example load

[ -f "${PG_DIR:-$PWD/target/pg}/data/postmaster.pid" ] && pg_was_running=1 || pg_was_running=0
PG=$(bash scripts/pg.sh)
psql "$PG" -q -c "DROP DATABASE IF EXISTS load_bench" -c "CREATE DATABASE load_bench" 2>/dev/null
WORK=$(mktemp -d)
PIDS=()
cleanup() {
  for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
  [ "$pg_was_running" = 1 ] || bash scripts/pg.sh stop 2>/dev/null
}
trap cleanup EXIT
mkdir -p "$WORK/dist" && echo '<!doctype html><title>admin</title>' >"$WORK/dist/index.html"
free_port() { local port=$1; while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done; echo "$port"; }

serve() { # port database
  BIND=127.0.0.1:$1 DATABASE_URL=$2 STATIC_DIR=$WORK/dist RUST_LOG=warn target/release/server >>"$WORK/server.log" 2>&1 &
  PIDS+=($!)
  for _ in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$1/login" && return; sleep 0.5; done
  echo "the server on port $1 did not start" >&2; tail -n 20 "$WORK/server.log" >&2; exit 1
}

PG_DB="${PG%/*}/load_bench"
A=$(free_port 8341); serve "$A" "$PG_DB"
B=$(free_port $((A + 1))); serve "$B" "$PG_DB"
echo "== PostgreSQL, two processes: $SECONDS_ s at $RATE requests/s"
target/release/examples/load "$PG_DB" "$SECONDS_" "$RATE" "http://127.0.0.1:$A" "http://127.0.0.1:$B"

S=$(free_port $((B + 1))); serve "$S" "sqlite://$WORK/load.db"
echo "== SQLite, one process: $SECONDS_ s at $RATE requests/s"
target/release/examples/load "sqlite://$WORK/load.db" "$SECONDS_" "$RATE" "http://127.0.0.1:$S"
