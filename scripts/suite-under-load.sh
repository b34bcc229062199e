#!/usr/bin/env bash
# The whole test suite, RUNS times in a row (default 5), while a release `planet build` of N
# generated feeds (default 1,000, served by a private nginx on 127.0.0.1) loops beside it, cold and
# warm in turn: the proof that no test's deadline measures the machine instead of the code.
# Prints one line per suite run (passed/failed, wall time, failing tests) and the number of builds
# that ran meanwhile. Not run by CI (it takes ~10 minutes); see README, Development.
#
# Usage: scripts/suite-under-load.sh [RUNS] [N]
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
N=${2:-1000}
REPO=$(pwd)
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || {
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get install -y -qq nginx >/dev/null
}
. Benchmarks/nginx.sh
WORK=$(mktemp -d /tmp/planet-suite-load.XXXXXX)
chmod 755 "$WORK"  # nginx's workers run as another user
LOOP_PID=""
cleanup() {
  if [ -n "$LOOP_PID" ]; then
    pkill -P "$LOOP_PID" 2>/dev/null || true
    kill "$LOOP_PID" 2>/dev/null || true
    wait "$LOOP_PID" 2>/dev/null || true
  fi
  stop_nginx 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

swift build -c release --static-swift-stdlib --product planet >/dev/null
swift build --build-tests >/dev/null
PLANET=$REPO/.build/release/planet
start_nginx "$WORK/nginx" "$WORK/www"
python3 Benchmarks/genfeeds.py "$WORK/www/feeds" "$N" >/dev/null
{
  echo "title = Planet Load"
  echo "link = http://127.0.0.1:$PORT/"
  for f in $(cd "$WORK/www/feeds" && ls feed-*.xml); do echo "http://127.0.0.1:$PORT/feeds/$f Blog ${f%.xml}"; done
} > "$WORK/feeds.txt"

# The load: builds back to back, every other one from an empty cache.
(
  round=0
  while true; do
    [ $((round % 2)) = 0 ] && rm -rf "$WORK/cache.sqlite"*
    if "$PLANET" build --config "$WORK/feeds.txt" --output "$WORK/out" --cache "$WORK/cache.sqlite" \
      2>"$WORK/build.log" >/dev/null && grep -q "^planet: $N feeds ok, 0 failed" "$WORK/build.log"; then
      round=$((round + 1))
      echo "$round" > "$WORK/builds"
    else
      cat "$WORK/build.log" >&2  # a load that fails is no load: say so
      tail -1 "$WORK/build.log" >> "$WORK/bad-builds"
    fi
  done
) &
LOOP_PID=$!

failed=0
for run in $(seq "$RUNS"); do
  start=$(date +%s)
  if swift test --skip-build >"$WORK/suite-$run.log" 2>&1; then verdict=passed; else verdict=FAILED; failed=$((failed + 1)); fi
  summary=$(grep -a "Test run with" "$WORK/suite-$run.log" | tail -1 || true)
  echo "run $run: $verdict in $(( $(date +%s) - start )) s, load $(cut -d' ' -f1-3 /proc/loadavg), builds so far $(cat "$WORK/builds" 2>/dev/null || echo 0): $summary"
  if [ "$verdict" = FAILED ]; then
    # What failed, and the whole log kept (the temp folder goes on exit).
    grep -a "recorded an issue\|failed after" "$WORK/suite-$run.log" | grep -av "known issue" | cut -c1-400 | head -20 || true
    cp "$WORK/suite-$run.log" "${TMPDIR:-/tmp}/planet-suite-load-run-$run.log"
    echo "  log: ${TMPDIR:-/tmp}/planet-suite-load-run-$run.log"
  fi
done
bad=0; [ -f "$WORK/bad-builds" ] && bad=$(wc -l < "$WORK/bad-builds")
echo "$((RUNS - failed)) of $RUNS suite runs passed beside $(cat "$WORK/builds" 2>/dev/null || echo 0) whole builds of $N feeds ($bad builds that did not fetch every feed)"
[ "$failed" = 0 ] && [ "$bad" = 0 ]
