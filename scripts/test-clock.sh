#!/usr/bin/env bash
# Runs the Rust tests and the vitest suite with the machine's clock set (by Debian's faketime)
# to instants that break tests which read the wall clock: the last seconds of a Sunday, the hour
# British summer time begins and the last second of a year. Every test fixes the clock it uses,
# so all of them must pass at each instant. (The fixed clocks' own instant, Monday 2026-11-23
# 10:00 UTC, is not among them: a test reading the wall clock there sees what it would have been
# given, so it proves nothing.) vitest, the slowest by far (about 4 minutes a run), runs at the
# two instants that differ most: a Sunday in summer time in 2027, and a Thursday's last second of
# 2026 in winter time.
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
VITEST_INSTANTS=("2027-03-28 01:30:00 UTC" "2026-12-31 23:59:59 UTC")

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

for instant in "${INSTANTS[@]}"; do
  at_vitest_instant=0
  [[ " ${VITEST_INSTANTS[*]} " == *" $instant "* ]] && at_vitest_instant=1
  [ "$WHAT" = vitest ] && [ "$at_vitest_instant" = 0 ] && continue
  printf '\n== clock at %s (%s)\n' "$instant" "$(TZ=Europe/London date -d "$instant" '+%A %H:%M:%S %Z in London')"
  for bin in "${TEST_BINS[@]}"; do
    if ! out=$(faketime "$instant" "$bin" --quiet 2>&1); then
      printf '%s\n' "$out" | tail -n 80
      echo "FAILED with the clock at $instant: $bin" >&2
      exit 1
    fi
    printf '%s: %s\n' "$(basename "$bin")" "$(printf '%s\n' "$out" | grep 'test result')"
  done
  if [ "$WHAT" != rust ] && [ "$at_vitest_instant" = 1 ]; then
    if ! out=$(cd frontend && faketime "$instant" npx vitest run --reporter=dot 2>&1); then
      printf '%s\n' "$out" | tail -n 120
      echo "FAILED with the clock at $instant: vitest" >&2
      exit 1
    fi
    printf '%s\n' "$out" | grep -E 'Test Files|Tests '
  fi
done
