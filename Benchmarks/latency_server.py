#!/usr/bin/env python3
"""A slow web on loopback, for Benchmarks/latency.sh (not a test).

Stands in for the hosts of a real planet (issue 30's latency model): 1,000 feeds on 711 hosts, one
blog farm of 100 feeds, ten hosts of 20, 700 single-feed hosts. Each host is its own address in
127.0.0.0/8 (127.1.H/256.H%256, one listening socket each: a client's per-host cap counts them apart)
and waits its own delay, 50-500 ms (seeded), before every answer. 1% of the feeds stall 20 s before
answering, 1% answer 503, 1% drop the connection without an answer (a reset). Feeds answer 304 to a
matching If-None-Match (one ETag per feed, the body never changes), so the second build is warm.

Writes DIR/feeds.txt (the feeds in a seeded shuffle, as a planet's list is in no useful order) and
DIR/model.json (each feed's URL, host, delay and kind), prints "ready" on stdout once every socket
listens, and on SIGTERM or SIGINT writes DIR/stats.json: requests and the most connections open at
once, per host and overall; requests in flight at once per host; when each stalled feed was asked,
seconds after the first request. Serves only 127.0.0.0/8.

Usage: latency_server.py DIR [--port P] [--delay-scale S] [--seed N]
  --delay-scale 0 makes every host answer at once (the fast upstream of the same model).
"""

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import struct
import sys

STALL_SECONDS = 20.0


def model(seed, scale):
    """The hosts and feeds: [(host index, ip, delay)], [(feed id, host index, kind)]."""
    rng = random.Random(seed)
    sizes = [100] + [20] * 10 + [1] * 700
    hosts = []
    feeds = []
    for index, size in enumerate(sizes):
        ip = "127.1.%d.%d" % (index // 250, index % 250 + 1)
        hosts.append((index, ip, rng.uniform(0.05, 0.5) * scale))
        for _ in range(size):
            feeds.append([len(feeds), index, "ok"])
    picked = rng.sample(range(len(feeds)), 30)
    for position, feed in enumerate(picked):
        feeds[feed][2] = ("stall", "503", "reset")[position % 3]
    return hosts, feeds


def feed_body(feed_id, host_ip, port):
    items = "".join(
        "<item><title>Post %d of feed %d</title><link>http://%s:%d/f%d/%d</link>"
        "<guid>http://%s:%d/f%d/%d</guid><pubDate>Mon, %02d Nov 2026 08:00:00 GMT</pubDate>"
        "<description>&lt;p&gt;Entry %d of feed %d, with a few words of text.&lt;/p&gt;</description></item>"
        % (n, feed_id, host_ip, port, feed_id, n, host_ip, port, feed_id, n, n + 1, n, feed_id)
        for n in range(10)
    )
    return (
        '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Feed %d</title>'
        "<link>http://%s:%d/f%d/</link><description>feed %d</description>%s</channel></rss>"
        % (feed_id, host_ip, port, feed_id, feed_id, items)
    ).encode()


class Host:
    def __init__(self, index, ip, delay):
        self.index, self.ip, self.delay = index, ip, delay
        self.open = 0
        self.most_open = 0
        self.in_flight = 0
        self.most_in_flight = 0
        self.requests = 0


async def serve(args):
    hosts, feeds = model(args.seed, args.delay_scale)
    state = [Host(*h) for h in hosts]
    by_path = {}
    for feed_id, host_index, kind in feeds:
        by_path[(host_index, "/f%d.xml" % feed_id)] = (feed_id, kind)
    overall = {"open": 0, "most_open": 0, "requests": 0, "first": None, "stall_starts": []}

    async def handle(host, reader, writer):
        host.open += 1
        overall["open"] += 1
        host.most_open = max(host.most_open, host.open)
        overall["most_open"] = max(overall["most_open"], overall["open"])
        try:
            while True:
                head = await reader.readuntil(b"\r\n\r\n")
                lines = head.decode("latin-1").split("\r\n")
                method, path, _ = (lines[0].split(" ") + ["", ""])[:3]
                fields = {}
                for line in lines[1:]:
                    if ":" in line:
                        name, value = line.split(":", 1)
                        fields[name.strip().lower()] = value.strip()
                host.requests += 1
                overall["requests"] += 1
                now = asyncio.get_running_loop().time()
                if overall["first"] is None:
                    overall["first"] = now
                host.in_flight += 1
                host.most_in_flight = max(host.most_in_flight, host.in_flight)
                try:
                    found = by_path.get((host.index, path))
                    kind = found[1] if found else "404"
                    if kind == "stall":
                        overall["stall_starts"].append(now - overall["first"])
                    await asyncio.sleep(host.delay + (STALL_SECONDS if kind == "stall" else 0))
                    if kind == "reset":
                        sock = writer.get_extra_info("socket")
                        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                        writer.transport.abort()
                        return
                    if kind == "503":
                        status, extra, body = "503 Service Unavailable", "", b"busy\n"
                    elif kind == "404":
                        status, extra, body = "404 Not Found", "", b"no such feed\n"
                    else:
                        etag = '"f%d"' % found[0]
                        if fields.get("if-none-match") == etag:
                            status, extra, body = "304 Not Modified", "ETag: %s\r\n" % etag, b""
                        else:
                            body = feed_body(found[0], host.ip, args.port)
                            status = "200 OK"
                            extra = "ETag: %s\r\nContent-Type: application/rss+xml\r\n" % etag
                    if method == "HEAD":
                        body = b""
                    writer.write(
                        ("HTTP/1.1 %s\r\n%sContent-Length: %d\r\n\r\n" % (status, extra, len(body))).encode()
                        + body)
                    await writer.drain()
                finally:
                    host.in_flight -= 1
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.LimitOverrunError):
            pass
        finally:
            host.open -= 1
            overall["open"] -= 1
            if not writer.transport.is_closing():
                writer.close()

    servers = []
    for host in state:
        server = await asyncio.start_server(
            lambda r, w, host=host: handle(host, r, w), host.ip, args.port, backlog=1024, reuse_address=True)
        servers.append(server)

    os.makedirs(args.dir, exist_ok=True)
    rng = random.Random(args.seed + 1)
    order = list(feeds)
    rng.shuffle(order)
    with open(os.path.join(args.dir, "feeds.txt"), "w") as out:
        out.write("# issue 30's latency model: %d feeds on %d hosts\n" % (len(feeds), len(hosts)))
        for feed_id, host_index, _ in order:
            out.write("http://%s:%d/f%d.xml\n" % (state[host_index].ip, args.port, feed_id))
    with open(os.path.join(args.dir, "model.json"), "w") as out:
        json.dump(
            {"port": args.port, "stall_seconds": STALL_SECONDS,
             "hosts": [{"ip": h.ip, "delay": h.delay} for h in state],
             "feeds": [{"id": f, "host": h, "kind": k} for f, h, k in feeds]}, out)

    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    print("ready", flush=True)
    await stop.wait()
    with open(os.path.join(args.dir, "stats.json"), "w") as out:
        json.dump(
            {"requests": overall["requests"], "most_open": overall["most_open"],
             "stall_starts": sorted(overall["stall_starts"]),
             "hosts": [{"ip": h.ip, "requests": h.requests, "most_open": h.most_open,
                        "most_in_flight": h.most_in_flight} for h in state]}, out)
    for server in servers:
        server.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("dir")
    parser.add_argument("--port", type=int, default=18930)
    parser.add_argument("--delay-scale", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=30)
    args = parser.parse_args()
    try:
        asyncio.run(serve(args))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    sys.exit(main())
