#!/usr/bin/env bash
# Scale-out: two server processes on one PostgreSQL database behave as one. Both start at once
# on an empty database (migrations and the demo seed happen once), then:
#   - a session made on one process works on the other, and a logout on one ends it on both;
#   - login throttling counts failures sent to either process;
#   - a password confirmation key from one process is used once, on the other;
#   - a password reset link sent through one process is used on the other;
#   - the same new service plan sent to both at the same instant is saved once, five times over;
#   - every routing entry made pending is provisioned exactly once across the two processes.
# Run by scripts/test.sh. Uses target/debug/server (SERVER_BIN to change) and scripts/pg.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${SERVER_BIN:-$PWD/target/debug/server}
[ -x "$BIN" ] || bash scripts/build-server.sh

source scripts/servers.sh
pg_begin
DB_URL=$(pg_fresh_database scale_out)
servers_begin

fail() { echo "scale-out: FAILED: $*" >&2; for log in "$WORK"/*.log; do echo "--- $log" >&2; tail -n 20 "$log" >&2; done; exit 1; }
sql() { psql "$DB_URL" -t -A -q -c "$1"; }

A=$(free_port 8301)
B=$(free_port $((A + 1)))
for name in a b; do
  port=$A; [ $name = b ] && port=$B
  BIND=127.0.0.1:$port DATABASE_URL=$DB_URL STATIC_DIR=$WORK/dist DEV_OUTBOX=1 NO_COLOR=1 \
    RUST_LOG=info,tower_http=warn,sqlx=warn "$BIN" >"$WORK/$name.log" 2>&1 &
  SERVER_PIDS+=($!)
done
for port in $A $B; do wait_for_server "$port" || fail "the server on port $port did not start"; done
[ "$(sql "SELECT COUNT(*) FROM customers")" -gt 0 ] || fail "the demo was not seeded"
[ "$(sql "SELECT COUNT(*) FROM users WHERE email = 'owner@demo.test'")" = 1 ] || fail "the demo was seeded twice"
echo "two processes on ports $A and $B, one database: migrated and seeded once"

# HTTP helpers: status code only, or the body; the session cookie as $2.
api() { # method port path session [curl args...] -> "status body"
  local method=$1 port=$2 path=$3 session=$4; shift 4
  curl -s -X "$method" -H 'X-Admin-Area: 1' -b "admin_session=$session" -w '\n%{http_code}' "$@" \
    "http://127.0.0.1:$port$path"
}
status_of() { tail -n 1 <<<"$1"; }
body_of() { sed '$d' <<<"$1"; }
login() { # port email password -> session token (empty when refused); status in LOGIN_STATUS
  local out
  out=$(curl -s -D - -o /dev/null --data-urlencode "email=$2" --data-urlencode "password=$3" \
    --data-urlencode "return=/manage/routing" "http://127.0.0.1:$1/login")
  LOGIN_STATUS=$(head -n 1 <<<"$out" | awk '{print $2}')
  sed -n 's/^[Ss]et-[Cc]ookie: admin_session=\([^;]*\).*/\1/p' <<<"$out" | head -n 1
}

# Sessions.
owner=$(login "$A" owner@demo.test demopass)
[ -n "$owner" ] || fail "login on A"
[ "$(status_of "$(api GET "$B" /api/accountsettings/getAccountDetails "$owner")")" = 200 ] || fail "A's session on B"
second=$(login "$B" owner@demo.test demopass)
curl -s -o /dev/null -b "admin_session=$second" -X POST "http://127.0.0.1:$B/logout"
[ "$(status_of "$(api GET "$A" /api/accountsettings/getAccountDetails "$second")")" = 401 ] ||
  fail "a session ended on B still works on A"
echo "sessions: made on A, used on B; ended on B, refused on A"

# Login throttling: five failures alternating between the processes, then the sixth is refused.
for i in 1 2 3 4 5; do
  port=$A; [ $((i % 2)) = 0 ] && port=$B
  login "$port" admin@demo.test wrong >/dev/null
  [ "$LOGIN_STATUS" = 401 ] || fail "failure $i answered $LOGIN_STATUS"
done
login "$B" admin@demo.test demopass >/dev/null
[ "$LOGIN_STATUS" = 429 ] || fail "the sixth attempt, on B, answered $LOGIN_STATUS, not 429"
echo "throttling: five failures across A and B, the next refused (429)"

# A password confirmation key from A, used on B, then refused on A.
confirm=$(api POST "$A" /api/handleajax/confirmPassword "$owner" -F form_password=demopass)
key=$(body_of "$confirm" | sed -n 's/.*"key":"\([^"]*\)".*/\1/p')
[ -n "$key" ] || fail "no confirmation key: $confirm"
victim=$(sql "SELECT id FROM users WHERE email = 'amelia.brown@harbourlane.test'")
[ "$(status_of "$(api POST "$B" "/api/users/deleteUser/$victim" "$owner" -F "key=$key")")" = 200 ] ||
  fail "A's confirmation key on B"
