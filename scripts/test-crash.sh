#!/usr/bin/env bash
# Crash test: kill -9 the server in the middle of a stream of multi-row saves, start it again,
# and check that every record is whole (all of a save or none of it), on SQLite and on
# PostgreSQL. The saves, four streams at once:
#   - new service plans of 56 rows each ("Crash plan N");
#   - one plan updated again and again, its rows all to one destination plan (56 rows) or all
#     to another (28 rows);
#   - new users, each with two permissions on Harbour Lane Dental.
# Every save the server answered 200 must be there after the restart.
#   bash scripts/test-crash.sh [sqlite|postgres|both]   (both by default; run by scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SERVER_BIN:-$PWD/target/debug/server}
[ -x "$BIN" ] || bash scripts/build-server.sh
WHICH=${1:-both}
source scripts/servers.sh
WORK=$(mktemp -d)
SERVER=
cleanup() {
  [ -z "$SERVER" ] || kill -9 "$SERVER" 2>/dev/null || true
  rm -rf "$WORK"
  pg_end
}
trap cleanup EXIT
stub_static_dir "$WORK"
PORT=$(free_port 8321)
URL="http://127.0.0.1:$PORT"

fail() { echo "crash test ($BACKEND): FAILED: $*" >&2; tail -n 20 "$WORK/server.log" >&2; exit 1; }

start() {
  BIND=127.0.0.1:$PORT DATABASE_URL=$DB STATIC_DIR=$WORK/dist NO_COLOR=1 RUST_LOG=warn "$BIN" >>"$WORK/server.log" 2>&1 &
  SERVER=$!
  wait_for_server "$PORT" || fail "the server did not start"
}

login() {
  curl -s -D - -o /dev/null --data-urlencode email=owner@demo.test --data-urlencode password=demopass \
    --data-urlencode return=/manage/routing "$URL/login" | sed -n 's/^[Ss]et-[Cc]ookie: admin_session=\([^;]*\).*/\1/p'
}

post() { # path, then curl -F fields; prints the status
  local path=$1; shift
  curl -s -o /dev/null -w '%{http_code}' -H 'X-Admin-Area: 1' -b "admin_session=$SESSION" "$@" "$URL$path" || true
}

# A week in `rows` contiguous rows (56: eight 3-hour slices a day; 28: four 6-hour slices), all
# routed to destination plan $2.
plan_fields() {
  local rows=$1 target=$2 per_day=$(($1 / 7)) i=0 hours=$((24 / ($1 / 7)))
  for day in 1 2 3 4 5 6 7; do
    for slice in $(seq 0 $((per_day - 1))); do
      printf '%s\n' -F "form_from_day[$i]=$day" -F "form_from_hour[$i]=$((slice * hours))" -F "form_from_minute[$i]=0" \
        -F "form_to_day[$i]=$day" -F "form_to_hour[$i]=$((slice * hours + hours - 1))" -F "form_to_minute[$i]=59" \
        -F "form_routing_type[$i]=routing" -F "form_routing[$i]=$target" -F "form_ivr[$i]=0"
      i=$((i + 1))
    done
  done
}

stream_new_plans() {
  mapfile -t fields < <(plan_fields 56 "$TARGET_A")
  for n in $(seq 1 100000); do
    [ "$(post /api/manageconnections/create_plan -F "form_plan_description=Crash plan $1-$n" "${fields[@]}")" = 200 ] || break
    echo "Crash plan $1-$n" >>"$WORK/acknowledged-plans"
  done
}

stream_updates() {
  mapfile -t long < <(plan_fields 56 "$TARGET_A")
  mapfile -t short < <(plan_fields 28 "$TARGET_B")
  for n in $(seq 1 100000); do
    if [ $((n % 2)) = 0 ]; then set -- "${long[@]}"; else set -- "${short[@]}"; fi
    [ "$(post /api/manageconnections/update_plan -F "form_record_id=$UPDATED" -F "form_plan_description=Crash update" "$@")" = 200 ] || break
  done
}

stream_users() {
  for n in $(seq 1 100000); do
    [ "$(post /api/users/save/0 -F form_first_name=Crash -F form_last_name=Tester -F "form_email=crash-$n@example.test" \
      -F form_auth_code=10 -F form_provisioning=0 -F form_recordings=0 -F form_customer=100 -F hasAccessToNewOutbound=0 \
      -F 'form_permission=[{"customerId":100,"PERM_REPORTS":true,"PERM_BILLING":true}]' \
      -F 'form_permission_all={"100":false}')" = 200 ] || break
    echo "crash-$n@example.test" >>"$WORK/acknowledged-users"
  done
}

