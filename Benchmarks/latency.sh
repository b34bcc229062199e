#!/usr/bin/env bash
# planet against a slow web on loopback (issue 30's latency model, Benchmarks/latency_server.py):
# 1,000 feeds on 711 hosts waiting 50-500 ms before every answer, 1% stalling 20 s, 1% answering
# 503, 1% dropping the connection. Not a test: prints figures, and writes them to
# Benchmarks/results/<date>-latency.md.
#
# For each setting (default: planet's defaults; EXTRA="--jobs 8" for another), a cold build (empty
# cache) and ROUNDS warm ones (every feed answers 304; medians), each group against a fresh server
# that counts the connections open at once per host; then ROUNDS warm builds against the same
# model with no delay (the fast upstream; its stalls stay), for the CPU comparison. Beside each wall time, the bound it is
# measured against: max(slowest feed, busiest host's total ÷ its connection cap, sum ÷ lanes).
# For the cold build also when it asked each stalled feed, and what a first build (no feed's time
# known, so a stalled feed is on average behind half of its host's others) can expect at best.
#
# Usage: Benchmarks/latency.sh            Environment: PLANET (binary; default: make release's),
#   JOBS / PER_HOST (the lanes and per-host cap the bound assumes; default planet's defaults),
#   EXTRA (more build options), ROUNDS (warm builds per upstream, default 3), KEEP=1 (keep the
#   temp folder).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
[ -x /usr/bin/time ] || { apt-get install -y -qq time >/dev/null; }
if [ -z "${PLANET:-}" ]; then
  swift build -c release --static-swift-stdlib --product planet >&2
  PLANET=.build/release/planet
