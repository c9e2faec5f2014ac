#!/usr/bin/env bash
# Benchmark: the largest basic connect a request carries (ROWS numbers, 9,000 by default: the
# request body is limited to 1 MB), against a release server on SQLite with the demo data. Each
# row's routing is read before and after its write and its change recorded in the routing
# history, all in the save's one transaction. Prints the request's time and the changes recorded.
#   bash scripts/bench-connect.sh            ROWS=2000 bash scripts/bench-connect.sh
# A benchmark, not a test: scripts/test.sh does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
ROWS=${ROWS:-9000}
cargo build --quiet --release -p server --bin server --example add_numbers

source scripts/servers.sh
servers_begin
DB="$WORK/bench.db"
PORT=$(free_port 8351)
BIND=127.0.0.1:$PORT DATABASE_URL="sqlite://$DB" STATIC_DIR=$WORK/dist RUST_LOG=warn target/release/server \
  >>"$WORK/server.log" 2>&1 &
SERVER_PIDS+=($!)
wait_for_server "$PORT" || { echo "the server did not start" >&2; tail -n 20 "$WORK/server.log" >&2; exit 1; }

# The demo owner's account (customer 100) gets ROWS more numbers, each connected to a number.
target/release/examples/add_numbers "sqlite://$DB" 100 "$ROWS" >/dev/null
curl -s -o /dev/null -c "$WORK/cookies" -d 'email=owner%40demo.test&password=demopass' "http://127.0.0.1:$PORT/login"

# One basic connect moving all of them to another destination.
sqlite3 "$DB" "SELECT id FROM routing_entries WHERE customer_id = 100 AND number LIKE '01615%' ORDER BY id
  LIMIT $ROWS" | awk '{
    i = NR - 1
    printf "%sform_description%%5B%d%%5D=Bench+%d&form_number_id%%5B%d%%5D=%s&form_destination_number%%5B%d%%5D=07700900123",
      (i ? "&" : ""), i, i, i, $1, i
  }' >"$WORK/body"
echo "== one basic connect of $ROWS numbers ($(($(stat -c %s "$WORK/body") / 1024)) KB), SQLite"
before=$(sqlite3 "$DB" "SELECT COUNT(*) FROM routing_changes")
curl -s -o "$WORK/answer" -w 'HTTP %{http_code} in %{time_total} s\n' -b "$WORK/cookies" -H 'X-Admin-Area: 1' \
  -H 'Content-Type: application/x-www-form-urlencoded' --data-binary @"$WORK/body" \
  "http://127.0.0.1:$PORT/api/manageconnections/connectBasic/"
head -c 300 "$WORK/answer"; echo
echo "routing changes recorded: $(($(sqlite3 "$DB" "SELECT COUNT(*) FROM routing_changes") - before))"
