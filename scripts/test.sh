#!/usr/bin/env bash
# The one test command (`npm test`; .ci/run calls it). Works on a fresh
# Debian machine with Node and npm after `npm ci`:
#   1. Chromium and a CJK font from apt when missing (tools/)
#   2. production build, with the typecheck beside it
#   3. page-weight budget (bench:budget), with the lint beside it; format
#   4. vitest: the unit, integration and infra projects
#   5. browser tests (Playwright)
# Every step runs even when an earlier one fails (except that the browser
# tests need the build and Chromium); the exit code is non-zero on any failure.
# The type checker, ESLint and the build are each one thread: on two cores
# two of them run side by side (their output is printed whole when they end).
# The summary gives each step's time and the whole run's.
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

record() {
  NAMES+=("$1")
  TIMES+=("$3s")
  if [ "$2" -eq 0 ]; then
    RESULTS+=("ok")
  else
    RESULTS+=("FAILED (exit $2)")
    FAILED=1
  fi
}

step() {
  local name="$1"
  shift
  echo
  echo "==> ${name}: $*"
  local start=$SECONDS
  "$@" 2>&1 | tee "$LOGS/$name.log"
  local code=${PIPESTATUS[0]}
  record "$name" "$code" "$((SECONDS - start))"
  return "$code"
}

# A step that runs while the next ones do (`finish NAME` waits for it).
declare -A BESIDE_PID=() BESIDE_START=()
begin() {
  local name="$1"
  shift
  echo
  echo "==> ${name} (beside the next steps): $*"
  BESIDE_START[$name]=$SECONDS
  (
    "$@" >"$LOGS/$name.log" 2>&1
    echo "$? $SECONDS" >"$LOGS/$name.end"
  ) &
  BESIDE_PID[$name]=$!
}

finish() {
  local name="$1"
  wait "${BESIDE_PID[$name]}"
  local code end
  read -r code end <"$LOGS/$name.end"
  echo
  echo "==> ${name} (ran beside the steps above):"
  cat "$LOGS/$name.log"
  record "$name" "$code" "$((end - BESIDE_START[$name]))"
  return "$code"
}

skip() {
  NAMES+=("$1")
  RESULTS+=("skipped ($2)")
  TIMES+=("-")
  FAILED=1
}

TOTAL_START=$SECONDS
CHROMIUM_OK=1
BUILD_OK=1
step "chromium" bash tools/ensure-chromium.sh || CHROMIUM_OK=0
# Chinese glyphs for the screenshot checks (tests/e2e/screenshots.spec.ts).
step "cjk-font" bash tools/ensure-cjk-font.sh || CHROMIUM_OK=0
begin "typecheck" npx tsc --noEmit -p .
step "build" npm run build || BUILD_OK=0
begin "lint" npm run lint
# Page weight for phones (docs/benchmarks.md): the built server on a scratch
# database, fails above the JavaScript, CSS and HTML budgets (about 30 s);
# BENCH_RECORD=0: a gate here, not a reference figure.
if [ "$BUILD_OK" -eq 1 ]; then
  step "budget" env BENCH_RECORD=0 npm run bench:budget
else
  skip "budget" "needs the build"
fi
finish "typecheck"
finish "lint"
step "format" npm run format:check
step "vitest" npx vitest run
if [ "$CHROMIUM_OK" -eq 1 ] && [ "$BUILD_OK" -eq 1 ]; then
  step "playwright" npx playwright test
else
  skip "playwright" "needs chromium, the CJK font and the build"
fi

echo
echo "==> Summary (load average now: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown))"
for i in "${!NAMES[@]}"; do
  printf '  %-12s %-28s %s\n' "${NAMES[$i]}" "${RESULTS[$i]}" "${TIMES[$i]}"
done
printf '  %-12s %-28s %s\n' "total" "" "$((SECONDS - TOTAL_START))s"
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
