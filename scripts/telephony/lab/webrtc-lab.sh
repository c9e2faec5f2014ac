#!/usr/bin/env bash
# The whole WebRTC lab in one go (docs/webrtc.md): JsSIP bundle, engine with WebRTC, a browser
# call with the static lab phone, the ARI short-lived credentials sequence, then the engine is
# stopped. Root (chroot), loopback only, about a minute and a half. Refuses to run while another
# Asterisk runs. Output and per-run JSON in /tmp/webrtc-lab.
#   NODE_MODULES / NODE_PATH: the frontend's node_modules (playwright, rolldown)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
export NODE_MODULES="${NODE_MODULES:-$(cd "$HERE/../../.." && pwd)/frontend/node_modules}"
export NODE_PATH="${NODE_PATH:-$NODE_MODULES}"
export TELEPHONY_SECRET="${TELEPHONY_SECRET:-$(openssl rand -hex 12)}"
mkdir -p /tmp/webrtc-lab
bash "$HERE/browser/build-jssip.sh" >/dev/null
bash "$HERE/webrtc-engine.sh" start
trap 'bash "$HERE/webrtc-engine.sh" stop' EXIT
echo "== modules WebRTC needs"
for m in res_http_websocket res_pjsip_transport_websocket res_srtp res_rtp_asterisk codec_opus_open_source res_format_attr_opus res_sorcery_memory res_ari_asterisk; do
  bash "$HERE/webrtc-engine.sh" cli "module show like $m" | grep -E "^$m\.so" | awk '{print "  " $1, $(NF-1)}'
done
bash "$HERE/webrtc-engine.sh" cli 'http show status' | grep -E 'Bound|/ws' | sed 's/^/  /'
echo "== browser call (static endpoint webrtc-lab)"
node "$HERE/browser/webrtc-call.mjs" >/tmp/webrtc-lab/static.json
python3 - <<'PY'
import json
d = json.load(open('/tmp/webrtc-lab/static.json'))
ev = {e['e']: e['t'] for e in d['events']}
c = ev['call']
print(f"  registered in {d['registered_ms']} ms; INVITE after {ev.get('invite-sending', 0) - c} ms; "
      f"200 OK after {ev['accepted'] - c} ms; ICE+DTLS connected after {ev['pc-connected'] - c} ms; "
      f"first RTP after {ev['first-inbound-rtp'] - c} ms")
print(f"  Asterisk: {d['asterisk_answered']}")
print(f"  Asterisk read key {d['asterisk_key']!r} (RFC 4733; SIP INFO requests: {d['sip_info_requests']})")
print(f"  channelstats: {d['channelstats']}")
print(f"  caller audio recorded: {d['recording']}")
b = d['browserStats']
print(f"  browser: codec {b.get('codec')}, {b.get('srtpCipher')}, dtls {b.get('dtlsState')}, "
      f"packets in/out {b.get('packetsReceived')}/{b.get('packetsSent')}, audio energy {b.get('totalAudioEnergy'):.3f}")
PY
echo "== short-lived credentials over ARI"
bash "$HERE/ari-credentials.sh"
