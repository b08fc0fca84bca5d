#!/usr/bin/env bash
# Builds the Debian package (target/debian/spielstand_VERSION_ARCH.deb) from the workspace
# with cargo-deb: both binaries, built once, with the services and settings of
# deploy/debian/. Usage: bash deploy/package.sh [--deb-version VERSION] [cargo-deb's options]
# From a git checkout the version carries the commit's time (0.1.0+git20261127213000), so
# that the package of a later commit upgrades the package of an earlier one.
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo-deb, pinned: the package's layout is work to take on on purpose.
if [ "$(cargo deb --version 2> /dev/null | awk '{print $2}')" != "3.8.0" ]; then
  cargo install cargo-deb --locked --version 3.8.0
fi
cargo build --release --locked -p spielstand-api -p spielstand-cli
# Stripped: line tables are for profiling a build, not for a club's machine.
version=()
if [[ " $* " != *" --deb-version "* ]] && stamp=$(TZ=UTC git log -1 --format=%cd --date=format-local:%Y%m%d%H%M%S 2> /dev/null); then
  crate=$(cargo metadata --no-deps --format-version 1 --locked \
    | python3 -c 'import json,sys; print(next(p["version"] for p in json.load(sys.stdin)["packages"] if p["name"] == "spielstand-api"))')
  version=(--deb-version "$crate+git$stamp")
fi
cargo deb --locked --no-build --strip -p spielstand-api "${version[@]}" "$@"
ls -1 "${CARGO_TARGET_DIR:-target}"/debian/*.deb
