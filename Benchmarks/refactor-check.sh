#!/usr/bin/env bash
# Checks that a refactor changed nothing a user sees and cost no work: two planet binaries build
# the same N generated feeds (default 1,000) from one private nginx on 127.0.0.1, each a cold
# build then a warm one at fixed build times (`--now`), under valgrind's callgrind (instruction
# counts: repeatable on a shared machine, unlike wall time). Prints each build's instructions, B's
# ratio to A's, and whether the two sites are byte for byte the same (`diff -r`). Not a test.
#
# Usage: Benchmarks/refactor-check.sh PLANET_A PLANET_B [N]
#   (release binaries: `swift build -c release --static-swift-stdlib --product planet` in a
#   worktree of each commit). Needs valgrind, nginx and cc (installed when missing).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BENCH="$REPO/Benchmarks"
A=$(realpath "$1")
B=$(realpath "$2")
N=${3:-1000}

# shellcheck source=nginx.sh
. "$BENCH/nginx.sh"
install_missing nginx=nginx valgrind=valgrind cc=gcc

WORK=$(mktemp -d /tmp/planet-refactor.XXXXXX)
chmod 755 "$WORK"
NGINX_PID=""
trap 'stop_nginx; rm -rf "$WORK"' EXIT
trap 'exit 130' INT TERM
serve_generated_feeds "$WORK" "$N"
# valgrind 3.19 crashes on libdispatch's read-only sigsuspend mask: see sigsuspend-shim.c.
cc -O2 -shared -fPIC -o "$WORK/sigsuspend-shim.so" "$BENCH/sigsuspend-shim.c"

# instructions NAME BINARY NOW: one build of feeds.txt into $WORK/NAME under callgrind at NOW,
# with NAME's own cache; prints the instructions executed.
instructions() {
  local name=$1 binary=$2 now=$3
  # A generous --timeout: under callgrind everything runs some 50 times slower, on one thread.
  LD_PRELOAD="$WORK/sigsuspend-shim.so" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$binary" build --quiet --config "$WORK/feeds.txt" --output "$WORK/$name/out" --templates "$REPO/templates" \
    --cache "$WORK/$name/cache.sqlite" --now "$now" --timeout 900 2> "$WORK/$name.log" >/dev/null
  grep -o 'Collected : [0-9]*' "$WORK/$name.log" | tail -1 | grep -o '[0-9]*$'
}

printf '| build | A instructions | B instructions | B / A |\n|---|---:|---:|---:|\n'
same=yes
for build in cold:2026-12-02T08:00:00Z warm:2026-12-02T09:00:00Z; do
  kind=${build%%:*}
  now=${build#*:}
  a=$(instructions a "$A" "$now")
  b=$(instructions b "$B" "$now")
  ratio=$(python3 -c "print(f'{$b / $a:.4f}')")
  printf '| %s | %s | %s | %s |\n' "$kind" "$a" "$b" "$ratio"
  diff -r "$WORK/a/out" "$WORK/b/out" > "$WORK/$kind.diff" || { same=no; head -20 "$WORK/$kind.diff"; }
done
echo "sites byte for byte the same after each build: $same"
