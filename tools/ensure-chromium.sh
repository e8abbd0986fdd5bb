#!/usr/bin/env bash
# Makes sure a Chromium that Playwright can drive exists (Debian's package).
# Playwright's own browser download does not work offline: never run
# `npx playwright install`. CHROMIUM_PATH overrides the browser location.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-install.sh"

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "[ensure-chromium] found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "[ensure-chromium] CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
  exit 1
fi

apt_install ensure-chromium "$CHROMIUM" chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "[ensure-chromium] apt-get finished but $CHROMIUM still does not exist" >&2
  exit 1
fi
echo "[ensure-chromium] installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
