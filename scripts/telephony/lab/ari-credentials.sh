#!/usr/bin/env bash
# Lab (docs/webrtc.md): short-lived browser credentials pushed into Asterisk over ARI
# (PUT/DELETE /ari/asterisk/config/dynamic/res_pjsip/...; sorcery.conf keeps these objects in
# memory). Creates an endpoint with a random id and password, makes a browser call with it
# (browser/webrtc-call.mjs), checks a wrong password is refused, deletes the objects and checks
# that the same credentials no longer register or call. Needs webrtc-engine.sh started.
#   TELEPHONY_SECRET (the ARI password the engine was started with), ARI_HTTP_PORT (18188),
#   ALLOW (the pushed endpoints' codecs, opus,alaw,ulaw)
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
: "${TELEPHONY_SECRET:?TELEPHONY_SECRET must be set}"
ARI="http://127.0.0.1:${ARI_HTTP_PORT:-18188}/ari/asterisk/config/dynamic/res_pjsip"
ID="web-$(openssl rand -hex 6)"
PW="$(openssl rand -base64 18 | tr -d '/+=')"
export NODE_PATH="${NODE_PATH:-/work/main/frontend/node_modules}"

BODY="$(mktemp)"   # ARI's answers (GET auth holds the password): removed on exit
trap 'rm -f "$BODY"' EXIT
ari() { # METHOD TYPE [JSON]: prints the status code; the body goes to $BODY
  curl -s -o "$BODY" -w '%{http_code}' -u "calltrack:$TELEPHONY_SECRET" -X "$1" \
    -H 'Content-Type: application/json' ${3:+--data "$3"} "$ARI/$2/$ID"
}
fields() { # attribute=value ... -> {"fields":[...]}
  python3 -c 'import json,sys; print(json.dumps({"fields":[{"attribute":a.split("=",1)[0],"value":a.split("=",1)[1]} for a in sys.argv[1:]]}))' "$@"
}
call() { # LABEL EXPECT REGISTER [PASSWORD]
  local t0=$(date +%s%N) out="/tmp/webrtc-lab/cred-$1.json"
  if EXPECT="$2" REGISTER="$3" WEBRTC_USER="$ID" WEBRTC_PASSWORD="${4:-$PW}" node "$HERE/browser/webrtc-call.mjs" >"$out"; then
    echo "  $1: expect=$2 register=$3 -> PASS ($(( ($(date +%s%N) - t0) / 1000000 )) ms) $(summary "$out")"
  else
    echo "  $1: expect=$2 register=$3 -> FAIL ($out)"; return 1
  fi
}
summary() {
  python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); r=d.get("registration") or {}; c=d.get("callOutcome") or {}
print("register:", r.get("e","-"), r.get("status",""), "| call:", c.get("e"), c.get("status",""), c.get("cause",""), "| key:", d.get("asterisk_key","-"), "| answer_ms:", d.get("answer_ms","-"))' "$1"
}
mkdir -p /tmp/webrtc-lab
echo "endpoint $ID (password not shown)"
ms() { echo $(( ($(date +%s%N) - $1) / 1000000 )); }
t0=$(date +%s%N); s=$(ari PUT auth "$(fields auth_type=userpass "username=$ID" "password=$PW")"); echo "PUT auth:     $s ($(ms $t0) ms)"
t0=$(date +%s%N); s=$(ari PUT aor "$(fields max_contacts=1 remove_existing=yes)"); echo "PUT aor:      $s ($(ms $t0) ms)"
t0=$(date +%s%N); s=$(ari PUT endpoint "$(fields context=from-webrtc webrtc=yes disallow=all "allow=${ALLOW:-opus,alaw,ulaw}" \
  dtmf_mode=rfc4733 "auth=$ID" "aors=$ID" media_address=127.0.0.1 bind_rtp_to_media_address=yes rtp_timeout=30)")
echo "PUT endpoint: $s ($(ms $t0) ms)"
bash "$HERE/webrtc-engine.sh" cli "pjsip show endpoint $ID" | grep -E '^ +(webrtc|media_encryption|ice_support|use_avpf|rtcp_mux|dtls_setup|dtls_verify|dtls_auto_generate_cert|media_use_received_transport|context) ' || true
call live call 1
call wrong-password register-fails 1 wrong-password
t0=$(date +%s%N)
# GET returns every field, the password included: the ARI user must be treated as a secret holder.
echo "GET auth: $(ari GET auth) (fields: $(python3 -c 'import json; print(",".join(sorted(f["attribute"] for f in json.load(open("'"$BODY"'")))))'))"
echo "DELETE endpoint: $(ari DELETE endpoint) auth: $(ari DELETE auth) aor: $(ari DELETE aor)  ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"
bash "$HERE/webrtc-engine.sh" cli "pjsip show endpoint $ID" | head -2
call deleted-register register-fails 1
call deleted-invite call-fails 0

# Phase 2: credentials deleted while a call is up. Deleting the objects does not end the call;
# the server must hang up the session's channels itself (ARI DELETE /channels/{id}).
ID="web-$(openssl rand -hex 6)"
PW="$(openssl rand -base64 18 | tr -d '/+=')"
echo "endpoint $ID: delete while a call is up"
ari PUT auth "$(fields auth_type=userpass "username=$ID" "password=$PW")" >/dev/null
ari PUT aor "$(fields max_contacts=1 remove_existing=yes)" >/dev/null
ari PUT endpoint "$(fields context=from-webrtc webrtc=yes disallow=all "allow=${ALLOW:-opus,alaw,ulaw}" \
  dtmf_mode=rfc4733 "auth=$ID" "aors=$ID" media_address=127.0.0.1 bind_rtp_to_media_address=yes rtp_timeout=30)" >/dev/null
HOLD_MS=12000 EXPECT=call WEBRTC_USER="$ID" WEBRTC_PASSWORD="$PW" node "$HERE/browser/webrtc-call.mjs" >/tmp/webrtc-lab/cred-delete-midcall.json &
driver=$!
chan=""
for _ in $(seq 150); do
  chan="$(bash "$HERE/webrtc-engine.sh" cli 'core show channels concise' | grep "^PJSIP/$ID-" | grep '!Echo!' || true)"
  [ -n "$chan" ] && break
  sleep 0.1
done
[ -n "$chan" ] || { echo "  no call in Echo"; wait $driver || true; exit 1; }
echo "  DELETE endpoint: $(ari DELETE endpoint) auth: $(ari DELETE auth) aor: $(ari DELETE aor)"
sleep 2
still="$(bash "$HERE/webrtc-engine.sh" cli 'core show channels concise' | grep -c "^PJSIP/$ID-" || true)"
echo "  2 s after the delete, channels of $ID still up: $still"
uid="${chan##*!}"
code=$(curl -s -o /dev/null -w '%{http_code}' -u "calltrack:$TELEPHONY_SECRET" -X DELETE "http://127.0.0.1:${ARI_HTTP_PORT:-18188}/ari/channels/$uid")
echo "  ARI DELETE /channels/$uid: $code"
wait $driver && echo "  browser: $(python3 -c 'import json; d=json.load(open("/tmp/webrtc-lab/cred-delete-midcall.json")); print("key", d.get("asterisk_key"), "|", d.get("ended_by"))')" \
  || echo "  browser driver failed: /tmp/webrtc-lab/cred-delete-midcall.json"
