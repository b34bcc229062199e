#!/usr/bin/env bash
# Runs both libFuzzer targets at once for SECONDS each (default 60), seeded with the real corpus:
# the feed corpus for the parser, the template fixtures and the mustache spec templates for the
# template engine. New inputs go to .build/fuzz/work-*, crashes/leaks/timeouts to .build/fuzz/findings/.
# Prints executions per second and total executions per target; exits 1 when a target found something.
#   Fuzz/run.sh [SECONDS] [OUT_DIR]        FUZZ_TARGETS="feedparser mustache" (default) picks targets.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out="${2:-.build/fuzz}"
[ -x "$out/feedparser-fuzzer" ] && [ -x "$out/mustache-fuzzer" ] || Fuzz/build.sh "$out"
mkdir -p "$out/findings" "$out/work-feedparser" "$out/work-mustache" "$out/seeds-mustache"

# Mustache seeds: every template fixture, and each spec test's "template" pulled out of the JSON.
find Tests/MustacheTests/Fixtures -name '*.mustache' -exec cp {} "$out/seeds-mustache/" \;
python3 - "$out/seeds-mustache" Tests/MustacheTests/Fixtures/spec/*.json <<'PY'
import json, sys, os
out = sys.argv[1]
for path in sys.argv[2:]:
    for i, test in enumerate(json.load(open(path)).get("tests", [])):
        name = f"{os.path.basename(path)}-{i}.mustache"
        open(os.path.join(out, name), "w").write(test["template"])
        for key, text in (test.get("partials") or {}).items():
            open(os.path.join(out, f"{name}-partial-{key}"), "w").write(text)
PY

common=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
        -artifact_prefix="$out/findings/")
run() { # name, binary, dict, max_len, corpus dirs...
    local name="$1" bin="$2" dict="$3" len="$4"; shift 4
    local start rc=0; start=$(date +%s)
    nice -n 10 "$bin" "${common[@]}" -dict="$dict" -max_len="$len" "$@" >"$out/$name.log" 2>&1 || rc=$?
    echo $(( $(date +%s) - start )) >"$out/$name.seconds"
    return "$rc"
}
existing() { for dir in "$@"; do [ -d "$dir" ] && echo "$dir"; done; }   # seed folders that exist
mapfile -t parser_seeds < <(existing Tests/FeedParserTests/Fixtures/{corpus,recovery,encodings,fuzz})
mapfile -t mustache_seeds < <(existing "$out/seeds-mustache" Tests/MustacheTests/Fixtures/fuzz)
targets="${FUZZ_TARGETS:-feedparser mustache}"
status=0
pids=()
[[ " $targets " == *" feedparser "* ]] && { run feedparser "$out/feedparser-fuzzer" Fuzz/xml.dict 16384 \
    "$out/work-feedparser" "${parser_seeds[@]}" & pids+=($!); }
[[ " $targets " == *" mustache "* ]] && { run mustache "$out/mustache-fuzzer" Fuzz/mustache.dict 16384 \
    "$out/work-mustache" "${mustache_seeds[@]}" & pids+=($!); }
for pid in "${pids[@]}"; do wait "$pid" || status=1; done

for name in $targets; do
    log="$out/$name.log"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | head -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | head -1)
    rss=$(sed -n 's/^stat::peak_rss_mb: *//p' "$log" | head -1)
    ran=$(cat "$out/$name.seconds" 2>/dev/null || echo "?")
    echo "$name: ran ${ran}s, ${execs:-?} executions, ${rate:-?} execs/s, peak RSS ${rss:-?} MB"
    grep -E '^(==[0-9]+==ERROR|SUMMARY|artifact_prefix|Test unit written)' "$log" || true
done
exit "$status"
