#!/usr/bin/env bash
# The libcurl floor of a warm build (Benchmarks/PERF.md): N generated feeds served by nginx on
# 127.0.0.1 (as run.sh serves them), then curl-floor.c sends N conditional GETs, JOBS at a time,
# ROUNDS times, and prints each round's wall time. Not a test.
#
# Usage: Benchmarks/curl-floor.sh [N]   (default 1000; JOBS default 8, ROUNDS default 5)
set -euo pipefail
cd "$(dirname "$0")/.."
BENCH=$(pwd)/Benchmarks
N=${1:-1000}
JOBS=${JOBS:-8}
ROUNDS=${ROUNDS:-5}
WORK=$(mktemp -d /tmp/planet-floor.XXXXXX)
chmod 755 "$WORK"
NGINX_PID=""
# shellcheck source=nginx.sh
. "$BENCH/nginx.sh"
trap 'stop_nginx; rm -rf "$WORK"' EXIT
cc -O2 -o "$WORK/curl-floor" "$BENCH/curl-floor.c" $(pkg-config --cflags --libs libcurl)
mkdir -p "$WORK/www"
python3 "$BENCH/genfeeds.py" "$WORK/www/n$N" "$N" >/dev/null
start_nginx "$WORK/nginx" "$WORK/www"
(cd "$WORK/www/n$N" && ls feed-*.xml) | sed "s|^|http://127.0.0.1:$PORT/n$N/|" > "$WORK/urls"
echo "curl-floor: N=$N jobs=$JOBS load $(cut -d' ' -f1-3 /proc/loadavg) libcurl $(curl-config --version | cut -d' ' -f2)"
"$WORK/curl-floor" "$WORK/urls" "$JOBS" "$ROUNDS"
echo "curl-floor: load at end $(cut -d' ' -f1-3 /proc/loadavg)"
