#!/usr/bin/env bash
# Builds the libFuzzer targets with swiftc's own sanitizer runtimes (-sanitize=fuzzer,address).
# Each fuzzer is compiled in one swiftc invocation together with its module's sources (not a
# Package.swift target), so internal code is instrumented too.
#   Fuzz/build.sh [OUT_DIR]      (default .build/fuzz)
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/fuzz}"
mkdir -p "$out"
swiftc_flags=(-swift-version 6 -O -g -sanitize=fuzzer,address -parse-as-library -use-ld=lld)

mapfile -t parser_sources < <(find Sources/FeedParser -name '*.swift' | sort)
swiftc "${swiftc_flags[@]}" -module-name FeedParserFuzzer \
    -I Sources/CLibXML2 -Xcc -I/usr/include/libxml2 -lxml2 \
    "${parser_sources[@]}" Fuzz/FeedParserFuzzer/main.swift -o "$out/feedparser-fuzzer"

mapfile -t mustache_sources < <(find Sources/Mustache -name '*.swift' | sort)
swiftc "${swiftc_flags[@]}" -module-name MustacheFuzzer \
    "${mustache_sources[@]}" Fuzz/MustacheFuzzer/main.swift -o "$out/mustache-fuzzer"
echo "built $out/feedparser-fuzzer $out/mustache-fuzzer"
