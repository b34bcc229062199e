#!/usr/bin/env python3
# Copied verbatim (apart from this line) from the team's shared/bench/genfeeds.py (2026-11-29), so the repo is self-contained.
"""Generate N synthetic but realistic feeds (RSS 2.0 / Atom 1.0 mix) for benchmarks.

usage: genfeeds.py OUTDIR N_FEEDS [ENTRIES_PER_FEED=25] [SEED=1]
Writes OUTDIR/feed-NNNN.xml and prints total bytes. Deterministic for a given seed.
Every 10th feed re-publishes an entry of the previous feed (cross-feed duplicate).
"""
import os, random, sys, datetime, html

WORDS = ("planet feed swift parser entry river cache template atom rss channel item guid "
         "release notes community blog post update performance memory thread concurrency "
         "server client request response header body content summary author link date").split()

def para(rng, n):
    return " ".join(rng.choice(WORDS) for _ in range(n)).capitalize() + "."

def content(rng, i, j):
    parts = []
    for k in range(rng.randint(3, 8)):
        p = html.escape(para(rng, rng.randint(20, 60)))
        if k == 1:
            p += f' See <a href="/posts/{i}/{j}/more#k{k}">more</a> and <em>details</em>.'
        if k == 2:
            p += f' <img src="images/{i}-{j}.png" alt="figure {j}" width="640" height="480">'
        parts.append(f"<p>{p}</p>")
    if rng.random() < 0.3:
        parts.append("<pre><code>let x = 1 &lt; 2 &amp;&amp; true</code></pre>")
    if rng.random() < 0.1:
        parts.append('<script>alert(1)</script><p onclick="steal()">click</p>')
    return "\n".join(parts)

def rfc822(d):
    return d.strftime("%a, %d %b %Y %H:%M:%S +0000")

def rfc3339(d):
    return d.strftime("%Y-%m-%dT%H:%M:%SZ")

def main():
    out, n = sys.argv[1], int(sys.argv[2])
    m = int(sys.argv[3]) if len(sys.argv) > 3 else 25
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    os.makedirs(out, exist_ok=True)
    base = datetime.datetime(2026, 11, 1, 12, 0, 0)
    total = 0
    prev_first = None
    for i in range(n):
        rng = random.Random(seed * 100003 + i)
        site = f"https://blog{i}.example.org"
        entries = []
        for j in range(m):
            d = base - datetime.timedelta(minutes=rng.randint(0, 60 * 24 * 60))
            title = html.escape(para(rng, rng.randint(3, 9))[:-1])
            entries.append((f"{site}/posts/{j}", f"{site}/posts/{j}", title, d, content(rng, i, j)))
        if i % 10 == 9 and prev_first:
            entries[0] = prev_first
        prev_first = entries[1]
        if i % 10 < 7:
            items = "".join(
                f"<item><title>{t}</title><link>{l}</link><guid isPermaLink=\"true\">{g}</guid>"
                f"<pubDate>{rfc822(d)}</pubDate><author>author{i}@example.org (Author {i})</author>"
                f"<category>swift</category><description><![CDATA[{c}]]></description></item>\n"
                for g, l, t, d, c in entries)
            doc = (f'<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel>'
                   f"<title>Blog {i}</title><link>{site}/</link><description>Posts of blog {i}</description>"
                   f"<language>en</language>\n{items}</channel></rss>\n")
        else:
            items = "".join(
                f"<entry><title>{t}</title><link rel=\"alternate\" href=\"{l}\"/><id>{g}</id>"
                f"<published>{rfc3339(d)}</published><updated>{rfc3339(d)}</updated>"
                f"<author><name>Author {i}</name></author>"
                f"<content type=\"html\">{html.escape(c)}</content></entry>\n"
                for g, l, t, d, c in entries)
            doc = (f'<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom" xml:base="{site}/">'
                   f"<title>Blog {i}</title><link href=\"{site}/\"/><id>{site}/</id>"
                   f"<updated>{rfc3339(base)}</updated>\n{items}</feed>\n")
        b = doc.encode()
        total += len(b)
        with open(os.path.join(out, f"feed-{i:04d}.xml"), "wb") as f:
            f.write(b)
    print(total)

main()
