#!/usr/bin/env bash
# The parse goal as the issue states it: ONE `planet parse --json FILE...` process over every XML
# file of the corpus (JSON Lines to /dev/null) beside ONE `xmllint --noout FILE...` process over
# the same files, in MB/s, and their ratio. Runs alternate (xmllint, planet, [planet B], xmllint,
# ...) so that the load of a shared machine falls on all sides alike; each run's wall time, CPU
# time (user + sys) and peak RSS come from wait4(2). Not a test: numbers depend on the machine.
#
# Usage: Benchmarks/parse-cli.sh [CORPUS_DIR] [RUNS]
#   CORPUS_DIR  default /work/shared/corpus/real (else ../shared/corpus/real, else the test copy)
#   RUNS        alternating rounds (default 15)
# Environment:
#   PLANET      the binary to measure (default: build `make release`'s binary into .build)
#   PLANET_B    a second binary measured in the same rounds (e.g. the previous commit's), optional
# Prints medians and bests; the ratio is xmllint's median wall / planet's median wall (= planet's
# MB/s / xmllint's MB/s), and the same for CPU time. The load average is printed before and after.
set -euo pipefail
cd "$(dirname "$0")/.."
DEFAULT_CORPUS=Tests/FeedParserTests/Fixtures/corpus
[ -d ../shared/corpus/real ] && DEFAULT_CORPUS=../shared/corpus/real
[ -d /work/shared/corpus/real ] && DEFAULT_CORPUS=/work/shared/corpus/real
CORPUS=${1:-$DEFAULT_CORPUS}
RUNS=${2:-15}
command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install libxml2-utils" >&2; exit 2; }
if [ -z "${PLANET:-}" ]; then
  swift build -c release --static-swift-stdlib --product planet >/dev/null
  PLANET=.build/release/planet
fi

mapfile -t FILES < <(find "$CORPUS" -maxdepth 1 -name '*.xml' | sort)
BYTES=$(cat "${FILES[@]}" | wc -c)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# One run of COMMAND... FILES: appends "wall cpu rss_kb" to the file named by $1 (wall clock,
# user + sys CPU and peak RSS from wait4(2), microsecond resolution).
run_once() {
  local out=$1
  shift
  python3 - "$@" "${FILES[@]}" >> "$out" <<'PY'
import os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
_, _, usage = os.wait4(child.pid, 0)
wall = time.perf_counter() - start
print(f"{wall:.4f} {usage.ru_utime + usage.ru_stime:.4f} {usage.ru_maxrss}")
PY
}

echo "corpus: ${#FILES[@]} XML files, $(awk "BEGIN { printf \"%.2f\", $BYTES / 1e6 }") MB ($CORPUS); $RUNS alternating rounds"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$PLANET" parse --json "${FILES[@]}" >/dev/null 2>&1 || true  # warm the page cache
for _ in $(seq 1 "$RUNS"); do
  run_once "$WORK/xmllint" xmllint --noout
  run_once "$WORK/planet" "$PLANET" parse --json
  [ -n "${PLANET_B:-}" ] && run_once "$WORK/planet_b" "$PLANET_B" parse --json
done
echo "load average after:  $(cut -d' ' -f1-3 /proc/loadavg)"

# median and best of column $2 of file $1
stat() { sort -n -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { m = (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2; printf "%.4f %.4f", m, v[1] }'; }
summary() {
  local name=$1 file=$2 wall cpu rss
  read -r wall_med wall_best <<< "$(stat "$file" 1)"
  read -r cpu_med cpu_best <<< "$(stat "$file" 2)"
  rss=$(sort -n -k3 "$file" | tail -1 | awk '{ print $3 }')
  printf '%-10s wall median %6.4f s (best %6.4f)  %7.2f MB/s   CPU median %6.4f s (best %6.4f)   peak RSS %6.1f MB\n' \
    "$name" "$wall_med" "$wall_best" "$(awk "BEGIN { print $BYTES / 1e6 / $wall_med }")" "$cpu_med" "$cpu_best" "$(awk "BEGIN { print $rss / 1024 }")"
}
summary xmllint "$WORK/xmllint"
summary planet "$WORK/planet"
[ -n "${PLANET_B:-}" ] && summary planet_b "$WORK/planet_b"
ratio() {
  printf 'ratio %-8s / xmllint: wall %.3f   CPU %.3f   (aim: wall >= 0.5)\n' "$1" \
    "$(awk "BEGIN { print $(stat "$WORK/xmllint" 1 | cut -d' ' -f1) / $(stat "$2" 1 | cut -d' ' -f1) }")" \
    "$(awk "BEGIN { print $(stat "$WORK/xmllint" 2 | cut -d' ' -f1) / $(stat "$2" 2 | cut -d' ' -f1) }")"
}
ratio planet "$WORK/planet"
[ -n "${PLANET_B:-}" ] && ratio planet_b "$WORK/planet_b"
exit 0
