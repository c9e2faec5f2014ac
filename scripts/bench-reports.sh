#!/usr/bin/env bash
# Benchmark of the reports ("Performance"): CALLS inbound calls (1,000,000 by default)
# on the demo owner's customer, made by the demo's call generator, then the call log's first page,
# each filter and sort, the dashboard (when the branch has it) and the CSV export, timed server
# side in-process through the real router (crates/server/examples/bench_reports.rs: why an
# example, and what it measures). Prints each query's median and p95 against the issue's targets,
# the export's rows/s and the peak RSS around it. On SQLite (a temporary file), then on
# PostgreSQL (a fresh database bench_reports on the cluster of scripts/pg.sh, or PG_URL's server;
# dropped afterwards). BACKENDS=sqlite or BACKENDS=postgres runs one.
#   bash scripts/bench-reports.sh        CALLS=10000000 BACKENDS=postgres bash scripts/bench-reports.sh
# A benchmark, not a test: scripts/test.sh does not run it. See docs/reports-performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
CALLS=${CALLS:-1000000}
BACKENDS=${BACKENDS:-sqlite postgres}
cargo build --quiet --release -p server --example bench_reports
BIN=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/examples/bench_reports

for backend in $BACKENDS; do
  case $backend in
    sqlite) "$BIN" --calls "$CALLS" ;;
    postgres)
      source scripts/servers.sh
      if [ -n "${PG_URL:-}" ]; then PG=$PG_URL; else pg_begin; trap pg_end EXIT; fi
      DB=$(pg_fresh_database bench_reports)
      "$BIN" --calls "$CALLS" --database-url "$DB"
      psql "$PG" -q -c "DROP DATABASE IF EXISTS bench_reports" ;;
    *) echo "unknown backend $backend" >&2; exit 1 ;;
  esac
done
