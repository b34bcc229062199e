#!/usr/bin/env bash
# Builds .build/deb/planet_VERSION_ARCH.deb from the static release binary (`make release`) with
# dpkg-deb: /usr/bin/planet, planet(1) and the bash, zsh and fish completions (printed by the
# binary from its own option tables: planet --man, planet --completions SHELL), the default
# templates under /usr/share/planet/templates, the docs, the systemd units planet@.service and
# planet@.timer, and the sysusers.d entry of the user they run as. Depends: is what
# dpkg-shlibdeps reads from the binary's NEEDED entries (the libraries ldd shows it loads itself).
# Usage: scripts/make-deb.sh [BINARY]   (default .build/release/planet; `make deb` runs it)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/planet}
[ -x "$binary" ] || { echo "make-deb: '$binary' not found; run make release first" >&2; exit 2; }
for tool in dpkg-deb dpkg-shlibdeps gzip strip; do
    command -v "$tool" >/dev/null || { echo "make-deb: needs $tool (apt-get install dpkg-dev binutils)" >&2; exit 2; }
done

version=$("$binary" --version | awk '{print $2}')
arch=$(dpkg --print-architecture)
# Reproducible: every date in the package is the last commit's (dpkg-deb clamps mtimes to it).
SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || date +%s)}
export SOURCE_DATE_EPOCH
# The Maintainer: field and the changelog's signature (MAINTAINER="Name <address>" to change).
maintainer=${MAINTAINER:-planet maintainers <maintainers@users.noreply.a-seed-d956cbc1.example>}
work=.build/deb
root=$work/root
deb=$work/planet_${version}_${arch}.deb
rm -rf "$root" "$deb"
umask 022

install -D -m 0755 "$binary" "$root/usr/bin/planet"
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$root/usr/bin/planet"
planet="$root/usr/bin/planet"

install -d "$root/usr/share/man/man1"
"$planet" --man | gzip -9n > "$root/usr/share/man/man1/planet.1.gz"
install -d "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
"$planet" --completions bash > "$root/usr/share/bash-completion/completions/planet"
"$planet" --completions zsh > "$root/usr/share/zsh/vendor-completions/_planet"
"$planet" --completions fish > "$root/usr/share/fish/vendor_completions.d/planet.fish"

install -d "$root/usr/share/planet"
cp -R templates "$root/usr/share/planet/templates"

doc=$root/usr/share/doc/planet
install -d "$doc"
install -m 0644 packaging/deb/copyright "$doc/copyright"
for file in README.md docs/deploy.md docs/ARCHITECTURE.md; do
    gzip -9n < "$file" > "$doc/$(basename "$file").gz"
done
date=$(date -u -R -d "@$SOURCE_DATE_EPOCH")
printf 'planet (%s) unstable; urgency=medium\n\n  * Built from commit %s.\n\n -- %s  %s\n' \
    "$version" "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)" \
    "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"

install -D -m 0644 "packaging/systemd/planet@.service" "$root/usr/lib/systemd/system/planet@.service"
install -D -m 0644 "packaging/systemd/planet@.timer" "$root/usr/lib/systemd/system/planet@.timer"
install -D -m 0644 packaging/deb/planet.sysusers "$root/usr/lib/sysusers.d/planet.conf"
find "$root" -type d -exec chmod 0755 {} + && find "$root" -type f ! -path '*/usr/bin/*' -exec chmod 0644 {} +

# Depends: dpkg-shlibdeps wants a source package's debian/control to run in.
shlibs=$work/shlibs
rm -rf "$shlibs" && mkdir -p "$shlibs/debian"
printf 'Source: planet\n\nPackage: planet\nArchitecture: any\n' > "$shlibs/debian/control"
depends=$(cd "$shlibs" && dpkg-shlibdeps -O "$OLDPWD/$planet" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no libraries in $planet" >&2; exit 1; }

install -d "$root/DEBIAN"
install -m 0755 packaging/deb/postinst "$root/DEBIAN/postinst"
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 0644 "$root/DEBIAN/md5sums"
cat > "$root/DEBIAN/control" <<CONTROL
Package: planet
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)
Depends: $depends
Section: web
Priority: optional
Description: feed aggregator and static site generator (a "planet")
 planet reads a subscription list (feeds.txt), fetches every feed
 concurrently with conditional GET, parses RSS, Atom and JSON Feed,
 sanitizes their HTML, merges the entries into one river and renders,
 through Mustache templates, a static site with merged RSS, Atom and JSON
 feeds and an OPML list. Made to run from cron or from the systemd timer
 planet@.timer shipped here.
CONTROL
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb" >/dev/null
echo "$deb"
