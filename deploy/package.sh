#!/usr/bin/env bash
# Builds the Debian package (target/debian/spielstand_VERSION_ARCH.deb) from the workspace
# with cargo-deb: both binaries, built once, with the services and settings of
# deploy/debian/. Usage: bash deploy/package.sh [--deb-version VERSION]
set -euo pipefail
cd "$(dirname "$0")/.."
# cargo-deb, pinned: the package's layout is work to take on on purpose.
if [ "$(cargo deb --version 2> /dev/null | awk '{print $2}')" != "3.8.0" ]; then
  cargo install cargo-deb --locked --version 3.8.0
fi
cargo build --release --locked -p spielstand-api -p spielstand-cli
# Stripped: line tables are for profiling a build, not for a club's machine.
cargo deb --locked --no-build --strip -p spielstand-api "$@"
ls -1 "${CARGO_TARGET_DIR:-target}"/debian/*.deb
