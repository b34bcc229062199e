#!/usr/bin/env python3
"""An HTTPS server on 127.0.0.1 for the fetcher's certificate tests (FetchTLSTests).

Usage: https_server.py CERT KEY. Listens on an ephemeral port of 127.0.0.1 only, prints the port
on a line of its own, and answers every GET with a small RSS feed until stdin closes (the test
process ending ends it too).
"""
import http.server
import ssl
import sys
import threading

FEED = b'<?xml version="1.0"?><rss version="2.0"><channel><title>tls</title></channel></rss>'


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_GET(self):
        self.send_response(200)
        self.send_header("Content-Type", "application/rss+xml")
        self.send_header("Content-Length", str(len(FEED)))
        self.end_headers()
        self.wfile.write(FEED)

    def log_message(self, *args):
        pass


def main():
    cert, key = sys.argv[1:3]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    main()
