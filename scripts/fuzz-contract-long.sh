#!/usr/bin/env bash
# The long contract fuzz: schemathesis with many examples per operation (default 500) as each
# persona, every persona on every operation with every phase (CONTRACT_WHOLE=1), then, per
# persona, every operation with the number of requests it was sent and their status codes, from
# the recorded requests; the failures are in schemathesis's output.
#
#   bash scripts/fuzz-contract-long.sh [examples per operation] [database URL]
set -uo pipefail
cd "$(dirname "$0")/.."
EXAMPLES=${1:-500}
CONTRACT_WHOLE=1 ST_SEED=${ST_SEED:-$RANDOM$RANDOM} REPORT=ndjson,junit bash scripts/test-contract.sh "$EXAMPLES" "${2:-}"
status=$?
echo
echo "== operations and the requests tried"
target/schemathesis/bin/python - <<'PY'
import collections, glob, json, os
for persona_dir in sorted(glob.glob("target/schemathesis/report/*")):
    counts = collections.defaultdict(collections.Counter)
    for path in glob.glob(os.path.join(persona_dir, "*.ndjson")):
        for line in open(path, encoding="utf-8"):
            try:
                event = json.loads(line)
            except ValueError:
                continue
            # ScenarioFinished events carry the operation and the requests sent to it.
            recorder = (event.get("ScenarioFinished") or {}).get("recorder") or {}
            label = recorder.get("label") or "?"
            for interaction in (recorder.get("interactions") or {}).values():
                response = interaction.get("response") or {}
                counts[label][str(response.get("status_code", "no answer"))] += 1
    print(f"-- {os.path.basename(persona_dir)}")
    for label in sorted(counts):
        total = sum(counts[label].values())
        statuses = ", ".join(f"{code}: {n}" for code, n in sorted(counts[label].items()))
        print(f"{label:60} {total:6} requests ({statuses})")
PY
exit $status
