#!/usr/bin/env bash
# The one test command (`npm test`; .ci/run calls it). Works on a fresh
# Debian machine with Node and npm after `npm ci`:
#   1. Chromium and a CJK font from apt when missing   4. typecheck, lint and format
#   2. production build                 5. unit + integration tests (vitest)
#   3. page-weight budget (bench:budget) 6. browser tests (Playwright)
# Every step runs even when an earlier one fails (except that the browser
# tests need the build and Chromium); the exit code is non-zero on any failure.
set -uo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# The supported Node (.nvmrc) first on PATH for every step, installed from npm where missing.
. scripts/use-node.sh || exit 1

declare -a NAMES=() RESULTS=() TIMES=()
FAILED=0
# Each step's output is also kept, so that the summary at the end (all a CI
# log's tail may show) can name the tests that failed.
LOGS="$(mktemp -d)"
trap 'rm -rf "$LOGS"' EXIT

step() {
  local name="$1"
  shift
  echo
  echo "==> ${name}: $*"
  local start=$SECONDS
  "$@" 2>&1 | tee "$LOGS/$name.log"
  local code=${PIPESTATUS[0]}
  NAMES+=("$name")
  TIMES+=("$((SECONDS - start))s")
  if [ "$code" -eq 0 ]; then
    RESULTS+=("ok")
  else
    RESULTS+=("FAILED (exit ${code})")
    FAILED=1
  fi
  return "$code"
}

skip() {
  NAMES+=("$1")
  RESULTS+=("skipped ($2)")
  TIMES+=("-")
  FAILED=1
}

CHROMIUM_OK=1
BUILD_OK=1
step "chromium" bash scripts/ensure-chromium.sh || CHROMIUM_OK=0
# Chinese glyphs for the screenshot checks (tests/e2e/screenshots.spec.ts).
step "cjk-font" bash scripts/ensure-cjk-font.sh || CHROMIUM_OK=0
step "build" npm run build || BUILD_OK=0
# Page weight for phones (docs/benchmarks.md): the built server on a scratch
# database, fails above the JavaScript, CSS and HTML budgets (about 30 s).
if [ "$BUILD_OK" -eq 1 ]; then
  step "budget" npm run bench:budget
else
  skip "budget" "needs the build"
fi
step "typecheck" npx tsc --noEmit -p .
step "lint" npm run lint
step "format" npm run format:check
step "vitest" npx vitest run
if [ "$CHROMIUM_OK" -eq 1 ] && [ "$BUILD_OK" -eq 1 ]; then
  step "playwright" npx playwright test
else
  skip "playwright" "needs chromium, the CJK font and the build"
fi

echo
echo "==> Summary"
for i in "${!NAMES[@]}"; do
  printf '  %-12s %-28s %s\n' "${NAMES[$i]}" "${RESULTS[$i]}" "${TIMES[$i]}"
done
if [ "$FAILED" -ne 0 ]; then
  # The failing tests and checks, without colour codes: vitest's "FAIL" lines,
  # Playwright's "✘" lines, tsc's and eslint's error lines.
  for name in "${NAMES[@]}"; do
    [ -f "$LOGS/$name.log" ] || continue
    found="$(sed 's/\x1b\[[0-9;]*m//g' "$LOGS/$name.log" | grep -E '^ *FAIL |✘|error TS|^ +[0-9]+:[0-9]+ +error' | sort -u | head -40)"
    if [ -n "$found" ]; then
      echo "==> what failed in ${name}"
      echo "$found"
    fi
  done
  echo "==> FAILED"
  exit 1
fi
echo "==> all passed"
