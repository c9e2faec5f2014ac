#!/usr/bin/env bash
# Builds (once) and prints the Debian testing root that Asterisk 22 and SIPp run from.
# Asterisk 22 is only in Debian testing/unstable and needs a newer libc than this machine's
# Debian 12, so it lives in a debootstrap root. The root is kept outside the checkout, named by
# what it holds, so fresh clones (CI's) reuse it; nothing comes from anywhere but the Debian
# mirror apt already uses. Prints the root's path on stdout, progress on stderr.
set -euo pipefail

PACKAGES="asterisk asterisk-moh-opsound-gsm sip-tester"
CACHE="${TELEPHONY_CACHE:-/var/cache/calltrack}"
ROOT="$CACHE/telephony-forky-$(echo "$PACKAGES v1" | sha256sum | cut -c1-12)"

say() { printf '%s\n' "$*" >&2; }

if [ -x "$ROOT/usr/sbin/asterisk" ] && [ -f "$ROOT/.complete" ]; then
  echo "$ROOT"
  exit 0
fi

if ! command -v debootstrap >/dev/null; then
  say "== debootstrap (Debian) to build the telephony root"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq debootstrap >/dev/null
fi

# The mirror apt already uses (deb822 or one-line sources).
MIRROR="$(cat /etc/apt/sources.list /etc/apt/sources.list.d/* 2>/dev/null \
  | grep -E '^(URIs:|deb )' | grep -oE 'https?://[^ ]+' | grep -v security | head -1 || true)"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"

say "== telephony root: debootstrap Debian testing into $ROOT (about 100 s once)"
rm -rf "$ROOT.partial"
mkdir -p "$CACHE"
# Bookworm's debootstrap has no script named for testing's codename; the sid one works.
nice -n 10 debootstrap --variant=minbase testing "$ROOT.partial" "$MIRROR" \
  /usr/share/debootstrap/scripts/sid >&2
# Packages may not start services inside the root.
printf '#!/bin/sh\nexit 101\n' >"$ROOT.partial/usr/sbin/policy-rc.d"
chmod +x "$ROOT.partial/usr/sbin/policy-rc.d"
chroot "$ROOT.partial" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
  --no-install-recommends $PACKAGES >&2
chroot "$ROOT.partial" apt-get clean
touch "$ROOT.partial/.complete"
mv "$ROOT.partial" "$ROOT"
say "== telephony root ready: $(chroot "$ROOT" dpkg-query -W -f '${Package} ${Version}\n' asterisk sip-tester | tr '\n' ' ')"
echo "$ROOT"