other=$(sql "SELECT id FROM users WHERE email = 'oliver.wright@harbourlane.test'")
[ "$(status_of "$(api POST "$A" "/api/users/deleteUser/$other" "$owner" -F "key=$key")")" != 200 ] ||
  fail "a used confirmation key worked again"
echo "password confirmation: key from A used once on B, refused again on A"

# A reset link sent through A, used on B; the new password works on A.
[ "$(status_of "$(api POST "$A" /api/users/sendPasswordReset/3 "$owner")")" = 200 ] || fail "sendPasswordReset on A"
token=$(sql "SELECT link FROM outbox WHERE to_email = 'user@demo.test' ORDER BY id DESC LIMIT 1" | sed 's/.*token=//')
reset=$(curl -s -o /dev/null -w '%{http_code}' --data-urlencode "token=$token" --data-urlencode "password=a-long-new-pass" \
  --data-urlencode "confirm=a-long-new-pass" "http://127.0.0.1:$B/resetpassword")
[ "$reset" = 200 ] || fail "the reset link on B answered $reset"
login "$A" user@demo.test a-long-new-pass >/dev/null
[ "$LOGIN_STATUS" = 303 ] || fail "the new password on A answered $LOGIN_STATUS"
echo "password reset: link from A used on B, the new password accepted by A"

# The same new plan sent to both at once: one saved, one told the description is taken.
target=$(sql "SELECT id FROM destination_plans WHERE customer_id = 100 ORDER BY id LIMIT 1")
for i in 1 2 3 4 5; do
  fields=(-F "form_plan_description=Race $i" -F 'form_from_day[0]=1' -F 'form_from_hour[0]=0' -F 'form_from_minute[0]=0'
    -F 'form_to_day[0]=7' -F 'form_to_hour[0]=23' -F 'form_to_minute[0]=59' -F 'form_routing_type[0]=routing'
    -F "form_routing[0]=$target" -F 'form_ivr[0]=0')
  api POST "$A" /api/manageconnections/create_plan "$owner" "${fields[@]}" >"$WORK/race-a" &
  first=$!
  api POST "$B" /api/manageconnections/create_plan "$owner" "${fields[@]}" >"$WORK/race-b" &
  wait $first $!
  statuses=$(printf '%s\n%s\n' "$(tail -n 1 "$WORK/race-a")" "$(tail -n 1 "$WORK/race-b")" | sort | tr '\n' ' ')
  [ "$statuses" = "200 422 " ] || fail "race $i answered $statuses"
  grep -q DESCRIPTION_NOT_UNIQUE "$WORK/race-a" "$WORK/race-b" || fail "race $i: the loser was not told why"
  [ "$(sql "SELECT COUNT(*) FROM service_plans WHERE customer_id = 100 AND LOWER(description) = 'race $i'")" = 1 ] ||
    fail "race $i saved twice"
done
echo "concurrent saves: 5 races of one plan to A and B, each saved once (200 + 422)"

# Provisioning: wait for the demo's own requests, then make every entry pending at once.
for _ in $(seq 1 60); do [ "$(sql "SELECT COUNT(*) FROM routing_entries WHERE provisioned = 0")" = 0 ] && break; sleep 0.5; done
sleep 1.5 # a run that had already claimed its entries logs them
before_a=$(wc -l <"$WORK/a.log")
before_b=$(wc -l <"$WORK/b.log")
pending=$(sql "UPDATE routing_entries SET provisioned = 0, provision_requested_at = EXTRACT(EPOCH FROM now())::BIGINT - 60,
  provision_claimed_until = NULL RETURNING id" | wc -l)
for _ in $(seq 1 60); do [ "$(sql "SELECT COUNT(*) FROM routing_entries WHERE provisioned = 0")" = 0 ] && break; sleep 0.5; done
[ "$(sql "SELECT COUNT(*) FROM routing_entries WHERE provisioned = 0")" = 0 ] || fail "entries left unprovisioned"
tail -n +$((before_a + 1)) "$WORK/a.log" | grep 'provisioned ' | grep -o 'entry=[0-9]*' >"$WORK/by-a" || true
tail -n +$((before_b + 1)) "$WORK/b.log" | grep 'provisioned ' | grep -o 'entry=[0-9]*' >"$WORK/by-b" || true
runs=$(cat "$WORK/by-a" "$WORK/by-b" | wc -l)
distinct=$(cat "$WORK/by-a" "$WORK/by-b" | sort -u | wc -l)
[ "$runs" = "$pending" ] && [ "$distinct" = "$pending" ] ||
  fail "$pending entries pending, $runs provisionings of $distinct distinct entries"
echo "provisioning: $pending entries, each provisioned once ($(wc -l <"$WORK/by-a") by A, $(wc -l <"$WORK/by-b") by B)"
echo "scale-out: passed"
