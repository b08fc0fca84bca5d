#!/usr/bin/env bash
# The release archive for Linux machines without Debian's package manager:
# target/dist/spielstand-VERSION-x86_64-linux.tar.gz with both binaries (stripped), the
# systemd unit, README.md and SHA256SUMS, and a .sha256 beside it. Usage:
#   bash deploy/archive.sh
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
version=$(cargo metadata --no-deps --format-version 1 --locked \
  | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "spielstand-api"))')
name="spielstand-$version-x86_64-linux"
cargo build --release --locked -p spielstand-api -p spielstand-cli
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name/bin"
for binary in spielstand-api spielstand; do
  strip -o "$stage/$name/bin/$binary" "$target/release/$binary"
done
cp deploy/spielstand-api.service README.md "$stage/$name/"
(cd "$stage/$name" && sha256sum bin/spielstand-api bin/spielstand spielstand-api.service README.md > SHA256SUMS)
mkdir -p "$target/dist"
# The same bytes for the same files: owners and times fixed.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00Z' \
  -C "$stage" -czf "$target/dist/$name.tar.gz" "$name"
(cd "$target/dist" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$target/dist/$name.tar.gz"
