# Helpers for the scripts that start server processes and PostgreSQL databases of their own
# (test.sh, test-pg-schema.sh, test-scale-out.sh, test-crash.sh, bench-load.sh). Sourced, not run.

# The first free loopback port from $1.
free_port() {
  local port=$1
  while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
  echo "$port"
}

# Starts the cluster of scripts/pg.sh if it is not running; sets PG (its URL) and remembers
# whether it was running, so that pg_end stops only a cluster this script started.
pg_begin() {
  [ -f "${PG_DIR:-$PWD/target/pg}/data/postmaster.pid" ] && PG_WAS_RUNNING=1 || PG_WAS_RUNNING=0
  PG=$(bash scripts/pg.sh)
}

pg_end() {
  [ "${PG_WAS_RUNNING:-1}" = 1 ] || bash scripts/pg.sh stop 2>/dev/null || true
  # A cluster pg_in_memory made is gone with the run.
  [ -n "${PG_IN_MEMORY:-}" ] && [ "${PG_WAS_RUNNING:-1}" = 0 ] && rm -rf "$PG_IN_MEMORY"
  return 0
}

# Points PG_DIR (scripts/pg.sh) at a new folder in memory (/dev/shm) when it has room and no
# PG_DIR was chosen: the tests make a database per test, each a copy of a seeded template, and
# PostgreSQL creates about 900 files per copy. Measured on this disk: 0.7 s of system time a
# copy, 529 copies in the PostgreSQL router tests alone; on tmpfs each file is 40 times
# cheaper. The cluster is a throwaway (fsync off already); pg_end removes it.
pg_in_memory() {
  [ -n "${PG_DIR:-}" ] && return 0
  local free_kb
  free_kb=$(df --output=avail -k /dev/shm 2>/dev/null | tail -1) || return 0
  [ "${free_kb:-0}" -gt 4000000 ] || return 0
  PG_IN_MEMORY=/dev/shm/call-tracking-tests-pg-$$
  export PG_DIR=$PG_IN_MEMORY
}

# An empty database $1 on the cluster (dropped first if it exists); prints its URL.
pg_fresh_database() {
  psql "$PG" -q -c "DROP DATABASE IF EXISTS $1" -c "CREATE DATABASE $1" 2>/dev/null
  echo "${PG%/*}/$1"
}

# Waits up to a minute for a server on port $1 to answer; false if it never does.
wait_for_server() {
  for _ in $(seq 1 120); do
    curl -s -o /dev/null "http://127.0.0.1:$1/login" && return 0
    sleep 0.5
  done
  return 1
}

# A built frontend stand-in for servers that answer only the API: $1/dist/index.html.
stub_static_dir() {
  mkdir -p "$1/dist" && echo '<!doctype html><title>admin</title>' >"$1/dist/index.html"
}

# A work folder ($WORK) with a stand-in frontend, and a trap on exit that stops the servers whose
# process ids are in SERVER_PIDS, removes the folder and stops the cluster if pg_begin started it.
servers_begin() {
  WORK=$(mktemp -d)
  SERVER_PIDS=()
  stub_static_dir "$WORK"
  trap servers_end EXIT
}

servers_end() {
  for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$WORK"
  pg_end
}
