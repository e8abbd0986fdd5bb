#!/usr/bin/env bash
# `npm run bench`: the production build, then every benchmark in turn (each
# starts and stops its own server or scratch database; see
# docs/benchmarks.md). Runs them all even when one is above its target; the
# exit code is non-zero when any was. About 8-10 minutes on 2 CPUs (the
# search benchmark's million rows take most of it).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

declare -a NAMES=() RESULTS=()
FAILED=0
run() {
  local name="$1"
  shift
  echo
  echo "==> ${name}"
  local start=$SECONDS
  if "$@"; then RESULTS+=("ok ($((SECONDS - start)) s)"); else RESULTS+=("FAILED ($((SECONDS - start)) s)"); FAILED=1; fi
  NAMES+=("$name")
}

run "build" npm run build
run "bench:budget" npm run bench:budget
run "bench:lighthouse" npm run bench:lighthouse
run "bench:throughput" npm run bench:throughput
run "bench:search" npm run bench:search
run "bench:insights" npm run bench:insights
run "bench:import" npm run bench:import
run "bench:export" npm run bench:export
run "bench:wire" npm run bench:wire

echo
echo "==> Summary"
for i in "${!NAMES[@]}"; do
  printf '  %-18s %s\n' "${NAMES[$i]}" "${RESULTS[$i]}"
done
exit "$FAILED"
