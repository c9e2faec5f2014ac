#!/usr/bin/env bash
# Benchmark: the transcription of the demo's call recordings. Speaks each demo dialogue as the
# seed does (espeak-ng in two voices, encoded by lame), transcribes it with each of the server's
# local recognisers (Debian's pocketsphinx with pocketsphinx-en-us; PocketSphinx 5 from PyPI, without
# and with a vocabulary: crates/server/src/jobs/transcription.rs), and prints each one's word error rate
# against the dialogue's text (domain speech::word_error_rate), the rate over all of them, the
# seconds of audio heard per second of processing, and the vocabulary's words heard though not said.
#   bash scripts/bench-transcription.sh
# A benchmark, not a test: scripts/test.sh does not run it.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
for tool in espeak-ng lame sox pocketsphinx_continuous; do
  command -v "$tool" >/dev/null || { echo "$tool is missing: run bash scripts/setup.sh" >&2; exit 1; }
done
[ -x target/speech/bin/python ] || { echo "PocketSphinx 5 is missing: run bash scripts/setup.sh" >&2; exit 1; }
# The work is in the recogniser's own process: a debug build of the example measures the same.
cargo run --quiet -p server --example bench_transcription
