#!/usr/bin/env bash
# Checks the package `make deb` built, unpacked with dpkg-deb -x into a throwaway folder (no root,
# nothing installed on this machine): Depends: names exactly the packages of the libraries the
# binary loads itself; the installed binary runs with an empty environment (env -i) and builds a
# site from `planet init` with the installed templates; man -l renders planet(1) without a groff
# warning; bash -n, zsh -n and fish -n load the completions (each shell where present) and bash's
# completes `planet bu` to build; systemd-analyze verify passes on the units; lintian reports no
# error. Run by .ci/run after `make test`. Usage: scripts/check-deb.sh [DEB]
set -euo pipefail
cd "$(dirname "$0")/.."
deb=${1:-$(ls .build/deb/planet_*.deb 2>/dev/null | head -n 1)}
[ -f "$deb" ] || { echo "check-deb: no package; run make deb first" >&2; exit 2; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-deb: FAILED: $*" >&2; exit 1; }
ok() { echo "check-deb: ok: $*"; }

dpkg-deb -x "$deb" "$tmp/root"
planet=$tmp/root/usr/bin/planet
version=$(dpkg-deb -f "$deb" Version)

# Depends: the packages owning the libraries of the binary's NEEDED entries, as ldd resolves them.
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed 's/(.*)//; s/ //g' | sed '/^$/d' | sort -u)
needed=$(readelf -d "$planet" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
owners=$(for lib in $needed; do
    path=$(ldd "$planet" | awk -v lib="$lib" '$1 == lib { print $3 } $1 ~ "/" lib "$" { print $1 }')
    [ -n "$path" ] || fail "ldd does not resolve $lib"
    dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n 1 | cut -d: -f1 ||
        dpkg -S "$path" | head -n 1 | cut -d: -f1
done | sort -u)
[ "$depends" = "$owners" ] || fail "Depends: lists '$(echo $depends)', the binary loads '$(echo $owners)'"
ok "Depends: is exactly the packages of the libraries the binary loads: $(echo $depends)"

# The installed binary, with an empty environment: no PATH, HOME, LANG or TERM.
[ "$(env -i "$planet" --version)" = "planet $version" ] || fail "env -i planet --version"
env -i "$planet" --help > "$tmp/help" || fail "env -i planet --help"
(cd "$tmp" && env -i "$planet" init site > /dev/null) || fail "env -i planet init"
(cd "$tmp/site" && env -i "$planet" build --offline --quiet --now 2024-01-02T03:04:05Z \
    --templates "$tmp/root/usr/share/planet/templates") || fail "env -i planet build --offline"
grep -q '</html>' "$tmp/site/output/index.html" || fail "the built index.html"
ok "env -i: planet --version, --help, init, build --offline with /usr/share/planet/templates"

# planet(1): rendered by man without a warning, with every command.
LC_ALL=C.UTF-8 MANWIDTH=100 man --warnings -l "$tmp/root/usr/share/man/man1/planet.1.gz" \
    > "$tmp/man.txt" 2> "$tmp/man.err" || fail "man -l: $(cat "$tmp/man.err")"
[ ! -s "$tmp/man.err" ] || fail "man -l warns: $(cat "$tmp/man.err")"
for command in init add remove list hide import export build parse check; do
    grep -q "planet $command" "$tmp/man.txt" || fail "planet(1) does not show 'planet $command'"
done
ok "man -l renders planet(1) ($(wc -l < "$tmp/man.txt") lines, no warning)"

# Completions: each loads in its shell; bash's completes a command and an option.
completions=$tmp/root/usr/share
bash -n "$completions/bash-completion/completions/planet" || fail "bash -n"
got=$(bash -c 'source "$1"; COMP_WORDS=(planet bu); COMP_CWORD=1; _planet; echo "${COMPREPLY[*]}"' _ \
    "$completions/bash-completion/completions/planet")
[ "$got" = build ] || fail "bash completes 'planet bu' to '$got'"
got=$(bash -c 'source "$1"; COMP_WORDS=(planet build --qu); COMP_CWORD=2; _planet; echo "${COMPREPLY[*]}"' _ \
    "$completions/bash-completion/completions/planet")
[ "$got" = --quiet ] || fail "bash completes 'planet build --qu' to '$got'"
ok "bash -n, and bash completes 'planet bu' and 'planet build --qu'"
if command -v zsh > /dev/null; then
    zsh -n "$completions/zsh/vendor-completions/_planet" || fail "zsh -n"
    ok "zsh -n"
else
    echo "check-deb: skipped: zsh -n (no zsh)"
fi
if command -v fish > /dev/null; then
    fish --no-execute "$completions/fish/vendor_completions.d/planet.fish" || fail "fish -n"
    ok "fish -n"
else
    echo "check-deb: skipped: fish -n (no fish)"
fi

# systemd units: verified as an instance (/srv/planet), against the unpacked tree as root.
if command -v systemd-analyze > /dev/null; then
    units=$tmp/root/usr/lib/systemd/system
    cp "$units/planet@.service" "$units/planet@srv-planet.service"
    cp "$units/planet@.timer" "$units/planet@srv-planet.timer"
    mkdir -p "$tmp/root/srv/planet"
    # The units they name (network-online.target, timers.target...) from this machine's systemd.
    for unit in /lib/systemd/system/*; do
        [ -e "$units/${unit##*/}" ] || cp -RP "$unit" "$units/"
    done
    # Documentation=man:planet(1) is looked up with man: the package's page.
    MANPATH=$tmp/root/usr/share/man SYSTEMD_LOG_LEVEL=notice systemd-analyze verify --root="$tmp/root" \
        "$units/planet@srv-planet.service" "$units/planet@srv-planet.timer" > "$tmp/verify" 2>&1 ||
        fail "systemd-analyze verify: $(cat "$tmp/verify")"
    [ ! -s "$tmp/verify" ] || fail "systemd-analyze verify says: $(cat "$tmp/verify")"
    ok "systemd-analyze verify planet@srv-planet.service planet@srv-planet.timer"
else
    echo "check-deb: skipped: systemd-analyze (no systemd)"
fi

# lintian: no error (kept warnings are explained in packaging/deb/lintian-overrides).
if command -v lintian > /dev/null; then
    lintian --fail-on error --info "$deb" > "$tmp/lintian" 2>&1 || fail "lintian: $(cat "$tmp/lintian")"
    ok "lintian: no error$( [ -s "$tmp/lintian" ] && printf '; it says:\n%s' "$(cat "$tmp/lintian")")"
else
    echo "check-deb: skipped: lintian (apt-get install lintian)"
fi
