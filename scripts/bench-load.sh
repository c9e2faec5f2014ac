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

source scripts/servers.sh
pg_begin
PG_DB=$(pg_fresh_database load_bench)
servers_begin

serve() { # port database
  BIND=127.0.0.1:$1 DATABASE_URL=$2 STATIC_DIR=$WORK/dist RUST_LOG=warn target/release/server >>"$WORK/server.log" 2>&1 &
  SERVER_PIDS+=($!)
  wait_for_server "$1" && return
  echo "the server on port $1 did not start" >&2; tail -n 20 "$WORK/server.log" >&2; exit 1
}

A=$(free_port 8341); serve "$A" "$PG_DB"
B=$(free_port $((A + 1))); serve "$B" "$PG_DB"
# As pgbench does before a run: the demo was just seeded, so PostgreSQL's autovacuum would
# otherwise vacuum and analyse its tables during the measured seconds.
psql "$PG_DB" -q -c "VACUUM ANALYZE"
echo "== PostgreSQL, two processes: $SECONDS_ s at $RATE requests/s"
target/release/examples/load "$PG_DB" "$SECONDS_" "$RATE" "http://127.0.0.1:$A" "http://127.0.0.1:$B"

S=$(free_port $((B + 1))); serve "$S" "sqlite://$WORK/load.db"
echo "== SQLite, one process: $SECONDS_ s at $RATE requests/s"
target/release/examples/load "sqlite://$WORK/load.db" "$SECONDS_" "$RATE" "http://127.0.0.1:$S"
