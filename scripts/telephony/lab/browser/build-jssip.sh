#!/usr/bin/env bash
# Builds the browser bundle of JsSIP for the lab page: npm's jssip into a scratch folder (not the
# project's package.json), bundled and minified as an IIFE (window.JsSIP) with the rolldown that
# the frontend's vite already brings. Prints the bundle's path.
#   WEBRTC_LAB=/tmp/webrtc-lab (scratch), JSSIP_VERSION=3.13.8
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
# The frontend's node_modules (a worktree without its own: NODE_MODULES=/work/main/frontend/node_modules).
MODULES="${NODE_MODULES:-$(cd "$HERE/../../../../frontend" && pwd)/node_modules}"
LAB="${WEBRTC_LAB:-/tmp/webrtc-lab}"
mkdir -p "$LAB"
cd "$LAB"
[ -f package.json ] || echo '{"name":"webrtc-lab","private":true}' >package.json
[ -f node_modules/jssip/package.json ] || npm install --no-save --no-audit --no-fund "jssip@${JSSIP_VERSION:-3.13.8}" >&2
printf "import JsSIP from 'jssip';\nwindow.JsSIP = JsSIP;\n" >entry-jssip.mjs
node "$MODULES/rolldown/bin/cli.mjs" entry-jssip.mjs --file "$LAB/jssip.min.js" \
  --format iife --minify --platform browser >&2
echo "jssip $(node -p "require('./node_modules/jssip/package.json').version"): $(stat -c %s jssip.min.js) bytes, $(gzip -9c jssip.min.js | wc -c) gzipped" >&2
echo "$LAB/jssip.min.js"
