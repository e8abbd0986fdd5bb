#!/usr/bin/env bash
# Makes sure a Chromium that Playwright can drive exists (Debian's package).
# Playwright's own browser download does not work offline: never run
# `npx playwright install`. CHROMIUM_PATH overrides the browser location.
set -euo pipefail

CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"

if [ -x "$CHROMIUM" ]; then
  echo "[ensure-chromium] found $CHROMIUM ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "[ensure-chromium] CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
  exit 1
fi

if ! command -v apt-get >/dev/null 2>&1; then
  echo "[ensure-chromium] $CHROMIUM is missing and apt-get is not available: install Chromium and set CHROMIUM_PATH" >&2
  exit 1
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO=(sudo)
  else
    echo "[ensure-chromium] not root and sudo is missing: cannot install chromium with apt-get" >&2
    exit 1
  fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "[ensure-chromium] $CHROMIUM is missing; running: ${SUDO[*]:+${SUDO[*]} }apt-get update"
"${SUDO[@]}" apt-get update
echo "[ensure-chromium] running: ${SUDO[*]:+${SUDO[*]} }apt-get install -y --no-install-recommends chromium"
"${SUDO[@]}" apt-get install -y --no-install-recommends chromium

if [ ! -x "$CHROMIUM" ]; then
  echo "[ensure-chromium] apt-get finished but $CHROMIUM still does not exist" >&2
  exit 1
fi
echo "[ensure-chromium] installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
