#!/usr/bin/env bash
# The cost of a request, three figures measured in one run, then the first screen:
#  1. getAccountDetails' requests/s as a share of a bare axum handler's (goal at least 0.2),
#  2. a page of 25 numbers (the Numbers page's managenumbers/getNumbers) the same (goal 0.1),
#     each with `wrk -t2 -c16` for DURATION (10) seconds against a release server on SQLite
#     with the demo, logged in as owner@demo.test, the bare handler being
#     crates/server/examples/bare.rs on the same machine;
#  3. p99 of the mixed load benchmark (crates/server/examples/load.rs, as scripts/bench-load.sh)
#     at RATE (200) requests/s on two processes over PostgreSQL (goal under 20 ms), for
#     LOAD_DURATION (DURATION) seconds.
#   bash scripts/bench-request-cost.sh        DURATION=5 bash scripts/bench-request-cost.sh
# PORT (8350) is where it looks for free ports. PG_URL (a cluster's URL, e.g.
# postgres://postgres@127.0.0.1:5432/postgres) uses a running cluster instead of scripts/pg.sh's;
# the benchmark's database (PG_BENCH_DATABASE, request_cost_bench) is made afresh on it.
# wrk is Debian's package, installed when missing. A benchmark, not a test: scripts/test.sh
# does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SECONDS_=${DURATION:-10} # (bash keeps its own SECONDS)
LOAD_SECONDS=${LOAD_DURATION:-$SECONDS_}
RATE=${RATE:-200}
PORT=${PORT:-8350}
if ! command -v wrk >/dev/null; then
  echo "== wrk (Debian) for the benchmark" >&2
  apt-get update -qq >&2
  apt-get install -y -qq wrk >/dev/null
fi
cargo build --quiet --release -p server --bin server --example bare --example load
TARGET=$(cargo metadata --format-version 1 --no-deps | sed -n 's/.*"target_directory":"\([^"]*\)".*/\1/p')/release

source scripts/servers.sh
if [ -n "${PG_URL:-}" ]; then PG=$PG_URL; PG_WAS_RUNNING=1; else pg_begin; fi
servers_begin

serve() { # port database
  BIND=127.0.0.1:$1 DATABASE_URL=$2 STATIC_DIR=$WORK/dist SEED_DEMO=1 RUST_LOG=warn "$TARGET/server" >>"$WORK/server.log" 2>&1 &
  SERVER_PIDS+=($!)
  wait_for_server "$1" && return
  echo "the server on port $1 did not start" >&2; tail -n 20 "$WORK/server.log" >&2; exit 1
}

# A server transcribes the demo's recorded calls when it starts (pocketsphinx, about a minute
# of a core here): the measured seconds wait until no recogniser has run for 3 seconds.
settle() {
  local quiet=0
  for _ in $(seq 1 300); do
    if pgrep -f 'pocketsphinx|hear\.py' >/dev/null; then quiet=0; else quiet=$((quiet + 1)); fi
    [ "$quiet" -ge 3 ] && return
    sleep 1
  done
}

# Requests/s of `wrk -t2 -c16` on a URL (with the session); fails on any answer but 2xx.
measure() { # url
  local out
  out=$(wrk -t2 -c16 -d"${SECONDS_}s" -H "X-Admin-Area: 1" -H "Cookie: admin_session=${TOKEN:-}" "$1")
  if grep -q "Non-2xx" <<<"$out"; then echo "$1: $(grep Non-2xx <<<"$out")" >&2; exit 1; fi
  awk '/^Requests\/sec:/ { printf "%.0f", $2 }' <<<"$out"
}

BARE=$(free_port "$PORT")
BIND=127.0.0.1:$BARE "$TARGET/examples/bare" >>"$WORK/server.log" 2>&1 &
SERVER_PIDS+=($!)
S=$(free_port $((BARE + 1))); serve "$S" "sqlite://$WORK/bench.db"
TOKEN=$(curl -s -D - -o /dev/null --data-urlencode email=owner@demo.test --data-urlencode password=demopass \
  "http://127.0.0.1:$S/login" | sed -n 's/^[Ss]et-[Cc]ookie: admin_session=\([^;]*\).*/\1/p')
[ -n "$TOKEN" ] || { echo "the login as owner@demo.test set no session" >&2; exit 1; }
settle

echo "== SQLite, one process, wrk -t2 -c16 -d${SECONDS_}s"
bare=$(measure "http://127.0.0.1:$BARE/")
details=$(measure "http://127.0.0.1:$S/api/accountsettings/getAccountDetails")
numbers=$(measure "http://127.0.0.1:$S/api/managenumbers/getNumbers?page=1&pageSize=25")
kill "${SERVER_PIDS[@]}" 2>/dev/null || true

PG_DB=$(pg_fresh_database "${PG_BENCH_DATABASE:-request_cost_bench}")
A=$(free_port $((S + 1))); serve "$A" "$PG_DB"
B=$(free_port $((A + 1))); serve "$B" "$PG_DB"
# As pgbench does before a run: the demo was just seeded, so PostgreSQL's autovacuum would
# otherwise vacuum and analyse its tables during the measured seconds.
settle
psql "$PG_DB" -q -c "VACUUM ANALYZE"
echo "== PostgreSQL, two processes: $LOAD_SECONDS s at $RATE requests/s"
load=$("$TARGET/examples/load" "$PG_DB" "$LOAD_SECONDS" "$RATE" "http://127.0.0.1:$A" "http://127.0.0.1:$B") || {
  echo "$load" >&2; exit 1; }
echo "$load"
p99=$(sed -n '1s/.* p99 \([0-9.]*\) ms.*/\1/p' <<<"$load")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
echo "== the cost of a request"
printf '%-40s %8s requests/s\n' "a bare axum handler" "$bare"
printf '%-40s %8s requests/s  ratio %s (goal 0.2)\n' "getAccountDetails" "$details" "$(ratio "$details" "$bare")"
printf '%-40s %8s requests/s  ratio %s (goal 0.1)\n' "a page of 25 numbers" "$numbers" "$(ratio "$numbers" "$bare")"
printf '%-40s %8s ms (goal under 20)\n' "p99, $RATE requests/s, two processes, PG" "$p99"
# The fourth figure of the request-cost benchmark: the first screen's bytes, as the test command checks them
# (compressed built files plus the measured allowance; scripts/bench-first-screen.sh measures
# them as sent in Chromium).
(cd frontend && npm run --silent build >/dev/null)
node frontend/scripts/check-first-screen.mjs
