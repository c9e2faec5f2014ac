#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster in a folder on a free loopback port (or finds the one
# already running there) and prints its URL, e.g. postgres://postgres@127.0.0.1:55433/postgres.
#   psql "$(bash scripts/pg.sh)"      # starts it (or "pg.sh start"), then a shell on it
#   bash scripts/pg.sh stop           # stops it
# scripts/test.sh runs the server tests on it; README.md says how to run the product on it.
# The folder is target/pg (PG_DIR to change it). Installs Debian's postgresql when missing. As
# root, the cluster runs as the postgres user, which PostgreSQL requires. A cluster for development
# and tests: trust authentication on loopback, fsync off.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-start}" in
  start | stop) ;;
  *) echo "usage: $0 [start|stop]" >&2; exit 2 ;;
esac
DIR=${PG_DIR:-$PWD/target/pg}

find_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1; }
BIN=$(find_bin)
if [ -z "$BIN" ]; then
  echo "== PostgreSQL (Debian) for the scale-out store" >&2
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >/dev/null
  BIN=$(find_bin)
fi

as_owner() { # runs a PostgreSQL program as the cluster's owner
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

if [ "${1:-}" = stop ]; then
  [ -f "$DIR/data/postmaster.pid" ] && as_owner "$BIN/pg_ctl" -D "$DIR/data" -m fast -w stop >&2
  exit 0
fi

mkdir -p "$DIR"
[ "$(id -u)" = 0 ] && chown postgres "$DIR"
if [ ! -f "$DIR/data/PG_VERSION" ]; then
  as_owner "$BIN/initdb" -D "$DIR/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >/dev/null
fi
if ! as_owner "$BIN/pg_ctl" -D "$DIR/data" status >/dev/null 2>&1; then
  # The first free port from 55432.
  port=55432
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  as_owner "$BIN/pg_ctl" -D "$DIR/data" -l "$DIR/server.log" -w \
    -o "-p $port -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off" start >/dev/null
  echo "$port" >"$DIR/port"
fi
echo "postgres://postgres@127.0.0.1:$(cat "$DIR/port")/postgres"
