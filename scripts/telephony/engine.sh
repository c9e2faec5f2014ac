#!/usr/bin/env bash
# Starts or stops Asterisk 22 from the telephony root (scripts/telephony/root.sh), configured
# from scripts/telephony/asterisk/: one line of dialplan into the server's ARI application over
# a persistent outbound websocket. Runs as root (chroot, mount). Loopback only.
#
#   engine.sh start   prints the Asterisk version; waits until it is fully booted
#   engine.sh stop
#   engine.sh cli 'pjsip show endpoints'
#
# Settings (environment): TELEPHONY_SECRET (required to start), SERVER_WS (the server's
# /telephony/ari, default ws://127.0.0.1:8080/telephony/ari), SIP_PORT (15060), ARI_HTTP_PORT
# (18088), CARRIER_OUT (where destinations are dialled, 127.0.0.1:15070), CARRIER_MATCH (the
# addresses calls in come from, the carrier's; 127.0.0.2, the test lab's callers), LAB_PHONES=1 adds the
# test lab's phones (447700900101-5 on ports 15071-5), ENGINE_NAME (this engine's name, unique
# among the engines of one server: it prefixes every call's id; default the host's name and SIP
# port).
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$(bash "$HERE/root.sh")"

cli() { chroot "$ROOT" /usr/sbin/asterisk -rx "$1"; }

running() { pgrep -f "^/usr/sbin/asterisk -f" >/dev/null; }

stop() {
  if [ -S "$ROOT/var/run/asterisk/asterisk.ctl" ]; then
    cli 'core stop now' >/dev/null 2>&1 || true
    for _ in $(seq 50); do running || break; sleep 0.1; done
  fi
  # Gone before anything starts again: a second Asterisk refuses to start beside the first.
  if running; then pkill -f "^/usr/sbin/asterisk -f" || true; fi
  for _ in $(seq 50); do running || break; sleep 0.1; done
  if running; then pkill -9 -f "^/usr/sbin/asterisk -f" || true; sleep 0.2; fi
  rm -f "$ROOT/var/run/asterisk/asterisk.ctl"
  if mountpoint -q "$ROOT/proc"; then umount "$ROOT/proc" || umount -l "$ROOT/proc"; fi
}

start() {
  : "${TELEPHONY_SECRET:?TELEPHONY_SECRET must be set}"
  stop
  local etc="$ROOT/etc/asterisk"
  local ws="${SERVER_WS:-ws://127.0.0.1:8080/telephony/ari}"
  # Where the dialplan asks whether the server is there: the same server over HTTP.
  local ready="${ws/#ws:/http:}"
  ready="${ready/#wss:/https:}"
  ready="${ready%/telephony/ari}/telephony/ready"
  for file in "$HERE"/asterisk/*.conf; do
    sed -e "s|@SECRET@|$TELEPHONY_SECRET|g" \
      -e "s|@SERVER_WS@|$ws|g" \
      -e "s|@READY_URL@|$ready|g" \
      -e "s|@SIP_PORT@|${SIP_PORT:-15060}|g" \
      -e "s|@ARI_HTTP_PORT@|${ARI_HTTP_PORT:-18088}|g" \
      -e "s|@CARRIER_OUT@|${CARRIER_OUT:-127.0.0.1:15070}|g" \
      -e "s|@CARRIER_MATCH@|${CARRIER_MATCH:-127.0.0.2}|g" \
      -e "s|@FALLBACK@|${FALLBACK_SOUND:-ss-noservice}|g" \
      "$file" >"$etc/$(basename "$file")"
  done
  # Calls' ids are the engine's start second and a counter: two engines started in the same
  # second would give the same ids, and the server takes a repeated id for the same call. The
  # engine's name before them keeps them apart.
  local name="${ENGINE_NAME:-${HOSTNAME%%.*}-${SIP_PORT:-15060}}"
  name="$(printf '%s' "$name" | tr -cd 'A-Za-z0-9-' | cut -c1-32)"
  sed -i -e '/^systemname *=/d' -e "s|^\[options\]\$|[options]\nsystemname = ${name:-engine}|" "$etc/asterisk.conf"
  if [ "${LAB_PHONES:-0}" = 1 ]; then cat "$HERE/asterisk/phones.conf.lab" >>"$etc/pjsip.conf"; fi
  chmod 640 "$etc"/*.conf
  chroot "$ROOT" chown -R asterisk:asterisk /etc/asterisk
  # The package lacks the recordings' folder: ARI recording answers 500 without it.
  mkdir -p "$ROOT/var/spool/asterisk/recording"
  # The detail records of calls the server missed, served over the engine's HTTP (static).
  mkdir -p "$ROOT/usr/share/asterisk/static-http"
  ln -sfn /var/log/asterisk/cdr-csv/unreached.csv "$ROOT/usr/share/asterisk/static-http/unreached.csv"
  chroot "$ROOT" chown -R asterisk:asterisk /var/spool/asterisk /var/log/asterisk /var/lib/asterisk /var/run/asterisk 2>/dev/null || true
  mountpoint -q "$ROOT/proc" || mount -t proc proc "$ROOT/proc"
  # Nothing of this script's output stays open in Asterisk (a caller waiting for it would wait).
  (cd / && exec setsid chroot "$ROOT" /usr/sbin/asterisk -f -n -U asterisk -G asterisk) \
    >"$ROOT/var/log/asterisk/console.log" 2>&1 </dev/null &
  for _ in $(seq 100); do
    if cli 'core waitfullybooted' >/dev/null 2>&1; then
      echo "telephony engine: $(cli 'core show version' | head -1)" >&2
      return 0
    fi
    sleep 0.1
  done
  echo "Asterisk did not start; its console:" >&2
  tail -20 "$ROOT/var/log/asterisk/console.log" >&2
  return 1
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  cli) cli "${2:?a CLI command}" ;;
  root) echo "$ROOT" ;;
  *) echo "usage: $0 start|stop|cli COMMAND|root" >&2; exit 2 ;;
esac
