#!/usr/bin/env bash
# Checks the recipes of docs/deploy.md as far as this machine allows (run by .ci/run, after
# make deb):
# - each block marked `<!-- file: PATH -->` is the file PATH, byte for byte;
# - the GitHub workflows pass actionlint and the workflow schema, the GitLab file its schema
#   (check-jsonschema's built-in schemas, no network);
# - the cron line, run as cron would (env -i, PATH=/usr/bin:/bin, sh -c) with the .deb's binary
#   on a planet of a local feed: the first run publishes, the second transfers nothing (rsync
#   --itemize-changes empty), and with the lock held it exits 75 and publishes nothing.
# Usage: scripts/check-recipes.sh [DEB]; actionlint and check-jsonschema on PATH.
set -euo pipefail
cd "$(dirname "$0")/.."
deb=${1:-$(ls .build/deb/planet_*.deb 2>/dev/null | head -n 1)}
[ -f "$deb" ] || { echo "check-recipes: no package; run make deb first" >&2; exit 2; }
fail() { echo "check-recipes: FAILED: $*" >&2; exit 1; }
ok() { echo "check-recipes: ok: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

python3 - <<'PY' || exit 1
import pathlib, re, sys
text = pathlib.Path("docs/deploy.md").read_text()
blocks = re.findall(r"<!-- file: (\S+) -->\n```\w*\n(.*?)```\n", text, re.S)
if len(blocks) < 5:
    sys.exit(f"check-recipes: FAILED: docs/deploy.md shows {len(blocks)} files, expected 5")
for path, body in blocks:
    if pathlib.Path(path).read_text() != body:
        sys.exit(f"check-recipes: FAILED: docs/deploy.md's copy of {path} differs from the file")
print(f"check-recipes: ok: docs/deploy.md shows {', '.join(p for p, _ in blocks)} as they are")
PY

actionlint docs/deploy/github-pages.yml docs/deploy/planet-check.yml || fail "actionlint"
check-jsonschema --builtin-schema vendor.github-workflows docs/deploy/github-pages.yml docs/deploy/planet-check.yml \
    > /dev/null || fail "the GitHub workflow schema"
check-jsonschema --builtin-schema vendor.gitlab-ci docs/deploy/gitlab-ci.yml > /dev/null || fail "the GitLab schema"
ok "actionlint and the workflow schema on the GitHub workflows, the .gitlab-ci.yml schema on the GitLab file"

# The cron line of docs/deploy.md, its paths made local.
line=$(grep -m 1 '^\*/15 \* \* \* \* cd /srv/planet && planet build --quiet && rsync' docs/deploy.md) ||
    fail "docs/deploy.md has no cron line"
command=${line#\*/15 \* \* \* \* }
command=${command//\/srv\/planet/$tmp/planet}
command=${command//www@host:\/var\/www\/planet\//$tmp/www/}
dpkg-deb -x "$deb" "$tmp/root"
mkdir -p "$tmp/bin" "$tmp/www" "$tmp/planet"
ln -s "$tmp/root/usr/bin/planet" "$tmp/bin/planet"
cp examples/feeds/053-scripting-news-oldschool-rss2.xml "$tmp/planet/feed.xml"
printf 'title = Cron check\n\nfeed.xml  Scripting News\n' > "$tmp/planet/feeds.txt"
cron() { env -i PATH="$tmp/bin:/usr/bin:/bin" SHELL=/bin/sh sh -c "$1"; }
cron "$command" > "$tmp/out" 2>&1 || fail "the cron line exits $?: $(cat "$tmp/out")"
[ ! -s "$tmp/out" ] || fail "the cron line printed (cron would mail it): $(cat "$tmp/out")"
[ -f "$tmp/www/index.html" ] || fail "the cron line published no site"
second=${command/rsync -a/rsync -a --itemize-changes}
cron "$second" > "$tmp/out" 2>&1 || fail "the second cron run exits $?: $(cat "$tmp/out")"
[ ! -s "$tmp/out" ] || fail "the second run, nothing changed, transferred: $(cat "$tmp/out")"
ok "the cron line publishes quietly, and the next run transfers nothing"
rm -rf "$tmp/www" && mkdir "$tmp/www"
status=0
flock "$tmp/planet/.planet/lock" sh -c "$(declare -f cron); tmp='$tmp'; cron '$command'" > "$tmp/out" 2>&1 || status=$?
[ "$status" = 75 ] || fail "with the lock held the cron line exits $status, not 75: $(cat "$tmp/out")"
[ -z "$(ls -A "$tmp/www")" ] || fail "with the lock held the cron line published"
ok "with the lock held the cron line exits 75 and publishes nothing: $(cat "$tmp/out")"