fi
PLANET=$(cd "$(dirname "$PLANET")" && pwd)/$(basename "$PLANET")
DEFAULT_JOBS=$("$PLANET" build --help | sed -n 's/.*--jobs N.*default: \([0-9]*\).*/\1/p' | head -1)
DEFAULT_PER_HOST=$("$PLANET" build --help | sed -n 's/.*--per-host N.*default: \([0-9]*\).*/\1/p' | head -1)
JOBS=${JOBS:-${DEFAULT_JOBS:-8}}
PER_HOST=${PER_HOST:-${DEFAULT_PER_HOST:-1000}}
EXTRA=${EXTRA:-}
WORK=$(mktemp -d /tmp/planet-latency.XXXXXX)
SERVER_PID=""
cleanup() {
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null || true
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

start_server() {  # $1: delay scale
  rm -f "$WORK/stats.json"
  python3 "$REPO/Benchmarks/latency_server.py" "$WORK" --port "$PORT" --delay-scale "$1" > "$WORK/server.out" &
  SERVER_PID=$!
  for _ in $(seq 100); do grep -q ready "$WORK/server.out" 2>/dev/null && return; sleep 0.1; done
  echo "latency.sh: the server did not start" >&2; exit 1
}
stop_server() {
  kill -TERM "$SERVER_PID"; wait "$SERVER_PID" || true; SERVER_PID=""
}
run_build() {  # $1: label; appends "wall cpu" to $WORK/times-$1
  local out="$WORK/time-$1"
  (cd "$WORK" && /usr/bin/time -f "%e %U %S" -o "$out" "$PLANET" build --quiet --config feeds.txt \
     --output site --cache cache.sqlite $EXTRA >/dev/null 2>"$WORK/build-$1.err") || true
  awk '{print $(NF-2), $(NF-1) + $NF}' "$out" | tail -1 >> "$WORK/times-$1"
}
summary() {  # $1: label; stops the server; prints "label wall cpu most_open_per_host requests" (medians)
  stop_server
  python3 - "$1" "$WORK/times-$1" "$WORK/stats.json" <<'EOF2'
import json, statistics, sys
label, times, stats = sys.argv[1:4]
rows = [list(map(float, l.split())) for l in open(times) if l.strip()]
s = json.load(open(stats))
print("%s %.2f %.2f %d %d" % (label, statistics.median(r[0] for r in rows), statistics.median(r[1] for r in rows),
                              max(h["most_open"] for h in s["hosts"]), s["requests"]))
EOF2
}
ROUNDS=${ROUNDS:-3}
start_server 1; cp "$WORK/model.json" "$WORK/model-slow.json"; run_build cold; cold=$(summary cold)
cp "$WORK/stats.json" "$WORK/stats-cold.json"
start_server 1; for _ in $(seq "$ROUNDS"); do run_build warm; done; warm=$(summary warm)
start_server 0; for _ in $(seq "$ROUNDS"); do run_build fast-warm; done; fast=$(summary fast-warm)

python3 - "$WORK/model-slow.json" "$JOBS" "$PER_HOST" "$cold" "$warm" "$fast" "$EXTRA" "$(git rev-parse --short HEAD)" \
  "$WORK/stats-cold.json" > "$WORK/report.md" <<'EOF'
import json, sys
model = json.load(open(sys.argv[1]))
jobs, per_host = int(sys.argv[2]), int(sys.argv[3])
rows = [r.split() for r in sys.argv[4:7]]
extra, commit = sys.argv[7], sys.argv[8]
cold_stats = json.load(open(sys.argv[9]))
delays = [h["delay"] for h in model["hosts"]]
times = [delays[f["host"]] + (model["stall_seconds"] if f["kind"] == "stall" else 0) for f in model["feeds"]]
per_host_total = {}
for f, t in zip(model["feeds"], times):
    per_host_total[f["host"]] = per_host_total.get(f["host"], 0) + t
slowest = max(times)
busiest = max(per_host_total.values()) / per_host
lanes = sum(times) / jobs
bound = max(slowest, busiest, lanes)
print("## Latency model (%d feeds, %d hosts), planet %s %s" % (len(times), len(delays), commit, extra))
print()
print("bound %.1f s = max(slowest feed %.1f s, busiest host %.1f s ÷ %d = %.1f s, sum %.1f s ÷ %d lanes = %.1f s)"
      % (bound, slowest, max(per_host_total.values()), per_host, busiest, sum(times), jobs, lanes))
print()
print("| build | wall s | × bound | CPU s | most connections to one host | requests |")
print("|---|---:|---:|---:|---:|---:|")
for label, wall, cpu, most, requests in rows:
    ratio = float(wall) / bound if not label.startswith("fast") else float("nan")
    print("| %s | %s | %s | %s | %s | %s |" % (label, wall, "%.2f" % ratio if ratio == ratio else "-", cpu, most, requests))
print()
print("warm CPU, slow ÷ fast upstream: %.2f" % (float(rows[1][2]) / max(0.001, float(rows[2][2]))))
# A first build knows no feed's time: a stalled feed among a host's n feeds is, on average, behind
# half of the others, which go per_host at a time. What that costs at least, and when this cold
# build asked its stalled feeds (the server's clock, from the first request).
sizes = {}
for f in model["feeds"]:
    sizes[f["host"]] = sizes.get(f["host"], 0) + 1
first_build = max(
    (sizes[f["host"]] - 1) / 2 * delays[f["host"]] / min(per_host, sizes[f["host"]]) + delays[f["host"]]
    + model["stall_seconds"] for f in model["feeds"] if f["kind"] == "stall")
starts = cold_stats.get("stall_starts", [])
if starts:
    print()
    print("cold: the stalled feeds were asked at %s s; the last ends no sooner than %.1f s"
          % (", ".join("%.1f" % s for s in starts), starts[-1] + model["stall_seconds"]))
print("a first build's expected bound (each stall behind half of its host's other feeds): %.1f s; cold ÷ it: %.2f"
      % (first_build, float(rows[0][1]) / first_build))
EOF
cat "$WORK/report.md"
mkdir -p Benchmarks/results
cp "$WORK/report.md" "Benchmarks/results/$(date +%Y-%m-%d-%H%M)-latency.md"
