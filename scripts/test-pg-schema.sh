#!/usr/bin/env bash
# Checks that the PostgreSQL migrations (crates/server/migrations/postgres) apply cleanly to a
# fresh database and give the same tables and columns, and the same named indexes (unique or
# not), as the SQLite ones (../sqlite): a table, column or index added to one and not the other
# fails here (a unique index missing on one backend would let duplicates in there). Starts the
# cluster of scripts/pg.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
# Stops the cluster afterwards unless it was already running (someone is using it).
source scripts/servers.sh
pg_begin
CHECK=$(pg_fresh_database schema_check)
for file in crates/server/migrations/postgres/*.sql; do
  psql "$CHECK" -q -v ON_ERROR_STOP=1 --single-transaction -f "$file" >/dev/null
done

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"; pg_end' EXIT
for file in crates/server/migrations/sqlite/*.sql; do
  sqlite3 -bail "$WORK/check.db" <"$file"
done
sqlite3 "$WORK/check.db" "SELECT m.name || '.' || p.name FROM sqlite_master m JOIN pragma_table_info(m.name) p
  WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE 'transcripts_fts%'" | sort >"$WORK/sqlite"
psql "$CHECK" -t -A -c "SELECT table_name || '.' || column_name FROM information_schema.columns
  WHERE table_schema = 'public'" | sort >"$WORK/postgres"
# Indexes made by CREATE INDEX (not those behind a PRIMARY KEY or UNIQUE column constraint).
# The transcripts' full-text index differs by design: an FTS5 table on SQLite (left out above),
# a GIN index on PostgreSQL (left out below); tests/api/transcript_search.rs holds them equal.
sqlite3 "$WORK/check.db" "SELECT 'index ' || name || CASE WHEN sql LIKE 'CREATE UNIQUE%' THEN ' unique' ELSE '' END
  FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL" | sort >>"$WORK/sqlite"
psql "$CHECK" -t -A -c "SELECT 'index ' || indexname || CASE WHEN indexdef LIKE 'CREATE UNIQUE%' THEN ' unique' ELSE '' END
  FROM pg_indexes WHERE schemaname = 'public' AND indexname NOT IN (SELECT conname FROM pg_constraint)
    AND indexname <> 'transcripts_words'" |
  sort >>"$WORK/postgres"
psql "$PG" -q -c "DROP DATABASE schema_check"
if ! diff -u "$WORK/sqlite" "$WORK/postgres" >"$WORK/diff"; then
  echo "The PostgreSQL and SQLite migrations differ (- SQLite only, + PostgreSQL only):" >&2
  grep '^[-+][^-+]' "$WORK/diff" >&2
  exit 1
fi
echo "PostgreSQL migrations: $(ls crates/server/migrations/postgres | wc -l) files, $(grep -vc '^index ' "$WORK/postgres") columns" \
  "and $(grep -c '^index ' "$WORK/postgres") indexes, the same as SQLite's"
