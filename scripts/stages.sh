# The test command's stages (sourced by scripts/test.sh): each stage is timed, its output kept
# and read for the counts of its runner (cargo test, vitest, Playwright, schemathesis); a stage
# of another kind (a lint, a build, a script's own check) counts as one check. At the end, or at
# the first failure, a table of the stages' times and one line adding up every runner's counts:
# 'N passed, M failed'.

STAGE_LOGS=$(mktemp -d)
STAGE_TIMES=()
PASSED=0
FAILED=0
SUITE_START=$SECONDS

# The counts a stage's output reports, as "passed failed" (none found: "").
stage_counts() {
  sed 's/\x1b\[[0-9;]*m//g' "$1" | awk '
    # cargo test, one line per test binary
    /test result: / { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed;/) p += $i; if ($(i+1) ~ /^failed;/) f += $i }; found = 1; next }
    # vitest: "Tests  2 failed | 1562 passed (1564)"
    /^ *Tests  +[0-9]/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i }; found = 1; next }
    # Playwright: "  63 passed (7.2m)", "  1 failed", "  2 flaky"
    /^ +[0-9]+ (passed|failed|flaky)( \(.*\))?$/ { if ($2 == "failed") f += $1; else p += $1; found = 1; next }
    # schemathesis: "Test cases:" then "  7266 generated, 7264 passed, 2 failed" on the next line
    /^Test cases:/ { cases = 1; next }
    cases && /generated/ { for (i = 1; i <= NF; i++) { if ($(i+1) ~ /^passed/) p += $i; if ($(i+1) ~ /^failed/) f += $i }; found = 1; cases = 0; next }
    END { if (found) print p + 0, f + 0 }
  '
}

# stage NAME COMMAND...: runs COMMAND, printing its output, and stops the run when it fails.
stage() {
  local name=$1
  shift
  local log="$STAGE_LOGS/${#STAGE_TIMES[@]}.log" start=$SECONDS status=0
  printf '\n== %s\n' "$name"
  "$@" 2>&1 | tee "$log" || status=$?
  local took=$((SECONDS - start)) counts passed failed
  counts=$(stage_counts "$log")
  if [ -n "$counts" ]; then
    read -r passed failed <<<"$counts"
  elif [ "$status" = 0 ]; then
    passed=1 failed=0
  else
    passed=0 failed=1
  fi
  [ "$status" = 0 ] || [ "$failed" -gt 0 ] || failed=1
  PASSED=$((PASSED + passed))
  FAILED=$((FAILED + failed))
  STAGE_TIMES+=("$(printf '%3d:%02d  %6s passed %4s failed  %s' $((took / 60)) $((took % 60)) "$passed" "$failed" "$name")")
  printf -- '-- %s: %ds, %s passed, %s failed\n' "$name" "$took" "$passed" "$failed"
  if [ "$status" != 0 ]; then
    stages_summary
    exit "$status"
  fi
}

stages_summary() {
  local took=$((SECONDS - SUITE_START))
  printf '\n== time of each stage (min:s)\n'
  printf '%s\n' "${STAGE_TIMES[@]}"
  printf '%3d:%02d  in all\n' $((took / 60)) $((took % 60))
  rm -rf "$STAGE_LOGS"
  # The closing line: every runner's counts added up.
  printf '%d passed, %d failed\n' "$PASSED" "$FAILED"
}
