#!/usr/bin/env bash
# Parse throughput of planet's full parse (libxml2 + mapping + sanitizing + JSON contract) beside
# `xmllint --noout` (libxml2's bare parse, the floor), on the same files, in MB/s.
#
# Usage: Benchmarks/parse-throughput.sh [CORPUS_DIR] [ROUNDS]
#   CORPUS_DIR  XML feeds to read (default: Tests/FeedParserTests/Fixtures/corpus)
#   ROUNDS      how many times each file set is read (default: 3)
# Also runs a generated set of 1,000 small RSS 2.0 feeds (written to a temporary folder).
#
# Both tools run once per file, so both pay a process start per file. The script measures that
# start cost (an empty run on a 1-item feed) and prints the throughput with it subtracted as well.
# Not a test: numbers depend on the machine. Needs a release build (done here) and xmllint.
set -euo pipefail
cd "$(dirname "$0")/.."
CORPUS=${1:-Tests/FeedParserTests/Fixtures/corpus}
ROUNDS=${2:-3}
SCRATCH=${SCRATCH:-/tmp/build-bench}

command -v xmllint >/dev/null || { echo "xmllint missing: apt-get install libxml2-utils" >&2; exit 2; }
swift build -c release --product planet --scratch-path "$SCRATCH" >/dev/null
PLANET="$SCRATCH/release/planet"

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# A generated set: 1,000 RSS 2.0 feeds of 20 items each, with HTML descriptions and dates.
mkdir -p "$WORK/generated"
for n in $(seq 1 1000); do
  {
    echo '<?xml version="1.0" encoding="UTF-8"?>'
    echo "<rss version=\"2.0\"><channel><title>Feed $n</title><link>https://example.org/$n/</link>"
    for i in $(seq 1 20); do
      echo "<item><title>Post $i of feed $n &amp; more</title><link>https://example.org/$n/$i</link>"
      echo "<guid>https://example.org/$n/$i</guid><pubDate>Tue, 02 Jan 2024 03:04:05 GMT</pubDate>"
      echo "<description>&lt;p&gt;Some &lt;a href=\"/x/$i\"&gt;text&lt;/a&gt; for post $i.&lt;/p&gt;&lt;img src=\"a.png\"&gt;</description></item>"
    done
    echo '</channel></rss>'
  } > "$WORK/generated/feed-$n.xml"
done
printf '<rss version="2.0"><channel><title>t</title><item><title>x</title></item></channel></rss>' > "$WORK/tiny.xml"

now() { date +%s.%N; }
calc() { awk "BEGIN { printf \"%.6f\", $1 }"; }

# seconds for ROUNDS passes of: COMMAND FILE >/dev/null, over the files listed in $2
time_tool() {
  local tool=$1 list=$2 start end
  start=$(now)
  for _ in $(seq 1 "$ROUNDS"); do
    while IFS= read -r file; do
      if [ "$tool" = planet ]; then "$PLANET" parse "$file" --json >/dev/null 2>&1 || true
      else xmllint --noout "$file" >/dev/null 2>&1 || true; fi
    done < "$list"
  done
  end=$(now)
  calc "$end - $start"
}

report() {
  local label=$1 list=$2 files bytes
  files=$(wc -l < "$list")
  bytes=$(xargs -d '\n' cat < "$list" | wc -c)
  local mb start_planet start_xmllint t_planet t_xmllint
  mb=$(calc "$bytes * $ROUNDS / 1000000")
  echo "$WORK/tiny.xml" > "$WORK/tiny.list"
  start_planet=$(calc "$(time_tool planet "$WORK/tiny.list") / $ROUNDS")
  start_xmllint=$(calc "$(time_tool xmllint "$WORK/tiny.list") / $ROUNDS")
  t_planet=$(time_tool planet "$list")
  t_xmllint=$(time_tool xmllint "$list")
  local runs net_planet net_xmllint
  runs=$(calc "$files * $ROUNDS")
  net_planet=$(calc "$t_planet - $runs * $start_planet")
  net_xmllint=$(calc "$t_xmllint - $runs * $start_xmllint")
  printf '%s: %d files, %.1f MB x %d rounds\n' "$label" "$files" "$(calc "$bytes / 1000000")" "$ROUNDS"
  printf '  process start: planet %.1f ms, xmllint %.1f ms\n' \
    "$(calc "$start_planet * 1000")" "$(calc "$start_xmllint * 1000")"
  printf '  planet parse --json : %7.2f MB/s (%6.2f MB/s without process start)\n' \
    "$(calc "$mb / $t_planet")" "$(calc "$mb / ($net_planet + 0.000001)")"
  printf '  xmllint --noout     : %7.2f MB/s (%6.2f MB/s without process start)\n' \
    "$(calc "$mb / $t_xmllint")" "$(calc "$mb / ($net_xmllint + 0.000001)")"
}

find "$CORPUS" -maxdepth 1 -name '*.xml' | sort > "$WORK/corpus.list"
find "$WORK/generated" -name '*.xml' | sort > "$WORK/generated.list"
report "corpus ($CORPUS, XML files)" "$WORK/corpus.list"
ROUNDS=1 report "generated (1,000 RSS 2.0 feeds x 20 items)" "$WORK/generated.list"
