#!/usr/bin/env python3
"""Checks a built planet: rss.xml and atom.xml read by feedparser with bozo == 0 and the same
entries (ids, titles, links, dates, in order) as the river on index.html, and opml.xml listing
every subscription of feeds.txt.

Usage: check-site.py OUTPUT_DIR FEEDS_TXT
Exit status 0 when all agree, 1 with one line per disagreement on stderr.
"""
import calendar
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

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        classes = (attrs.get("class") or "").split()
        if tag == "article" and "entry" in classes:
            self.entries.append({"title": "", "link": None, "date": None})
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

    def handle_data(self, data):
        if self.in_title:
            self.entries[-1]["title"] += data


def epoch_of_iso(text):
    return calendar.timegm(datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").timetuple())


def read_feed(path, problems):
    feed = feedparser.parse(str(path))
    if feed.bozo:
        problems.append(f"{path}: feedparser bozo: {feed.get('bozo_exception')}")
    return feed


def compare_river(output, problems):
    reader = RiverReader()
    reader.feed((output / "index.html").read_text(encoding="utf-8"))
    river = reader.entries
    rss = read_feed(output / "rss.xml", problems)
    atom = read_feed(output / "atom.xml", problems)
    for name, feed in (("rss.xml", rss), ("atom.xml", atom)):
        if len(feed.entries) != len(river):
            problems.append(f"{name}: {len(feed.entries)} entries, index.html has {len(river)}")
        for number, (page, item) in enumerate(zip(river, feed.entries), start=1):
            where = f"{name}: entry {number}"
            if item.get("title") != page["title"]:
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
    return len(river)


def subscriptions(feeds_txt):
    """(location, name or None) per feed line of feeds.txt (settings and comments skipped)."""
    feeds = []
    for line in Path(feeds_txt).read_text(encoding="utf-8").splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
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


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    output, feeds_txt = Path(sys.argv[1]), sys.argv[2]
    problems = []
    entries = compare_river(output, problems)
    feeds = compare_opml(output, feeds_txt, problems)
    for problem in problems:
        print(f"check-site: {problem}", file=sys.stderr)
    if problems:
        sys.exit(1)
    print(f"check-site: {output}: rss.xml and atom.xml match the river ({entries} entries); "
          f"opml.xml lists {feeds} subscriptions")


if __name__ == "__main__":
    main()
