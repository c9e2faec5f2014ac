#!/usr/bin/env bash
# The browser phone's flows (frontend/e2e/phone.spec.ts) against the real telephony engine: a
# test call walking a menu with the keypad, a call "as if it were" out of hours, an agent's call
# out reaching a SIPp phone with the verified caller id. Starts Asterisk 22 from the telephony root
# (scripts/telephony/root.sh), a SIPp phone answering every destination on the carrier's side
# (CARRIER_OUT, 127.0.0.1:15070; its SIP messages are kept for the caller-id check), and Chromium
# with a fake microphone speaking an espeak-ng sentence. Needs the built server
# (scripts/build-server.sh) and frontend (npm run build). Root is needed (chroot). Only one
# Asterisk runs at a time: not beside scripts/test-telephony.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
PORT="${E2E_PORT:-8481}"
root=$(bash scripts/telephony/root.sh)
export TELEPHONY_SECRET="phone-e2e-$(head -c 9 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export TELEPHONY_ARI_URL="http://127.0.0.1:18088/ari"
export PHONE_MICROPHONE_WAV=/tmp/calltrack-phone-caller.wav
export PHONE_SIPP_LOG="$root/tmp/phone-e2e-sipp.log"

espeak-ng -v en-gb -s 150 -w /tmp/calltrack-phone-said.wav "Hello, this is a test call from the browser." 2>/dev/null
sox /tmp/calltrack-phone-said.wav -r 48000 -b 16 -c 1 "$PHONE_MICROPHONE_WAV"

here="$PWD"
stop() {
  [ -n "${phone_pid:-}" ] && kill "$phone_pid" 2>/dev/null || true
  bash "$here/scripts/telephony/engine.sh" stop
}
trap stop EXIT
SERVER_WS="ws://127.0.0.1:$PORT/telephony/ari" bash scripts/telephony/engine.sh start
mkdir -p "$root/sipp"
cp scripts/telephony/sipp/phone_answers.xml "$root/sipp/"
rm -f "$PHONE_SIPP_LOG"
pkill -f "sipp -sf /sipp/phone_answers.xml" || true
# Every destination the engine dials reaches this phone: it answers, and keeps the messages.
(cd / && exec chroot "$root" sipp -sf /sipp/phone_answers.xml -i 127.0.0.1 -p 15070 -mi 127.0.0.1 -mp 16300 \
  -m 50 -nostdin -trace_msg -message_file /tmp/phone-e2e-sipp.log >/dev/null 2>&1) &
phone_pid=$!

cd frontend
E2E_PORT="$PORT" E2E_OUTPUT_DIR="test-results-phone" SERVER_BIN="${SERVER_BIN:-$PWD/../target/debug/server}" \
  npx playwright test --config playwright.phone.config.ts "$@"
