#!/usr/bin/env bash
# Installs the C libraries planet links against (Debian/Ubuntu), only those missing.
# Usage: scripts/setup.sh [extra-package ...]
set -euo pipefail
# libcurl4-openssl-dev: the release build links Foundation statically, which links libcurl by name.
packages=(libxml2-dev libxml2-utils libcmark-dev libsqlite3-dev libcurl4-openssl-dev pkg-config "$@")
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