run() {
  BACKEND=$1
  rm -f "$WORK/acknowledged-plans" "$WORK/acknowledged-users" "$WORK/server.log"
  touch "$WORK/acknowledged-plans" "$WORK/acknowledged-users"
  if [ "$BACKEND" = sqlite ]; then
    DB="sqlite://$WORK/crash.db"
    rm -f "$WORK"/crash.db*
    sql() { sqlite3 "$WORK/crash.db" "$1"; }
  else
    pg_begin
    DB=$(pg_fresh_database crash_test)
    sql() { psql "$DB" -t -A -q -c "$1"; }
  fi
  start
  SESSION=$(login)
  [ -n "$SESSION" ] || fail "login"
  TARGET_A=$(sql "SELECT id FROM destination_plans WHERE customer_id = 100 ORDER BY id LIMIT 1")
  TARGET_B=$(sql "SELECT id FROM destination_plans WHERE customer_id = 100 ORDER BY id LIMIT 1 OFFSET 1")
  mapfile -t fields < <(plan_fields 56 "$TARGET_A")
  [ "$(post /api/manageconnections/create_plan -F "form_plan_description=Crash update" "${fields[@]}")" = 200 ] ||
    fail "the plan to update was not created"
  UPDATED=$(sql "SELECT id FROM service_plans WHERE description = 'Crash update'")

  stream_new_plans 1 & local s1=$!
  stream_new_plans 2 & local s2=$!
  stream_updates & local s3=$!
  stream_users & local s4=$!
  sleep 3
  kill -9 "$SERVER"
  wait "$SERVER" 2>/dev/null || true
  wait $s1 $s2 $s3 $s4 || true
  start # again, on the same database: whatever was in flight is gone or whole

  local plans users acknowledged_plans acknowledged_users
  acknowledged_plans=$(wc -l <"$WORK/acknowledged-plans")
  acknowledged_users=$(wc -l <"$WORK/acknowledged-users")
  plans=$(sql "SELECT COUNT(*) FROM service_plans WHERE description LIKE 'Crash plan %'")
  users=$(sql "SELECT COUNT(*) FROM users WHERE email LIKE 'crash-%'")
  [ "$acknowledged_plans" -gt 0 ] && [ "$acknowledged_users" -gt 0 ] || fail "too few saves before the kill"
  local broken
  broken=$(sql "SELECT COUNT(*) FROM service_plans p WHERE p.description LIKE 'Crash plan %'
    AND (SELECT COUNT(*) FROM service_plan_times t WHERE t.plan_id = p.id AND t.destination_plan_id = $TARGET_A) <> 56")
  [ "$broken" = 0 ] || fail "$broken new plans are not whole"
  local rows
  rows=$(sql "SELECT COUNT(*) || ' ' || MIN(destination_plan_id) || ' ' || MAX(destination_plan_id)
    FROM service_plan_times WHERE plan_id = $UPDATED")
  [ "$rows" = "56 $TARGET_A $TARGET_A" ] || [ "$rows" = "28 $TARGET_B $TARGET_B" ] ||
    fail "the updated plan is not whole: rows, first and last destination: $rows"
  broken=$(sql "SELECT COUNT(*) FROM users u WHERE u.email LIKE 'crash-%' AND NOT EXISTS (SELECT 1 FROM user_access a
    WHERE a.user_id = u.id AND a.customer_id = 100 AND a.perm_reports = 1 AND a.perm_billing = 1)")
  [ "$broken" = 0 ] || fail "$broken new users lack their permissions"
  while read -r description; do
    [ "$(sql "SELECT COUNT(*) FROM service_plans WHERE description = '$description'")" = 1 ] ||
      fail "the acknowledged plan '$description' is missing"
  done <"$WORK/acknowledged-plans"
  while read -r email; do
    [ "$(sql "SELECT COUNT(*) FROM users WHERE email = '$email'")" = 1 ] || fail "the acknowledged user $email is missing"
  done <"$WORK/acknowledged-users"
  echo "crash test ($BACKEND): killed mid-stream; after the restart $plans new plans of 56 rows ($acknowledged_plans acknowledged)," \
    "the updated plan whole ($rows), $users new users with their permissions ($acknowledged_users acknowledged)"
  kill "$SERVER" 2>/dev/null || true
  wait "$SERVER" 2>/dev/null || true
  SERVER=
}

case "$WHICH" in
  sqlite | postgres) run "$WHICH" ;;
  both) run sqlite && run postgres ;;
  *) echo "usage: $0 [sqlite|postgres|both]" >&2; exit 2 ;;
esac
