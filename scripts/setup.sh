#!/usr/bin/env bash
# Installs what a new machine lacks to build, run and test the project. Each step is skipped
# when already done, so a second run takes seconds.
set -euo pipefail
cd "$(dirname "$0")/.."

WASM_BINDGEN_VERSION=0.2.130   # must equal the pin in crates/domain-wasm/Cargo.toml
export PATH="$HOME/.cargo/bin:$PATH"

step() { printf '\n== %s\n' "$*"; }

if ! rustup target list --installed | grep -q '^wasm32-unknown-unknown$'; then
  step "rust target wasm32-unknown-unknown"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(wasm-bindgen --version 2>/dev/null | awk '{print $2}')" != "$WASM_BINDGEN_VERSION" ]; then
  step "wasm-bindgen-cli $WASM_BINDGEN_VERSION"
  # No --locked: its lockfile wants a crate version the registry here lacks. --debug: no registry
  # ships these two prebuilt, and an unoptimised build takes half the compile time (measured:
  # wasm-pack 60 s of CPU against 130 s) while the wasm build takes as long with it (25 s).
  cargo install wasm-bindgen-cli --version "$WASM_BINDGEN_VERSION" --force --debug
fi

if ! command -v wasm-pack >/dev/null; then
  step "wasm-pack"
  cargo install wasm-pack --locked --debug
fi

if [ "${SKIP_BROWSER:-0}" != 1 ] && [ ! -x /usr/bin/chromium ]; then
  step "chromium (Debian) for the browser tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium >/dev/null
fi

# The text-to-speech engine the server runs for whisper previews (crates/server/src/providers/text_to_speech.rs).
if ! command -v espeak-ng >/dev/null || ! command -v lame >/dev/null; then
  step "espeak-ng and lame (Debian) for text to speech"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq espeak-ng lame >/dev/null
fi

# ffmpeg (Debian) decodes every uploaded audio file whole before it is kept
# (crates/server/src/files/audio_decode.rs): WAV, MP3, WMA, M4A and AAC.
if ! command -v ffmpeg >/dev/null; then
  step "ffmpeg (Debian) to decode uploaded audio"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq ffmpeg >/dev/null
fi

# The telephony stage (scripts/telephony/engine.sh) waits for Asterisk with pgrep and pkill;
# its Debian testing root is built by scripts/telephony/root.sh when the stage first runs.
if ! command -v pgrep >/dev/null || ! command -v pkill >/dev/null; then
  step "procps (Debian) for the telephony stage"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq procps >/dev/null
fi

# The offline speech recogniser that transcribes recorded calls (crates/server/src/jobs/transcription.rs):
# Debian's pocketsphinx with its US English model, and sox, which resamples the recordings to the
# model's 16 kHz (docs/speech-api.md says why this recogniser).
if ! command -v pocketsphinx_continuous >/dev/null || ! command -v sox >/dev/null ||
  [ ! -d /usr/share/pocketsphinx/model/en-us/en-us ]; then
  step "pocketsphinx, pocketsphinx-en-us and sox (Debian) for transcription"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq pocketsphinx pocketsphinx-en-us sox >/dev/null
fi

# PocketSphinx 5 (PyPI, with its own US English model), which hears recorded calls with the
# account's vocabulary (crates/server/speech/hear.py; the server's SPEECH_PYTHON), in a virtual
# environment of its own; the pin keeps transcripts and the benchmark comparable.
POCKETSPHINX_VERSION=5.1.1
if [ "$(target/speech/bin/python -c 'import importlib.metadata as m; print(m.version("pocketsphinx"))' 2>/dev/null)" != "$POCKETSPHINX_VERSION" ]; then
  step "pocketsphinx $POCKETSPHINX_VERSION (PyPI) for transcription with vocabularies"
  rm -rf target/speech
  python3 -m venv target/speech
  target/speech/bin/pip install -q "pocketsphinx==$POCKETSPHINX_VERSION"
fi

# The PostgreSQL tests (tests/api_pg, test-pg-schema.sh, test-scale-out.sh, test-crash.sh):
# sqlite3 (the CLI), PostgreSQL (Debian's, with psql) and curl, which the scripts drive servers
# with; pdftotext (poppler-utils), which the invoice tests read the PDFs back with.
if [ "${SKIP_BROWSER:-0}" != 1 ] && { ! command -v sqlite3 >/dev/null || ! command -v curl >/dev/null ||
  ! command -v pdftotext >/dev/null || ! ls -d /usr/lib/postgresql/*/bin >/dev/null 2>&1; }; then
  step "sqlite3, postgresql, curl and poppler-utils (Debian) for the database and invoice tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq sqlite3 postgresql curl poppler-utils >/dev/null
fi

# The fixed clocks of scripts/test-clock.sh (libfaketime).
if [ "${SKIP_BROWSER:-0}" != 1 ] && ! command -v faketime >/dev/null; then
  step "faketime (Debian) for the clock tests"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq faketime >/dev/null
fi

# Schemathesis (PyPI) for the contract tests (scripts/test-contract.sh), in a virtual
# environment of its own; the pin keeps runs comparable.
SCHEMATHESIS_VERSION=4.32.5
if [ "$(target/schemathesis/bin/schemathesis --version 2>/dev/null | awk '{print $3}')" != "$SCHEMATHESIS_VERSION" ]; then
  step "schemathesis $SCHEMATHESIS_VERSION"
  rm -rf target/schemathesis
  python3 -m venv target/schemathesis
  target/schemathesis/bin/pip install -q "schemathesis==$SCHEMATHESIS_VERSION"
fi
# Python 3.11's ast.parse is not safe across threads (scripts/ast_parse_lock.py): a lock around it,
# loaded at the environment's start-up by a .pth file.
SITE=$(target/schemathesis/bin/python -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
cmp -s scripts/ast_parse_lock.py "$SITE/ast_parse_lock.py" || cp scripts/ast_parse_lock.py "$SITE/ast_parse_lock.py"
echo "import ast_parse_lock" >"$SITE/ast_parse_lock.pth"

if [ ! -d frontend/node_modules ] || [ frontend/package-lock.json -nt frontend/node_modules/.package-lock.json ]; then
  step "frontend dependencies"
  (cd frontend && npm ci --no-audit --no-fund)
fi
