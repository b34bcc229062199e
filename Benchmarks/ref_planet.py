#!/usr/bin/env python3
# Copied verbatim (apart from this line) from the team's shared/bench/ref_planet.py (2026-11-29), so the repo is self-contained.
"""Reference planet in the incumbent's stack (what Planet Venus does, in Python 3):
threads + urllib conditional GET + feedparser (parse, sanitize, resolve URIs) + a JSON cache
+ dedupe/sort + chevron (Mustache) templates -> index.html and rss.xml.

usage: ref_planet.py FEEDS_TXT OUTDIR CACHE_JSON [JOBS=8] [ITEMS=60]
feeds.txt lines: 'URL [name]', '#' comments, 'key = value' settings (ignored).
"""
import sys, os, json, time, urllib.request, urllib.error, concurrent.futures, calendar, html
import feedparser, chevron

INDEX = """<!DOCTYPE html><html><head><meta charset="utf-8"><title>Planet</title></head><body>
{{#entries}}<article><h2><a href="{{link}}">{{title}}</a></h2><p>{{feed}} · {{date}}</p>
<div>{{{content}}}</div></article>
{{/entries}}</body></html>"""
RSS = """<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Planet</title>
<link>http://planet.example/</link><description>ref</description>
{{#entries}}<item><title>{{title}}</title><link>{{link}}</link><guid>{{id}}</guid><pubDate>{{rfc822}}</pubDate><description>{{content}}</description></item>
{{/entries}}</channel></rss>"""

def read_feeds(path):
    feeds = []
    for line in open(path, encoding="utf-8"):
        s = line.strip()
        if not s or s.startswith("#") or ("=" in s and "://" not in s.split("=")[0]):
            continue
        parts = s.split(None, 1)
        feeds.append((parts[0], parts[1] if len(parts) > 1 else parts[0]))
    return feeds

def fetch(url, cached):
    req = urllib.request.Request(url, headers={"User-Agent": "ref-planet/1", "Accept-Encoding": "identity"})
    if cached.get("etag"): req.add_header("If-None-Match", cached["etag"])
    if cached.get("modified"): req.add_header("If-Modified-Since", cached["modified"])
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            body = r.read()
            d = feedparser.parse(body, response_headers={k.lower(): v for k, v in r.headers.items()})
            # feedparser resolves relative URIs against content-location/base; give it the URL
            if not d.get("href"): d["href"] = url
            entries = []
            for e in d.entries:
                t = e.get("published_parsed") or e.get("updated_parsed")
                content = (e.get("content") or [{}])[0].get("value") or e.get("summary", "")
                entries.append({"id": e.get("id") or e.get("link"), "title": e.get("title", ""),
                                "link": e.get("link", ""), "ts": calendar.timegm(t) if t else None,
                                "content": content})
            return {"etag": r.headers.get("ETag"), "modified": r.headers.get("Last-Modified"),
                    "entries": entries, "title": d.feed.get("title", url)}
    except urllib.error.HTTPError as e:
        if e.code == 304:
            return cached
        return dict(cached, error=str(e))
    except Exception as e:
        return dict(cached, error=str(e))

def main():
    feeds_txt, out, cache_path = sys.argv[1:4]
    jobs = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    items = int(sys.argv[5]) if len(sys.argv) > 5 else 60
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    feeds = read_feeds(feeds_txt)
    now = time.time()
    with concurrent.futures.ThreadPoolExecutor(jobs) as ex:
        results = dict(zip([u for u, _ in feeds], ex.map(lambda f: fetch(f[0], cache.get(f[0], {})), feeds)))
    seen, river = set(), []
    for url, name in feeds:
        r = results[url]
        for e in r.get("entries", []):
            key = e["id"] or e["link"]
            if key in seen or (e["link"] and e["link"] in seen): continue
            seen.add(key); seen.add(e["link"])
            river.append(dict(e, feed=name, ts=e["ts"] or now))
    river.sort(key=lambda e: -e["ts"])
    river = river[:items]
    for e in river:
        e["date"] = time.strftime("%Y-%m-%d %H:%M", time.gmtime(e["ts"]))
        e["rfc822"] = time.strftime("%a, %d %b %Y %H:%M:%S +0000", time.gmtime(e["ts"]))
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "index.html"), "w") as f: f.write(chevron.render(INDEX, {"entries": river}))
    with open(os.path.join(out, "rss.xml"), "w") as f: f.write(chevron.render(RSS, {"entries": river}))
    json.dump(results, open(cache_path, "w"))
    print(f"{len(feeds)} feeds, {sum(1 for r in results.values() if 'error' in r)} failed, {len(river)} entries")

main()
