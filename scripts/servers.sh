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
