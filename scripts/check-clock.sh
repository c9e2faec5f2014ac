#!/usr/bin/env bash
# No code reads the wall clock except the one clock of each side (STYLE.md 14): the server's
# Clock (crates/server/src/clock.rs) and the browser's now() (frontend/src/lib/clock.ts), which
# every test fixes. A date read anywhere else would make a test depend on the day it runs, so
# this fails on one; the clock runs of scripts/test-clock.sh then only need the tests of time.
# (Instant::now and performance.now measure durations, not the date: allowed.)
set -euo pipefail
cd "$(dirname "$0")/.."
found=0
if grep -rnE 'SystemTime::now|Utc::now|Local::now|OffsetDateTime::now|chrono::offset::(Utc|Local)\b' \
  crates --include='*.rs' | grep -v '^crates/server/src/clock.rs:'; then
  found=1
fi
# SQL that asks the database for the time (SQLite's 'now', PostgreSQL's now()).
if grep -rniE "current_(timestamp|date|time)|'now'|unixepoch\(|[^.a-z_]now\(\)" \
  crates/server/src/store crates/server/migrations; then
  found=1
fi
if grep -rnE 'Date\.now\(\)|new Date\(\)' frontend/src frontend/e2e --include='*.ts' --include='*.tsx' |
  grep -v '^frontend/src/lib/clock.ts:'; then
  found=1
fi
if [ "$found" = 1 ]; then
  echo "The lines above read the wall clock: ask the server's Clock or the browser's now() (lib/clock.ts)." >&2
  exit 1
fi
echo "No code reads the wall clock outside the two clocks."
