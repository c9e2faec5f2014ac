#!/usr/bin/env bash
# Lab: Asterisk 22 from the project's telephony root with WebRTC (SIP over websocket, DTLS-SRTP)
# added, for the browser-phone prototype (issue 56, docs/webrtc.md). It reuses the project's
# engine configuration (scripts/telephony/asterisk/*.conf) and overlays the files in
# asterisk-webrtc/ (pjsip.conf: the project's udp transport and carrier plus a ws transport and
# WebRTC endpoints; extensions.conf: a test context; ari.conf: ARI over HTTP only, no outbound
# websocket, so no server is needed; sorcery.conf: pjsip endpoints/auths/aors also in memory for
# ARI push configuration; rtp.conf; logger.conf).
#
# The configuration goes to ROOT/etc/asterisk-webrtc (asterisk -C), so the project's
# ROOT/etc/asterisk is left as engine.sh wrote it. Runtime dirs are the same as engine.sh's, so
# `scripts/telephony/engine.sh stop` stops this engine too.
#
#   webrtc-engine.sh start | stop | cli 'pjsip show endpoints'
#
# Environment: TELEPHONY_SECRET (ARI password, required to start), SIP_PORT (15160),
# ARI_HTTP_PORT (18188: ARI and the SIP websocket at ws://127.0.0.1:PORT/ws), WEBRTC_PASSWORD
# (the static lab endpoint 'webrtc-lab', default 'lab-only'), CARRIER_MATCH (the address the
# carrier endpoint is identified by, 127.0.0.2: not the browsers' 127.0.0.1, see docs/webrtc.md),
# IDENTIFY_ORDER (pjsip endpoint_identifier_order, username,ip; the project's is ip,username).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
TEL="$(cd "$HERE/.." && pwd)"
ROOT="$(bash "$TEL/root.sh")"
ETC=/etc/asterisk-webrtc

cli() { chroot "$ROOT" /usr/sbin/asterisk -rx "$1"; }
running() { pgrep -f "^/usr/sbin/asterisk -f" >/dev/null; }

stop() { bash "$TEL/engine.sh" stop; }

start() {
  : "${TELEPHONY_SECRET:?TELEPHONY_SECRET must be set}"
  if running; then
    echo "an Asterisk is already running (engine.sh's or another lab's); stop it first:" >&2
    pgrep -af "^/usr/sbin/asterisk -f" >&2
    return 1
  fi
  stop
  local etc="$ROOT$ETC"
  rm -rf "$etc" && mkdir -p "$etc"
  # Debian's stock files first (indications.conf, features.conf, pjproject.conf…, as engine.sh
  # runs with them), then the project's, then the lab's.
  cp -a "$ROOT/etc/asterisk/." "$etc/"
  for file in "$TEL"/asterisk/*.conf "$HERE"/asterisk-webrtc/*.conf; do
    sed -e "s|@SECRET@|$TELEPHONY_SECRET|g" \
      -e "s|@SIP_PORT@|${SIP_PORT:-15160}|g" \
      -e "s|@ARI_HTTP_PORT@|${ARI_HTTP_PORT:-18188}|g" \
      -e "s|@CARRIER_OUT@|${CARRIER_OUT:-127.0.0.1:15170}|g" \
      -e "s|@FALLBACK@|ss-noservice|g" \
      -e "s|@WEBRTC_PASSWORD@|${WEBRTC_PASSWORD:-lab-only}|g" \
      -e "s|@CARRIER_MATCH@|${CARRIER_MATCH:-127.0.0.2}|g" \
      -e "s|@IDENTIFY_ORDER@|${IDENTIFY_ORDER:-username,ip}|g" \
      "$file" >"$etc/$(basename "$file")"
  done
  # No server in the lab: no outbound ARI websocket (the project's ari.conf is replaced).
  : >"$etc/websocket_client.conf"
  cat >"$etc/asterisk.conf" <<CONF
[directories]
astcachedir => /var/cache/asterisk
astetcdir => $ETC
astmoddir => /usr/lib/x86_64-linux-gnu/asterisk/modules
astvarlibdir => /var/lib/asterisk
astdbdir => /var/lib/asterisk
astkeydir => /var/lib/asterisk
astdatadir => /usr/share/asterisk
astagidir => /usr/share/asterisk/agi-bin
astspooldir => /var/spool/asterisk
astrundir => /var/run/asterisk
astlogdir => /var/log/asterisk
astsbindir => /usr/sbin
[options]
systemname = webrtc-lab
CONF
  chmod 640 "$etc"/*.conf
  chroot "$ROOT" chown -R asterisk:asterisk "$ETC"
  mkdir -p "$ROOT/var/spool/asterisk/recording"
  chroot "$ROOT" chown -R asterisk:asterisk /var/spool/asterisk /var/log/asterisk /var/lib/asterisk /var/run/asterisk 2>/dev/null || true
  mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
  (cd / && exec setsid chroot "$ROOT" /usr/sbin/asterisk -f -C "$ETC/asterisk.conf" -vvv -n -U asterisk -G asterisk) \
    >"$ROOT/var/log/asterisk/webrtc-console.log" 2>&1 </dev/null &
  for _ in $(seq 100); do
    if cli 'core waitfullybooted' >/dev/null 2>&1; then
      echo "webrtc lab engine: $(cli 'core show version' | head -1)" >&2
      return 0
    fi
    sleep 0.1
  done
  echo "Asterisk did not start; its console:" >&2
  tail -20 "$ROOT/var/log/asterisk/webrtc-console.log" >&2
  return 1
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  cli) cli "${2:?a CLI command}" ;;
  root) echo "$ROOT" ;;
  log) echo "$ROOT/var/log/asterisk/webrtc-console.log" ;;
  *) echo "usage: $0 start|stop|cli COMMAND|root|log" >&2; exit 2 ;;
esac
