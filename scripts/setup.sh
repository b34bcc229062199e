#!/usr/bin/env bash
# Installs the C libraries planet links against (Debian/Ubuntu), only those missing.
# Usage: scripts/setup.sh [extra-package ...]
set -euo pipefail
# A libcurl -dev package: planet fetches with libcurl (the CCurl target, pkg-config libcurl;
# Debian's libcurl4-openssl-dev is what is tested). Any flavour builds; the three conflict, so
# one already installed is kept.
curl_dev=libcurl4-openssl-dev
for flavour in libcurl4-gnutls-dev libcurl4-nss-dev; do
  dpkg-query -W -f='${Status}' "$flavour" 2>/dev/null | grep -q "install ok installed" && curl_dev=$flavour
done
packages=(libxml2-dev libxml2-utils libcmark-dev libsqlite3-dev "$curl_dev" pkg-config "$@")
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get update
$sudo apt-get install -y "${missing[@]}"
