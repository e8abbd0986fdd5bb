#!/usr/bin/env bash
# Makes sure Chromium can draw Chinese: Debian's Noto Sans CJK (the font
# app.css names), installed with apt only when fontconfig does not know it.
# Without it the screenshot checks (tests/e2e/screenshots.spec.ts) would
# compare empty boxes, and their baselines were taken with this font.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib/apt-install.sh"

FONT_FAMILY="Noto Sans CJK SC"
has_font() { command -v fc-list >/dev/null 2>&1 && fc-list ":family=${FONT_FAMILY}" family | grep -q .; }

if has_font; then
  echo "[ensure-cjk-font] found ${FONT_FAMILY}"
  exit 0
fi

apt_install ensure-cjk-font "the font ${FONT_FAMILY}" fonts-noto-cjk fontconfig

if ! has_font; then
  echo "[ensure-cjk-font] apt-get finished but fontconfig still does not list ${FONT_FAMILY}" >&2
  exit 1
fi
echo "[ensure-cjk-font] installed ${FONT_FAMILY}"
