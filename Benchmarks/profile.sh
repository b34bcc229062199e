#!/usr/bin/env bash
# Instruction profile of one cold `planet build` of N generated feeds (default 1,000) served by a
# private nginx on 127.0.0.1, under valgrind's callgrind (counts instructions: repeatable, unlike
# wall time on a shared machine). Not a test; findings go to Benchmarks/PROFILE.md by hand.
#
# Usage: Benchmarks/profile.sh [N] [OUT_DIR]
#   OUT_DIR (default: a temp folder, printed) gets callgrind.out, inclusive.txt and self.txt:
#   callgrind_annotate's functions by inclusive and by self cost, Swift names demangled.
# Environment: SCRATCH, PLANET as for run.sh. Needs valgrind and cc (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BENCH="$REPO/Benchmarks"
N=${1:-1000}
OUT=${2:-$(mktemp -d /tmp/planet-profile.XXXXXX)}
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)

# shellcheck source=nginx.sh
. "$BENCH/nginx.sh"
install_missing nginx=nginx valgrind=valgrind cc=gcc
if [ -z "${PLANET:-}" ]; then
  swift build -c release --static-swift-stdlib --product planet ${SCRATCH:+--scratch-path "$SCRATCH"} >&2
  PLANET="${SCRATCH:-.build}/release/planet"
fi
DEMANGLE=$(command -v swift-demangle || echo "$(dirname "$(command -v swift)")/swift-demangle")

WORK=$(mktemp -d /tmp/planet-profile-work.XXXXXX)
chmod 755 "$WORK"
NGINX_PID=""
trap 'stop_nginx; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
serve_generated_feeds "$WORK" "$N"
cache_arg=()
"$PLANET" build --help 2>&1 | grep -q -- '--cache' && cache_arg=(--cache "$WORK/cache/cache.sqlite")

# valgrind 3.19 crashes on libdispatch's read-only sigsuspend mask: see sigsuspend-shim.c.
cc -O2 -shared -fPIC -o "$WORK/sigsuspend-shim.so" "$BENCH/sigsuspend-shim.c"

# A generous --timeout: under callgrind everything runs some 50 times slower, on one thread.
LD_PRELOAD="$WORK/sigsuspend-shim.so" valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind.out" \
  "$PLANET" build --config "$WORK/feeds.txt" --output "$WORK/out" --templates "$REPO/templates" \
  --timeout 900 "${cache_arg[@]}" 2> "$OUT/valgrind.log"
tail -1 "$OUT/valgrind.log" >&2
callgrind_annotate --inclusive=yes "$OUT/callgrind.out" 2>/dev/null | "$DEMANGLE" --simplified > "$OUT/inclusive.txt"
callgrind_annotate "$OUT/callgrind.out" 2>/dev/null | "$DEMANGLE" --simplified > "$OUT/self.txt"
echo "callgrind output and annotations in $OUT" >&2
