#!/usr/bin/env bash
# planet over HTTPS (issue 30): 200 feeds on 40 https hosts (127.2.0.1-40, one nginx, TLS on
# each address), a test CA trusted for the run the way an admin's machine trusts a CA (installed
# in /usr/local/share/ca-certificates, update-ca-certificates) and removed after. Not a test:
# prints figures and writes them to Benchmarks/results/<date>-https.md.
#
# Measured: CPU (user+sys) and wall of planet's warm build (every feed 304) and cold build, ROUNDS
# rounds each (median), beside curl fetching the same 200 URLs whole in one process with a
# one-certificate trust store (--cacert CA, --parallel 64) and with the system's store.
#
# Usage: Benchmarks/https.sh     Environment: PLANET (binary; default: make release's), ROUNDS (5),
#   EXTRA (more build options), H2=1 (nginx offers HTTP/2 by ALPN), KEEP=1 (keep the temp folder).
#   Needs root (the CA install).
set -euo pipefail
cd "$(dirname "$0")/.."
REPO=$(pwd)
ROUNDS=${ROUNDS:-5}
EXTRA=${EXTRA:-}
[ "$(id -u)" = 0 ] || { echo "https.sh: run as root (it trusts a test CA for the run)" >&2; exit 2; }
missing=()
command -v nginx >/dev/null || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
[ -x /usr/bin/time ] || missing+=(time)
command -v update-ca-certificates >/dev/null || missing+=(ca-certificates)
[ ${#missing[@]} -eq 0 ] || { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; }
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
if [ -z "${PLANET:-}" ]; then
  swift build -c release --static-swift-stdlib --product planet >&2
  PLANET=.build/release/planet
fi
PLANET=$(cd "$(dirname "$PLANET")" && pwd)/$(basename "$PLANET")
WORK=$(mktemp -d /tmp/planet-https.XXXXXX)
chmod 755 "$WORK"
CA_INSTALLED=/usr/local/share/ca-certificates/planet-https-bench.crt
cleanup() {
  [ -s "$WORK/nginx.pid" ] && kill -QUIT "$(cat "$WORK/nginx.pid")" 2>/dev/null || true
  if [ -e "$CA_INSTALLED" ]; then rm -f "$CA_INSTALLED"; update-ca-certificates --fresh >/dev/null 2>&1 || true; fi
  [ -n "${KEEP:-}" ] || rm -rf "$WORK"
}
trap cleanup EXIT
HOSTS=40; PER=5
PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')

# --- a CA and one certificate for the 40 addresses ---------------------------------------------
SAN=$(for h in $(seq $HOSTS); do printf 'IP:127.2.0.%d,' "$h"; done); SAN=${SAN%,}
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$WORK/ca.key" -out "$WORK/ca.pem" -days 2 \
  -subj "/CN=planet https bench CA" -addext "basicConstraints=critical,CA:TRUE" 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout "$WORK/server.key" -out "$WORK/server.csr" -subj "/CN=bench" 2>/dev/null
printf 'subjectAltName=%s\n' "$SAN" > "$WORK/san.ext"
openssl x509 -req -in "$WORK/server.csr" -CA "$WORK/ca.pem" -CAkey "$WORK/ca.key" -CAcreateserial \
  -days 2 -extfile "$WORK/san.ext" -out "$WORK/server.pem" 2>/dev/null
cp "$WORK/ca.pem" "$CA_INSTALLED"
update-ca-certificates >/dev/null 2>&1

# --- the feeds and nginx -----------------------------------------------------------------------
mkdir -p "$WORK/root" "$WORK/tmp" "$WORK/planet"
: > "$WORK/planet/feeds.txt"; : > "$WORK/urls.txt"
for h in $(seq $HOSTS); do
  for f in $(seq $PER); do
    name="h${h}f${f}.xml"
    python3 - "$WORK/root/$name" "$h" "$f" <<'EOF'
import sys
path, h, f = sys.argv[1], sys.argv[2], sys.argv[3]
items = "".join("<item><title>Post %d</title><link>https://127.2.0.%s/%s/%d</link><guid>h%sf%s-%d</guid>"
                "<pubDate>Mon, %02d Nov 2026 08:00:00 GMT</pubDate><description>text %d</description></item>"
                % (n, h, f, n, h, f, n, n + 1, n) for n in range(10))
open(path, "w").write('<?xml version="1.0"?><rss version="2.0"><channel><title>Feed %s/%s</title>'
                      '<link>https://127.2.0.%s/</link><description>d</description>%s</channel></rss>' % (h, f, h, items))
EOF
    echo "https://127.2.0.$h:$PORT/$name" >> "$WORK/planet/feeds.txt"
    echo "url = \"https://127.2.0.$h:$PORT/$name\"" >> "$WORK/urls.txt"
    echo "output = /dev/null" >> "$WORK/urls.txt"
  done
done
{
  echo "worker_processes 1; pid $WORK/nginx.pid; error_log $WORK/error.log warn;"
  echo "events { worker_connections 4096; }"
  echo "http { access_log off; etag on; if_modified_since exact; keepalive_requests 100000;"
  echo "  client_body_temp_path $WORK/tmp/b; proxy_temp_path $WORK/tmp/p; fastcgi_temp_path $WORK/tmp/f;"
  echo "  uwsgi_temp_path $WORK/tmp/u; scgi_temp_path $WORK/tmp/s; types { application/rss+xml xml; }"
  echo "  ssl_certificate $WORK/server.pem; ssl_certificate_key $WORK/server.key;"
  for h in $(seq $HOSTS); do echo "  server { listen 127.2.0.$h:$PORT ssl${H2:+ http2}; root $WORK/root; }"; done
  echo "}"
} > "$WORK/nginx.conf"
"$NGINX" -p "$WORK" -c "$WORK/nginx.conf" -e "$WORK/error.log"
for _ in $(seq 50); do [ -s "$WORK/nginx.pid" ] && break; sleep 0.1; done

measure() {  # label, command...: ROUNDS runs; prints "label wall cpu" (medians)
  local label=$1; shift
  for r in $(seq "$ROUNDS"); do
    [ "$label" = cold ] && rm -f "$WORK/planet/cache.sqlite"*
    /usr/bin/time -f "%e %U %S" -o "$WORK/t" "$@" >/dev/null 2>"$WORK/err" || { cat "$WORK/err" >&2; }
    tail -1 "$WORK/t"
  done | python3 -c '
import sys, statistics
rows = [list(map(float, l.split())) for l in sys.stdin if l.strip()]
print("%s %.3f %.3f" % (sys.argv[1], statistics.median(r[0] for r in rows), statistics.median(r[1] + r[2] for r in rows)))' "$label"
}
BUILD=("$PLANET" build --quiet --config "$WORK/planet/feeds.txt" --output "$WORK/planet/site" --cache "$WORK/planet/cache.sqlite" $EXTRA)
"${BUILD[@]}" >/dev/null 2>"$WORK/prime.err" || { echo "https.sh: the priming build failed:" >&2; cat "$WORK/prime.err" >&2; }
rows=()
rows+=("$(measure warm "${BUILD[@]}")")
rows+=("$(measure cold "${BUILD[@]}")")
rows+=("$(measure curl-one-cert curl --silent --parallel --parallel-max 64 --cacert "$WORK/ca.pem" --config "$WORK/urls.txt")")
rows+=("$(measure curl-system-store curl --silent --parallel --parallel-max 64 --config "$WORK/urls.txt")")
{
  echo "## HTTPS${H2:+ (nginx offers h2)}: $((HOSTS * PER)) feeds on $HOSTS hosts, planet $(git rev-parse --short HEAD) $EXTRA ($(date -u +%Y-%m-%dT%H:%MZ))"
  echo
  echo "| run | wall s | CPU s (user+sys) |"
  echo "|---|---:|---:|"
  for row in "${rows[@]}"; do set -- $row; echo "| $1 | $2 | $3 |"; done
  set -- ${rows[0]}; warm=$3; set -- ${rows[2]}; one=$3
  python3 -c "import sys; print(); print('warm build CPU ÷ curl with one certificate: %.2f' % (float(sys.argv[1]) / max(0.001, float(sys.argv[2]))))" "$warm" "$one"
} | tee "$WORK/report.md"
mkdir -p Benchmarks/results
cp "$WORK/report.md" "Benchmarks/results/$(date +%Y-%m-%d-%H%M)-https.md"
