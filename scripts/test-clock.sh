#!/usr/bin/env bash
# Runs the tests whose answer depends on the clock with the machine's clock set (by Debian's
# faketime) to instants that break tests which read the wall clock: the last seconds of a Sunday,
# the hour British summer time begins and the last second of a year. Every test fixes the clock it
# uses (scripts/check-clock.sh fails on code that reads the wall clock), so each must pass at each
# instant. A test that touches no time proves nothing new at another instant, so:
# - Rust: every domain test (pure rules, seconds) and the server's own unit tests at the three
#   instants; of the router tests, the modules that move the clock or deal in time
#   (RUST_CLOCK_MODULES: sessions, throttles, expiry, billing periods and invoices, provisioning,
#   the routing history's dates, time-of-day plans) at one of them, ROUTER_INSTANT: the server
#   takes every instant from its clock setting, never from the machine, so a wall-clock read
#   anywhere in it shows at any faked instant (none is the tests' own), and the instant-dependent
#   rules are the domain's, run at all three. The whole suite runs once in scripts/test.sh.
# - vitest: Date is faked by every test (src/test/setup.ts), so the whole suite runs once, at the
#   last second of 2026; the test files that deal in dates and times (VITEST_CLOCK_WORDS) run again at
#   the hour British summer time begins.
# (The fixed clocks' own instant, Monday 2026-11-23 10:00 UTC, is not among them: a test reading
# the wall clock there sees what it would have been given, so it proves nothing.)
# Expects the wasm build (scripts/build-wasm.sh) to exist.
#   bash scripts/test-clock.sh [rust|vitest|all]   (all by default)
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"

INSTANTS=(
  "2026-11-29 23:59:30 UTC"   # a Sunday 23:59:30
  "2027-03-28 01:30:00 UTC"   # British summer time begins (01:00 UTC)
  "2026-12-31 23:59:59 UTC"   # the last second of a year
)
ROUTER_INSTANT="2027-03-28 01:30:00 UTC"
VITEST_WHOLE_INSTANT="2026-12-31 23:59:59 UTC"
VITEST_CLOCK_INSTANT="2027-03-28 01:30:00 UTC"
VITEST_CLOCK_WORDS="setSystemTime|TEST_NOW|new Date|Date\.|[Cc]lock|BST|[Ss]ummer|changeTime|[Ee]xpir|[Mm]onth|[Tt]imeOfDay|time_of_day"
RUST_CLOCK_MODULES=(
  account_details billing_details card_payments confirm_password conversions direct_debit integrations_connect invoices
  login partner_rewards_branding provisioning_runs routing_audio routing_connect routing_extras routing_history
  routing_plans security_basics services_charges services_dynamic services_purchases services_usage
  session_expiry tech_partner_portal users_actions website_checks
)

WHAT="${1:-all}"
case "$WHAT" in rust | vitest | all) ;; *) echo "usage: $0 [rust|vitest|all]" >&2; exit 2 ;; esac

command -v faketime >/dev/null || { echo "faketime is missing: run scripts/setup.sh" >&2; exit 1; }

TEST_BINS=()
if [ "$WHAT" != vitest ]; then
# cargo itself hangs under faketime, so build the test executables first and run each one.
mapfile -t TEST_BINS < <(
  cargo test --workspace --quiet --no-run --message-format=json 2>/dev/null |
    grep -E '"profile":{[^}]*"test":true' | grep -o '"executable":"[^"]*"' | sed 's/"executable":"\(.*\)"/\1/' |
    grep -v '/api_pg-' # the same tests as api, on PostgreSQL: the clock is proven on SQLite
)
[ "${#TEST_BINS[@]}" -gt 0 ] || { echo "no Rust test executables were built" >&2; exit 1; }
fi

# The router tests of RUST_CLOCK_MODULES in the server's test binary; every test of the others.
filters_of() {
  case "$(basename "$1")" in
    api-*) printf '%s::\n' "${RUST_CLOCK_MODULES[@]}" ;;
  esac
}

at_clock() { # INSTANT: prints London's time then
  printf '\n== clock at %s (%s)\n' "$1" "$(TZ=Europe/London date -d "$1" '+%A %H:%M:%S %Z in London')"
}

vitest_at() { # INSTANT [FILE FILTERS...]
  local instant=$1 out
  shift
  if ! out=$(cd frontend && faketime "$instant" npx vitest run --reporter=dot "$@" 2>&1); then
    printf '%s\n' "$out" | tail -n 120
    echo "FAILED with the clock at $instant: vitest" >&2
    exit 1
  fi
  printf '%s\n' "$out" | grep -E 'Test Files|Tests '
}

if [ "$WHAT" != vitest ]; then
  for instant in "${INSTANTS[@]}"; do
    at_clock "$instant"
    for bin in "${TEST_BINS[@]}"; do
      case "$(basename "$bin")" in api-*) [ "$instant" = "$ROUTER_INSTANT" ] || continue ;; esac
      mapfile -t filters < <(filters_of "$bin")
      if ! out=$(faketime "$instant" "$bin" --quiet "${filters[@]}" 2>&1); then
        printf '%s\n' "$out" | tail -n 80
        echo "FAILED with the clock at $instant: $bin" >&2
        exit 1
      fi
      printf '%s: %s\n' "$(basename "$bin")" "$(printf '%s\n' "$out" | grep 'test result')"
    done
  done
fi

if [ "$WHAT" != rust ]; then
  at_clock "$VITEST_WHOLE_INSTANT"
  vitest_at "$VITEST_WHOLE_INSTANT"
  at_clock "$VITEST_CLOCK_INSTANT"
  # The test files that set or read a date, a time or the clock.
  mapfile -t clock_files < <(cd frontend && grep -rlE "$VITEST_CLOCK_WORDS" src --include='*.test.ts' --include='*.test.tsx' | sort)
  vitest_at "$VITEST_CLOCK_INSTANT" "${clock_files[@]}"
fi
