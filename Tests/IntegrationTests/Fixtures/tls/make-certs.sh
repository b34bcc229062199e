#!/usr/bin/env bash
# Writes the certificates of FetchTLSTests into this folder (test-only keys, never trusted by
# anything but the tests): a test CA, another CA, and three server certificates signed by the
# test CA: valid (127.0.0.1 and localhost, to 2125), expired (2020-2021), wrongname
# (planet.invalid only). Rerun only to replace them; review the diff.
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat > "$work/ca.cnf" <<CNF
[ ca ]
default_ca = test
[ test ]
dir = $work
database = $work/index.txt
new_certs_dir = $work
serial = $work/serial
default_md = sha256
policy = any
copy_extensions = copy
unique_subject = no
[ any ]
commonName = supplied
CNF
touch "$work/index.txt"; echo 1000 > "$work/serial"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/ca.key" -out ca.pem -days 36500 \
  -subj "/CN=planet test CA" -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign"
openssl req -x509 -newkey rsa:2048 -nodes -keyout "$work/other-ca.key" -out other-ca.pem -days 36500 -subj "/CN=planet other CA"
make() {  # name subjectAltName start end
  openssl req -newkey rsa:2048 -nodes -keyout "$1.key" -out "$work/$1.csr" -subj "/CN=$1" -addext "subjectAltName=$2"
  openssl ca -batch -config "$work/ca.cnf" -cert ca.pem -keyfile "$work/ca.key" -in "$work/$1.csr" -out "$1.pem" \
    -startdate "$3" -enddate "$4" -notext
}
make valid "IP:127.0.0.1,DNS:localhost" 20260101000000Z 21251231000000Z
make expired "IP:127.0.0.1,DNS:localhost" 20200101000000Z 20210101000000Z
make wrongname "DNS:planet.invalid" 20260101000000Z 21251231000000Z
