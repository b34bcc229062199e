# Sourced by run.sh, profile.sh and refactor-check.sh: a private nginx serving a folder on
# 127.0.0.1, no root needed beyond Debian's package (pid, logs and temp files in the given folder;
# access log off; ETag and Last-Modified on, If-Modified-Since compared exactly, so unchanged
# files answer 304).
#
# NGINX                  the nginx binary (set when sourced)
# start_nginx DIR ROOT   writes DIR/nginx.conf, starts nginx, sets NGINX_PID and PORT
# stop_nginx             stops the nginx started by start_nginx (by its pid), waits for it to go
# serve_generated_feeds WORK N
#                        N feeds of genfeeds.py in WORK/www/feeds, served by start_nginx, and
#                        WORK/feeds.txt subscribing to each (items_per_page = 60)
# install_missing TOOL=PACKAGE...
#                        apt-get installs the package of each tool not on PATH (nor in /usr/sbin)

NGINX=$(command -v nginx || echo /usr/sbin/nginx)

start_nginx() {
  local dir=$1 root=$2
  PORT=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  mkdir -p "$dir/tmp"
  cat > "$dir/nginx.conf" <<EOF
worker_processes 1;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  sendfile on;
  etag on;
  if_modified_since exact;
  keepalive_requests 100000;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  server { listen 127.0.0.1:$PORT; root $root; }
}
EOF
  "$NGINX" -p "$dir" -c "$dir/nginx.conf" -e "$dir/error.log"
  local _
  for _ in $(seq 50); do [ -s "$dir/nginx.pid" ] && break; sleep 0.1; done
  NGINX_PID=$(cat "$dir/nginx.pid")
}

stop_nginx() {
  if [ -n "${NGINX_PID:-}" ] && kill -0 "$NGINX_PID" 2>/dev/null; then
    kill -QUIT "$NGINX_PID" 2>/dev/null || true
    local _
    for _ in $(seq 50); do kill -0 "$NGINX_PID" 2>/dev/null || break; sleep 0.1; done
  fi
  NGINX_PID=""
}

serve_generated_feeds() {
  local work=$1 n=$2 f
  mkdir -p "$work/www"
  python3 "$(dirname "${BASH_SOURCE[0]}")/genfeeds.py" "$work/www/feeds" "$n" >/dev/null
  start_nginx "$work/nginx" "$work/www"
  {
    echo "items_per_page = 60"
    for f in $(cd "$work/www/feeds" && ls feed-*.xml); do echo "http://127.0.0.1:$PORT/feeds/$f Blog ${f%.xml}"; done
  } > "$work/feeds.txt"
}

install_missing() {
  local missing=() pair
  for pair in "$@"; do
    command -v "${pair%%=*}" >/dev/null || [ -x "/usr/sbin/${pair%%=*}" ] || missing+=("${pair#*=}")
  done
  if [ ${#missing[@]} -gt 0 ]; then
    local sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
    $sudo apt-get update -qq && $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
  fi
}
