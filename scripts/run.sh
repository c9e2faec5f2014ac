#!/usr/bin/env bash
# Runs the admin area with demo data on http://127.0.0.1:8080/manage/ (settings: README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
SKIP_BROWSER=1 bash scripts/setup.sh
bash scripts/build-wasm.sh
(cd frontend && npm run --silent build)
# The demo shows the mail the server sends (password reset links) on /outbox.
export DEV_OUTBOX="${DEV_OUTBOX:-1}"
exec cargo run --release -p server
