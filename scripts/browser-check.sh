#!/usr/bin/env bash
# Browser test (docs/ARCHITECTURE.md, rules 6 and 8): builds a planet from the hostile fixture feed (every sanitizer vector;
# each payload tries `document.title=/XSS/.source`), opens its index.html in headless Chromium and
# checks the DOM Chromium ends with:
#   - <title> is the planet's own title and contains no "XSS" (no payload ran);
#   - no marker of a payload survived in an entry: script/iframe/object/embed/form/base/meta/svg/
#     math/style elements, on* / srcdoc / formaction attributes, javascript:/vbscript:/data:
#     (non-image) URLs;
#   - the page shows as many entries as the feed has items, so a page that failed to load or to
#     render does not pass.
# Then a second planet from the presentation cases of the same table (inline CSS, presentational
# HTML, lazy images, iframes and objects): no payload ran, no iframe/object/embed element, every
# style attribute inside the checked CSS subset, an "Embedded …" link for each embed; a screenshot
# of it is written (kept with --keep, to look at).
# Then a German-locale and an Arabic-locale planet with archive pages (see the last part).
# Needs: swift, chromium (Debian's package), python3.   Usage: scripts/browser-check.sh [--keep]
set -euo pipefail
# Every planet build here is kept on loopback: the fixtures name images on real hosts, which the
# default copy_faces = all would fetch into the site; refused before any lookup, they stay links.
export PLANET_LOOPBACK_ONLY=1
cd "$(dirname "$0")/.."
repo="$PWD"
feed="$repo/Tests/FeedParserTests/Fixtures/sanitizer/hostile-feed.xml"
chromium_bin="${CHROMIUM:-$(command -v chromium || command -v chromium-browser || true)}"
[ -n "$chromium_bin" ] || { echo "browser-check: chromium not found (apt-get install chromium)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "browser-check: python3 not found" >&2; exit 2; }

swift build --product planet ${SWIFT_BUILD_FLAGS:-} >&2
planet="$(swift build --show-bin-path ${SWIFT_BUILD_FLAGS:-})/planet"

work="$(mktemp -d)"
[ "${1:-}" = "--keep" ] && echo "browser-check: keeping $work" >&2 || trap 'rm -rf "$work"' EXIT
cat >"$work/feeds.txt" <<FEEDS
title = Browser Check Planet
link = https://planet.example.org/
items_per_page = 1000
items_per_feed = 1000
$feed Hostile
FEEDS
"$planet" build --config "$work/feeds.txt" --output "$work/output" --templates "$repo/templates" \
    --cache "$work/cache.sqlite" --now 2026-12-01T00:00:00Z --quiet

items=$(grep -c '<item>' "$feed")
# Chromium wants a writable home for its profile; --virtual-time-budget lets timers and onload
# handlers run before the DOM is dumped.
HOME="$work" "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --virtual-time-budget=5000 --dump-dom \
    "file://$work/output/index.html" >"$work/dom.html" 2>"$work/chromium.log" || {
    echo "browser-check: chromium failed:" >&2; tail -20 "$work/chromium.log" >&2; exit 1; }

python3 - "$work/dom.html" "$items" "Browser Check Planet" <<'PY'
import re, sys
from html.parser import HTMLParser

path, expected, planet_title = sys.argv[1], int(sys.argv[2]), sys.argv[3]
FORBIDDEN_TAGS = {"script", "iframe", "object", "embed", "applet", "form", "base", "frame", "frameset",
                  "svg", "math", "style", "meta", "link", "template", "noscript", "input", "button"}
URL_ATTRS = {"href", "src", "action", "formaction", "poster", "background", "xlink:href", "srcset", "data"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source",
        "track", "wbr"}
BAD_SCHEME = re.compile(r"^\s*(javascript|vbscript|data(?!:image/(png|gif|jpeg|webp|avif)[;,]))\s*:", re.I)

class Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_title = False
        self.title = ""
        self.entries = 0
        self.entry_depth = 0   # depth inside an entry <article>, 0 when outside
        self.problems = []

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "title":
            self.in_title = True
        if tag == "article" and "entry" in classes and self.entry_depth == 0:
            self.entries += 1
            self.entry_depth = 1
        elif self.entry_depth and tag not in VOID:
            self.entry_depth += 1
        where = f"entry {self.entries}" if self.entry_depth else "page"
        if self.entry_depth and tag in FORBIDDEN_TAGS:
            self.problems.append(f"{where}: <{tag}> element")
        for name, value in attrs:
            name = name.lower()
            if name.startswith("on") or name in ("srcdoc", "formaction"):
                self.problems.append(f"{where}: <{tag} {name}=...>")
            if name in URL_ATTRS and value:
                urls = [part.strip().split(" ")[0] for part in value.split(",")] if name == "srcset" else [value]
                if any(BAD_SCHEME.match(url) for url in urls):
                    self.problems.append(f"{where}: <{tag} {name}={value[:60]!r}>")

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if self.entry_depth and tag not in VOID:
            self.entry_depth -= 1

    def handle_data(self, data):
        if self.in_title:
            self.title += data

check = Check()
check.feed(open(path, encoding="utf-8", errors="replace").read())
failures = []
if "XSS" in check.title or planet_title not in check.title:
    failures.append(f"<title> is {check.title.strip()!r}: a payload ran (or the page did not load)")
if check.entries != expected:
    failures.append(f"{check.entries} entries in the DOM, the feed has {expected} items")
failures += check.problems[:50]
if failures:
    print("browser-check: FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"browser-check: ok: {check.entries} entries, title {check.title.strip()!r}, no payload ran")
PY

# The presentation page: one item per inline-CSS, presentational, lazy-image and embed vector.
python3 - "$repo/Tests/FeedParserTests/Fixtures/sanitizer/vectors.json" "$work/presentation.xml" <<'PY'
import json, sys
from xml.sax.saxutils import escape
table = json.load(open(sys.argv[1], encoding="utf-8"))
prefixes = ("css-inline-", "benign-css-", "benign-pres-", "benign-lazy-", "embed-iframe-", "embed-object-", "image-alt-")
cases = [case for case in table["cases"] if case["id"].startswith(prefixes)]
items = "".join(
    f"<item><title>{escape(case['id'])}</title><guid isPermaLink=\"false\">{escape(case['id'])}</guid>"
    f"<pubDate>Mon, 01 Jan 2024 00:{index // 60:02d}:{index % 60:02d} GMT</pubDate>"
    f"<description>{escape(case['input'])}</description></item>\n"
    for index, case in enumerate(cases))
open(sys.argv[2], "w", encoding="utf-8").write(
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><rss version=\"2.0\"><channel><title>Presentation</title>"
    f"<link>https://example.org/blog/</link><description>CSS and embeds</description>\n{items}</channel></rss>\n")
PY
cat >"$work/presentation.txt" <<FEEDS
title = Presentation Check Planet
link = https://planet.example.org/
items_per_page = 1000
items_per_feed = 1000
$work/presentation.xml Presentation
FEEDS
"$planet" build --config "$work/presentation.txt" --output "$work/presentation" --templates "$repo/templates" \
    --cache "$work/presentation.sqlite" --now 2026-12-01T00:00:00Z --quiet
items=$(grep -c '<item>' "$work/presentation.xml")
HOME="$work" "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --virtual-time-budget=5000 --dump-dom \
    "file://$work/presentation/index.html" >"$work/presentation-dom.html" 2>>"$work/chromium.log" || {
    echo "browser-check: chromium failed on the presentation page:" >&2; tail -20 "$work/chromium.log" >&2; exit 1; }
HOME="$work" "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
    --user-data-dir="$work/profile" --virtual-time-budget=5000 --window-size=1000,6000 \
    --screenshot="$work/presentation.png" "file://$work/presentation/index.html" >/dev/null 2>>"$work/chromium.log" || true
