#!/usr/bin/env bash
# planet beside the incumbent's pipeline (ref_planet.py: Python, feedparser + threads, what Planet
# Venus does), on N generated feeds served by nginx on 127.0.0.1 (Benchmarks/PERF.md). Not a test.
#
# Usage: Benchmarks/run.sh [N...]          (default: 100 1000 5000; 10000 is the optional large
#                                          size: ~15 min, most of it the Python pipeline's cold builds)
#
# For each N: genfeeds.py writes N feeds (25 entries each, RSS 2.0 / Atom mix), a private nginx
# serves them (ETag and Last-Modified on, access log off), and hyperfine times three builds, the two
# programs alternating round by round (one run of each per round, who goes first swapped each round):
#   cold     empty cache (hyperfine --prepare deletes both caches)
#   warm     cache primed, every feed answers 304
#   changed  cache primed, 10% of the feeds rewritten with a new entry (mutate.py) before each run
# Every run goes through /usr/bin/time -v: wall time (hyperfine, median), CPU time (user+sys,
# median) and peak RSS (max). After the warm builds, curl-floor.c sends the same N conditional GETs
# (FLOOR_ROUNDS rounds, default 10; JOBS at a time) to the same nginx, in one process (its rounds'
# wall time, no process start), and then as whole processes alternating with warm planet builds
# (FLOOR_ROUNDS rounds of one each): the floor a warm build is measured against is the latter. The size of planet's cache after the cold builds is reported per feed. Then `planet parse --json` beside `xmllint --noout` on the XML files
# of the real corpus, one process per file for both, in MB/s (also without process start cost).
# Prints a Markdown report and writes it to Benchmarks/results/<date>.md (<date>-<HHMM>.md when
# that exists).
#
# Environment: ROUNDS (rounds per scenario; default 5 for N <= 100, 3 up to 1000, 2 above),
#   SCRATCH (swift --scratch-path; default .build), PLANET (use this binary, skip the build),
#   CORPUS (folder of real feeds; default ../shared/corpus/real, else the test fixtures' corpus),
#   COMMIT (label for the report; default git's HEAD),
#   PYTHON (default python3), JOBS (both programs; default 8), KEEP=1 (keep the temp folder).
# Installs what is missing: nginx, hyperfine, time, libxml2-utils (apt-get), feedparser and chevron
# (pip). Stops its nginx and removes its temp folder on exit.
# The machine has 2 cores: anything else running (a compile) shows up in the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
BENCH="$REPO/Benchmarks"
PYTHON=${PYTHON:-python3}
JOBS=${JOBS:-8}
SIZES=("$@")
[ ${#SIZES[@]} -gt 0 ] || SIZES=(100 1000 5000)
log() { echo "run.sh: $*" >&2; }

# --- tools -----------------------------------------------------------------------------------
missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx)
command -v hyperfine >/dev/null || missing+=(hyperfine)
[ -x /usr/bin/time ] || missing+=(time)
command -v xmllint >/dev/null || missing+=(libxml2-utils)
if [ ${#missing[@]} -gt 0 ]; then
  log "installing ${missing[*]}"
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi
if ! "$PYTHON" -c 'import feedparser, chevron' 2>/dev/null; then
  log "installing feedparser chevron"
  if ! "$PYTHON" -m pip install -q feedparser chevron 2>/dev/null; then
    # Debian's own Python refuses pip (PEP 668, "externally-managed-environment"): use a venv.
    rm -rf "$REPO/.build/bench-venv"
    if ! "$PYTHON" -m venv "$REPO/.build/bench-venv" >/dev/null 2>&1; then
      SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
      $SUDO apt-get install -y -qq python3-venv >/dev/null
      "$PYTHON" -m venv "$REPO/.build/bench-venv"
    fi
    PYTHON="$REPO/.build/bench-venv/bin/python"
    "$PYTHON" -m pip install -q feedparser chevron
  fi
fi
if [ -z "${PLANET:-}" ]; then
  [ -x scripts/setup.sh ] && scripts/setup.sh >/dev/null
  log "swift build -c release --static-swift-stdlib --product planet (as make release)"
  swift build -c release --static-swift-stdlib --product planet ${SCRATCH:+--scratch-path "$SCRATCH"} >&2
  PLANET="${SCRATCH:-.build}/release/planet"
fi
PLANET=$(cd "$(dirname "$PLANET")" && pwd)/$(basename "$PLANET")

# A cache flag: `--cache PATH` when this planet has one; else its default place, .planet/ beside
# feeds.txt (each scenario has its own feeds.txt, so its own cache either way).
if "$PLANET" build --help 2>&1 | grep -q -- '--cache'; then CACHE_FLAG=1; else CACHE_FLAG=0; fi

# --- temp folder, nginx ----------------------------------------------------------------------
WORK=$(mktemp -d /tmp/planet-bench.XXXXXX)
chmod 755 "$WORK"   # nginx workers run as nobody when started by root
NGINX_PID=""
# shellcheck source=nginx.sh
. "$BENCH/nginx.sh"
cleanup() {
  stop_nginx
  if [ "${KEEP:-0}" = 1 ]; then log "kept $WORK"; else rm -rf "$WORK"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$WORK/www" "$WORK/results"
cc -O2 -o "$WORK/curl-floor" "$BENCH/curl-floor.c" $(pkg-config --cflags --libs libcurl)
start_nginx "$WORK/nginx" "$WORK/www"
log "nginx (pid $NGINX_PID) on 127.0.0.1:$PORT serving $WORK/www"

if [ -z "${COMMIT:-}" ]; then
  if COMMIT=$(git rev-parse --short HEAD 2>/dev/null); then
    git diff --quiet HEAD -- Sources templates || COMMIT="$COMMIT + uncommitted changes"
  else COMMIT="unknown (not a git checkout)"; fi
fi
cat > "$WORK/results/meta.env" <<EOF
date=$(date -u +%Y-%m-%dT%H:%M:%SZ)
commit=$COMMIT
planet=$PLANET
cache_flag=$CACHE_FLAG
cores=$(nproc)
load_start=$(cut -d' ' -f1-3 /proc/loadavg)
versions=$("$NGINX" -v 2>&1 | sed 's/.*version: //'), $(hyperfine --version), $("$PYTHON" --version 2>&1), feedparser $("$PYTHON" -c 'import feedparser; print(feedparser.__version__)'), $(xmllint --version 2>&1 | head -1 | sed 's/.*using //')
jobs=$JOBS
EOF

# --- builds ----------------------------------------------------------------------------------
# One round: hyperfine runs each command once (after PREPARE), the order swapped every round.
bench_scenario() {
  local n=$1 scenario=$2 rounds=$3 prepare=$4 dir="$WORK/n$n/$2"
  mkdir -p "$dir"
  cp "$WORK/n$n/feeds.txt" "$dir/feeds.txt"
  local cache_arg=""
  [ "$CACHE_FLAG" = 1 ] && cache_arg="--cache $dir/planet-cache/cache.sqlite"
  local planet_cmd="/usr/bin/time -v -a -o $dir/planet.time $PLANET build --config $dir/feeds.txt \
--output $dir/planet-out --templates $REPO/templates --jobs $JOBS $cache_arg >/dev/null 2>>$dir/planet.log"
  local ref_cmd="/usr/bin/time -v -a -o $dir/ref.time $PYTHON $BENCH/ref_planet.py $dir/feeds.txt \
$dir/ref-out $dir/ref-cache.json $JOBS 60 >>$dir/ref.log 2>&1"
  if [ "$scenario" != cold ]; then   # prime both caches; the priming runs are not counted
    bash -c "$planet_cmd" || true
    # planet's second run records the 304s (the status page says so, once); from the third on a
    # warm build changes nothing, as cron's do when no feed changed.
    [ "$scenario" = warm ] && { bash -c "$planet_cmd" || true; }
    bash -c "$ref_cmd" || true
    rm -f "$dir/planet.time" "$dir/ref.time"
  fi
  for r in $(seq 1 "$rounds"); do
    local first=$planet_cmd second=$ref_cmd
    if [ $((r % 2)) = 0 ]; then first=$ref_cmd; second=$planet_cmd; fi
    local prep=()
    [ -n "$prepare" ] && prep=(--prepare "$prepare")
    hyperfine --style basic --runs 1 -i "${prep[@]}" --export-json "$dir/round-$r.json" \
      -n "$( [ $((r % 2)) = 0 ] && echo ref || echo planet)" "$first" \
      -n "$( [ $((r % 2)) = 0 ] && echo planet || echo ref)" "$second" >>"$dir/hyperfine.log" 2>&1
  done
  log "N=$n $scenario: $(tail -1 "$dir/planet.log" 2>/dev/null) | ref: $(tail -1 "$dir/ref.log" 2>/dev/null)"
}

# The floor as a whole process, as cron runs planet: `curl-floor SAVED JOBS 1` sends the N
# conditional GETs (the validators saved by the rounds above) over fresh connections and exits,
# process start included. Each round runs it and a warm planet build once each, both through the
# same /usr/bin/time wrapper, the order swapped every round: the ratio the warm goal names.
bench_floor_process() {
  local n=$1 rounds=$2 dir="$WORK/n$n/warm" out="$WORK/n$n/floor-process"
  mkdir -p "$out"
  local cache_arg=""
  [ "$CACHE_FLAG" = 1 ] && cache_arg="--cache $dir/planet-cache/cache.sqlite"
  local planet_cmd="/usr/bin/time -v -a -o $out/planet.time $PLANET build --config $dir/feeds.txt \
--output $dir/planet-out --templates $REPO/templates --jobs $JOBS $cache_arg >/dev/null 2>>$out/planet.log"
  local floor_cmd="/usr/bin/time -v -a -o $out/floor.time $WORK/curl-floor $WORK/n$n/saved $JOBS 1 \
>>$out/floor.log 2>&1"
  local r
  for r in $(seq 1 "$rounds"); do
    if [ $((r % 2)) = 1 ]; then
      hyperfine --style basic --runs 1 -i --export-json "$out/round-$r.json" \
        -n planet "$planet_cmd" -n floor "$floor_cmd" >>"$out/hyperfine.log" 2>&1
    else
      hyperfine --style basic --runs 1 -i --export-json "$out/round-$r.json" \
        -n floor "$floor_cmd" -n planet "$planet_cmd" >>"$out/hyperfine.log" 2>&1
    fi
  done
  log "N=$n floor as a process: $rounds rounds beside warm planet builds"
}

for n in "${SIZES[@]}"; do
  rounds=${ROUNDS:-$([ "$n" -le 100 ] && echo 5 || ([ "$n" -le 1000 ] && echo 3 || echo 2))}
  feeds="$WORK/www/n$n"
  bytes=$("$PYTHON" "$BENCH/genfeeds.py" "$feeds" "$n")
  mkdir -p "$WORK/n$n"
  echo "$bytes" > "$WORK/n$n/bytes"
  {
    echo "title = Planet Benchmark"
    echo "link = http://127.0.0.1:$PORT/"
    echo "items_per_page = 60"
    for f in $(cd "$feeds" && ls feed-*.xml); do echo "http://127.0.0.1:$PORT/n$n/$f Blog ${f%.xml}"; done
  } > "$WORK/n$n/feeds.txt"
  log "N=$n: $bytes bytes of feeds, $rounds rounds per scenario"
  bench_scenario "$n" cold "$rounds" "rm -rf $WORK/n$n/cold/planet-cache $WORK/n$n/cold/.planet $WORK/n$n/cold/ref-cache.json"
  bench_scenario "$n" warm "$rounds" ""
  (cd "$feeds" && ls feed-*.xml) | sed "s|^|http://127.0.0.1:$PORT/n$n/|" > "$WORK/n$n/urls"
  "$WORK/curl-floor" "$WORK/n$n/urls" "$JOBS" "${FLOOR_ROUNDS:-10}" "$WORK/n$n/saved" > "$WORK/n$n/floor.txt"
  log "N=$n floor: $(grep -c '^round' "$WORK/n$n/floor.txt") rounds of $n conditional GETs"
  bench_floor_process "$n" "${FLOOR_ROUNDS:-10}"
  cache_file="$WORK/n$n/cold/planet-cache/cache.sqlite"
  [ -f "$cache_file" ] || cache_file="$WORK/n$n/cold/.planet/cache.sqlite"
  [ -f "$cache_file" ] && stat -c %s "$cache_file" > "$WORK/n$n/cache_bytes"
  bench_scenario "$n" changed "$rounds" "$PYTHON $BENCH/mutate.py $feeds 10 >/dev/null"
  rm -rf "$feeds"/*.xml "$WORK/n$n"/*/planet-out "$WORK/n$n"/*/ref-out
done

# --- parse throughput ------------------------------------------------------------------------
if [ -z "${CORPUS:-}" ]; then
  for c in "$REPO/../shared/corpus/real" /work/shared/corpus/real Tests/FeedParserTests/Fixtures/corpus; do
    [ -d "$c" ] && { CORPUS=$c; break; }
  done
fi
CORPUS=$(cd "$CORPUS" && pwd)
find "$CORPUS" -maxdepth 1 -name '*.xml' | sort > "$WORK/results/corpus.list"
printf '<rss version="2.0"><channel><title>t</title><item><title>x</title></item></channel></rss>' \
  > "$WORK/tiny.xml"
failures=0
while IFS= read -r f; do "$PLANET" parse "$f" --json >/dev/null 2>&1 || failures=$((failures + 1)); done \
  < "$WORK/results/corpus.list"
{
  echo "corpus=$CORPUS"
  echo "files=$(wc -l < "$WORK/results/corpus.list")"
  echo "bytes=$(xargs -d '\n' cat < "$WORK/results/corpus.list" | wc -c)"
  echo "planet_failures=$failures"
} > "$WORK/results/parse.env"
log "parse: $(wc -l < "$WORK/results/corpus.list") files of $CORPUS"
hyperfine --style basic -N --warmup 3 --runs 20 --export-json "$WORK/results/parse-start.json" \
  -n planet "$PLANET parse $WORK/tiny.xml --json" -n xmllint "xmllint --noout $WORK/tiny.xml" \
  >>"$WORK/results/hyperfine.log" 2>&1
hyperfine --style basic --warmup 1 --runs 5 -i --export-json "$WORK/results/parse.json" \
  -n planet "while IFS= read -r f; do $PLANET parse \"\$f\" --json >/dev/null 2>&1; done < $WORK/results/corpus.list" \
  -n xmllint "while IFS= read -r f; do xmllint --noout \"\$f\" >/dev/null 2>&1; done < $WORK/results/corpus.list" \
  >>"$WORK/results/hyperfine.log" 2>&1
# One process over every file for both: `planet parse --json FILES...` (documents parsed
# concurrently, JSON Lines) and `xmllint --noout FILES...`: the throughput figure of the issue.
files_args=$(tr '\n' ' ' < "$WORK/results/corpus.list")
hyperfine --style basic -N --warmup 2 --runs 20 -i --export-json "$WORK/results/parse-one.json" \
  -n planet "$PLANET parse --json $files_args" -n xmllint "xmllint --noout $files_args" \
  >>"$WORK/results/hyperfine.log" 2>&1

echo "load_end=$(cut -d' ' -f1-3 /proc/loadavg)" >> "$WORK/results/meta.env"
mkdir -p "$BENCH/results"
OUT="$BENCH/results/$(date -u +%Y-%m-%d).md"
[ -e "$OUT" ] && OUT="$BENCH/results/$(date -u +%Y-%m-%d-%H%M).md"   # a second run that day
"$PYTHON" "$BENCH/summarize.py" "$WORK" "${SIZES[@]}" | tee "$OUT"
log "written to ${OUT#"$REPO"/}"
