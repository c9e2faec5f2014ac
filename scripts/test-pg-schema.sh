#!/usr/bin/env bash
# Checks that the PostgreSQL migrations (crates/server/migrations/postgres) apply cleanly to a
# fresh database and give the same tables and columns as the SQLite ones (../sqlite): a table
# added to one and not the other fails here. Starts the cluster of scripts/pg.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# Stops the cluster afterwards unless it was already running (someone is using it).
[ -f "${PG_DIR:-$PWD/target/pg}/data/postmaster.pid" ] && running=1 || running=0
URL=$(bash scripts/pg.sh)
DB=schema_check
psql "$URL" -q -c "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" 2>/dev/null
CHECK="${URL%/*}/$DB"
for file in crates/server/migrations/postgres/*.sql; do
  psql "$CHECK" -q -v ON_ERROR_STOP=1 --single-transaction -f "$file" >/dev/null
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; [ $running = 1 ] || bash scripts/pg.sh stop 2>/dev/null' EXIT
for file in crates/server/migrations/sqlite/*.sql; do
  sqlite3 -bail "$WORK/check.db" <"$file"
done
sqlite3 "$WORK/check.db" "SELECT m.name || '.' || p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
  WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'" | sort >"$WORK/sqlite"
psql "$CHECK" -t -A -c "SELECT table_name || '.' || column_name FROM information_schema.columns
  WHERE table_schema = 'public'" | sort >"$WORK/postgres"
psql "$URL" -q -c "DROP DATABASE $DB"
if ! diff -u "$WORK/sqlite" "$WORK/postgres" >"$WORK/diff"; then
  echo "The PostgreSQL and SQLite migrations differ (- SQLite only, + PostgreSQL only):" >&2
  grep '^[-+][^-+]' "$WORK/diff" >&2
  exit 1
fi
echo "PostgreSQL migrations: $(ls crates/server/migrations/postgres | wc -l) files, $(wc -l <"$WORK/postgres") columns, the same as SQLite's"