[ -s "$work/presentation.png" ] || { echo "browser-check: no screenshot of the presentation page" >&2; exit 1; }

python3 - "$work/presentation-dom.html" "$items" "Presentation Check Planet" <<'PY'
import re, sys
from html.parser import HTMLParser

path, expected, planet_title = sys.argv[1], int(sys.argv[2]), sys.argv[3]
FORBIDDEN_TAGS = {"script", "iframe", "object", "embed", "applet", "svg", "math", "style", "frame"}
FORBIDDEN_CSS = re.compile(r"url\(|expression|position|z-index|!|\\|@|behavior|binding|display|transform", re.I)
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr"}

class Check(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.in_title, self.title, self.entries, self.depth = False, "", 0, 0
        self.styles, self.embeds, self.problems = 0, 0, []
        self.in_link = False

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "title":
            self.in_title = True
        if tag == "article" and "entry" in classes and self.depth == 0:
            self.entries += 1
            self.depth = 1
            return
        if not self.depth:
            return
        if tag not in VOID:
            self.depth += 1
        if tag in FORBIDDEN_TAGS:
            self.problems.append(f"entry {self.entries}: <{tag}> element")
        for name, value in attrs:
            if name.startswith("on") or name == "srcdoc":
                self.problems.append(f"entry {self.entries}: <{tag} {name}>")
            if name == "style":
                self.styles += 1
                if FORBIDDEN_CSS.search(value or ""):
                    self.problems.append(f"entry {self.entries}: style {value!r}")
        self.in_link = tag == "a"

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False
        if self.depth and tag not in VOID:
            self.depth -= 1
        self.in_link = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data
        if self.depth and data.startswith("Embedded "):
            self.embeds += 1

check = Check()
check.feed(open(path, encoding="utf-8", errors="replace").read())
failures = []
if "XSS" in check.title or planet_title not in check.title:
    failures.append(f"<title> is {check.title.strip()!r}: a payload ran (or the page did not load)")
if check.entries != expected:
    failures.append(f"{check.entries} entries in the DOM, the feed has {expected} items")
if check.styles == 0:
    failures.append("no style attribute survived: the CSS subset is not on the page")
if check.embeds < 5:
    failures.append(f"{check.embeds} 'Embedded …' links, expected one per usable embed")
failures += check.problems[:50]
if failures:
    print("browser-check: presentation FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print(f"browser-check: ok: presentation page, {check.entries} entries, {check.styles} style attributes, "
      f"{check.embeds} embed links, no payload ran")
PY
echo "browser-check: screenshot of the presentation page: $work/presentation.png" >&2

# The page in other languages, and the archive pages: the German-locale fixture planet (pages of
# 3 entries, so page/2.html and page/3.html exist) and an Arabic-locale planet of the corpus's
# Arabic and Urdu feeds. Chromium loads index.html and page/2.html of each; the DOM it ends with
# must have the locale's language and direction, day headings in the locale's words and digits,
# the archive navigation, and every relative link, stylesheet and image resolving to a file of
# the site from the page/ folder. Screenshots are written (kept with --keep, to look at).
corpus="$repo/Tests/IntegrationTests/Fixtures/corpus"
cat >"$work/arabic.txt" <<FEEDS
title = كوكب عربي
link = https://planet.example.org/
locale = ar-EG
timezone = Africa/Cairo
items_per_page = 6
$corpus/026-hugo-arabic-blog-tiny-ar.xml مدونة
$corpus/024-bbc-urdu-rss2-rtl-ur.xml BBC Urdu
FEEDS
"$planet" build --config "$repo/Tests/IntegrationTests/Fixtures/build-de/feeds.txt" --output "$work/german" \
    --templates "$repo/templates" --cache "$work/german.sqlite" --now 2026-12-04T16:00:00Z --quiet
"$planet" build --config "$work/arabic.txt" --output "$work/arabic" --templates "$repo/templates" \
    --cache "$work/arabic.sqlite" --now 2026-12-04T16:00:00Z --quiet
for page in german/index.html german/page/2.html arabic/index.html arabic/page/2.html; do
    name="${page//\//-}"; name="${name%.html}"
    HOME="$work" "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --user-data-dir="$work/profile" --virtual-time-budget=5000 --dump-dom \
        "file://$work/$page" >"$work/$name-dom.html" 2>>"$work/chromium.log" || {
        echo "browser-check: chromium failed on $page:" >&2; tail -20 "$work/chromium.log" >&2; exit 1; }
    HOME="$work" "$chromium_bin" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
        --user-data-dir="$work/profile" --virtual-time-budget=5000 --hide-scrollbars --window-size=1100,1600 \
        --screenshot="$work/$name.png" "file://$work/$page" >/dev/null 2>>"$work/chromium.log" || true
    [ -s "$work/$name.png" ] || { echo "browser-check: no screenshot of $page" >&2; exit 1; }
