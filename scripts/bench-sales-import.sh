#!/usr/bin/env bash
# Benchmark of Import sales: ROWS sales (100,000 by default) in one CSV imported as
# owner@demo.test through the real router in-process (crates/server/examples/bench_sales_import.rs),
# after a file a tenth the size: prints the rows per second and the peak RSS before and after
# each. On SQLite (a temporary file), then on PostgreSQL (a fresh database bench_sales_import on
# the cluster of scripts/pg.sh, or PG_URL's server; dropped afterwards). BACKENDS=sqlite or
# BACKENDS=postgres runs one.
#   bash scripts/bench-sales-import.sh        ROWS=200000 BACKENDS=sqlite bash scripts/bench-sales-import.sh
# A benchmark, not a test: scripts/test.sh does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
ROWS=${ROWS:-100000}
BACKENDS=${BACKENDS:-sqlite postgres}
cargo build --quiet --release -p server --example bench_sales_import
BIN=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')/release/examples/bench_sales_import

for backend in $BACKENDS; do
  case $backend in
    sqlite) "$BIN" --rows "$ROWS" ;;
    postgres)
      source scripts/servers.sh
      if [ -n "${PG_URL:-}" ]; then PG=$PG_URL; else pg_begin; trap pg_end EXIT; fi
      DB=$(pg_fresh_database bench_sales_import)
      "$BIN" --rows "$ROWS" --database-url "$DB"
      psql "$PG" -q -c "DROP DATABASE IF EXISTS bench_sales_import" ;;
    *) echo "unknown backend $backend" >&2; exit 1 ;;
  esac
done
