#!/usr/bin/env python3
"""Change a fixed tenth of the feeds written by genfeeds.py: the "10% of the feeds changed" build.

usage: mutate.py FEEDS_DIR [STEP=10]
Every feed whose index is a multiple of STEP (feed-0000.xml, feed-0010.xml, ...) gets one new
entry, dated now, at the top (replacing the one the previous call added); its file's mtime moves
forward by at least one second, so nginx answers it with a new ETag (size and mtime) and a new
Last-Modified, i.e. 200 instead of 304. The same files change on every call, so a cache primed by
the previous build sees exactly 1/STEP of the feeds changed, whichever program built last.
"""
import datetime, os, re, sys, time

def main():
    folder = sys.argv[1]
    step = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    stamp = time.time_ns()
    now = datetime.datetime.now(datetime.timezone.utc)
    changed = 0
    for name in sorted(os.listdir(folder)):
        match = re.fullmatch(r"feed-(\d+)\.xml", name)
        if not match or int(match.group(1)) % step:
            continue
        i = int(match.group(1))
        path = os.path.join(folder, name)
        with open(path, encoding="utf-8") as f:
            doc = f.read()
        # Replace the entry added by the previous call, so the feed keeps its size over many runs.
        doc = re.sub(r"<(item|entry)><title>New post \d+</title>.*?</\1>\n", "", doc, flags=re.S)
        link = f"https://blog{i}.example.org/posts/new-{stamp}"
        body = f"<p>New post {stamp} of blog {i}: the feed changed since the last build.</p>"
        at = doc.find("<item>")
        if at >= 0:
            new = (f"<item><title>New post {stamp}</title><link>{link}</link><guid>{link}</guid>"
                   f"<pubDate>{now.strftime('%a, %d %b %Y %H:%M:%S +0000')}</pubDate>"
                   f"<description><![CDATA[{body}]]></description></item>\n")
        else:
            at = doc.find("<entry>")
            if at < 0:
                continue
            new = (f"<entry><title>New post {stamp}</title><link rel=\"alternate\" href=\"{link}\"/>"
                   f"<id>{link}</id><updated>{now.strftime('%Y-%m-%dT%H:%M:%SZ')}</updated>"
                   f"<content type=\"html\">{body.replace('<', '&lt;').replace('>', '&gt;')}</content></entry>\n")
        old_mtime = os.stat(path).st_mtime
        with open(path, "w", encoding="utf-8") as f:
            f.write(doc[:at] + new + doc[at:])
        mtime = max(time.time(), old_mtime + 1)
        os.utime(path, (mtime, mtime))
        changed += 1
    print(changed)

main()