done

python3 - "$work" <<'PY'
import os, re, sys
from html.parser import HTMLParser
from urllib.parse import urlsplit, unquote

work = sys.argv[1]
GERMAN_DAYS = ("Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag", "Sonntag")
ARABIC_DIGITS = re.compile("[\u0660-\u0669]")

class Page(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html, self.rel, self.urls, self.headings, self.entries = {}, {}, [], [], 0
        self.in_heading, self.pager = False, False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "html":
            self.html = attrs
        if tag == "link" and attrs.get("rel") in ("prev", "next"):
            self.rel[attrs["rel"]] = attrs.get("href")
        for name in ("href", "src"):
            if attrs.get(name) and tag in ("a", "link", "img"):
                self.urls.append(attrs[name])
        if tag == "h2" and "day-heading" in classes:
            self.in_heading = True
            self.headings.append("")
        if tag == "article" and "entry" in classes:
            self.entries += 1
        if tag == "nav" and "pager" in classes:
            self.pager = True

    def handle_endtag(self, tag):
        if tag == "h2":
            self.in_heading = False

    def handle_data(self, data):
        if self.in_heading:
            self.headings[-1] += data

def read(name):
    page = Page()
    page.feed(open(os.path.join(work, name + "-dom.html"), encoding="utf-8").read())
    return page

failures = []
def check(condition, message):
    if not condition:
        failures.append(message)

for site, page_name, folder in (("german", "german-index", ""), ("german", "german-page-2", "page"),
                                 ("arabic", "arabic-index", ""), ("arabic", "arabic-page-2", "page")):
    page = read(page_name)
    check(page.entries > 0, f"{page_name}: no entries")
    check(page.pager, f"{page_name}: no archive navigation (nav.pager)")
    check("next" in page.rel if folder == "" else "prev" in page.rel, f"{page_name}: rel=prev/next missing: {page.rel}")
    for url in page.urls:
        parts = urlsplit(url)
        if parts.scheme or url.startswith("#") or url.startswith("//"):
            continue
        target = os.path.normpath(os.path.join(work, site, folder, unquote(parts.path)))
        check(os.path.isfile(target), f"{page_name}: '{url}' leads to no file of the site")
    if site == "german":
        check(page.html.get("lang") == "de-DE", f"{page_name}: <html lang> is {page.html.get('lang')!r}")
        check(all(h.startswith(GERMAN_DAYS) for h in page.headings), f"{page_name}: day headings {page.headings}")
    else:
        check(page.html.get("lang") == "ar-EG" and page.html.get("dir") == "rtl", f"{page_name}: <html> {page.html}")
        check(all(ARABIC_DIGITS.search(h) for h in page.headings), f"{page_name}: day headings {page.headings}")
if failures:
    print("browser-check: locale and archive pages FAILED", *failures, sep="\n  ", file=sys.stderr)
    sys.exit(1)
print("browser-check: ok: German and Arabic pages with their archive page 2: the locale's words, digits and "
      "direction, navigation, every relative URL resolves from page/")
PY
echo "browser-check: screenshots: $work/german-index.png $work/german-page-2.png $work/arabic-index.png $work/arabic-page-2.png" >&2
