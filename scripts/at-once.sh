#!/usr/bin/env bash
# Runs commands at the same time and prints their outputs one after the other once all have
# ended (never interleaved); fails when any failed, naming it. The test command runs its browser
# flows this way: they mostly wait on the page, so three runs share a 2-core machine well.
# (Schemathesis is not: two runs at once took as long as one after the other.)
#   bash scripts/at-once.sh LABEL COMMAND [LABEL COMMAND]...
set -uo pipefail
[ $# -ge 2 ] && [ $(($# % 2)) = 0 ] || { echo "usage: $0 LABEL COMMAND [LABEL COMMAND]..." >&2; exit 2; }
dir=$(mktemp -d)
labels=()
pids=()
while [ $# -ge 2 ]; do
  bash -c "$2" >"$dir/${#labels[@]}.log" 2>&1 &
  pids+=($!)
  labels+=("$1")
  shift 2
done
# An interrupted run stops its commands too.
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$dir"' EXIT
status=0
for i in "${!pids[@]}"; do
  wait "${pids[$i]}"
  result=$?
  printf '\n== %s\n' "${labels[$i]}"
  cat "$dir/$i.log"
  if [ "$result" != 0 ]; then
    echo "FAILED (exit $result): ${labels[$i]}" >&2
    status=1
  fi
done
exit $status
