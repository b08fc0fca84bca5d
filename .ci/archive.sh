#!/usr/bin/env bash
# The release archive as another Linux machine uses it: its checksums hold, it unpacks
# into an empty folder, and README's tour runs against its own binaries (the server
# started from the folder, a token, two players, a league, a game, the table).
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
archive=$(ls -1 "$target"/dist/spielstand-*-x86_64-linux.tar.gz | head -n 1)
[ -f "$archive" ] || { echo "no archive: run bash deploy/archive.sh first" >&2; exit 1; }
(cd "$(dirname "$archive")" && sha256sum --check --quiet "$(basename "$archive").sha256")
empty=$(mktemp -d)
server=
cleanup() {
  if [ -n "$server" ]; then kill "$server" 2> /dev/null || true; wait "$server" 2> /dev/null || true; fi
  rm -rf "$empty"
}
trap cleanup EXIT
tar -xzf "$archive" -C "$empty"
folder=$(ls -d "$empty"/spielstand-*)
(cd "$folder" && sha256sum --check --quiet SHA256SUMS)
bin="$folder/bin"
port=$((20000 + RANDOM % 20000))
cd "$empty"
"$bin/spielstand-api" --bind "127.0.0.1:$port" > server.log 2>&1 &
server=$!
for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/api/v1/ready" > /dev/null 2>&1 && break; sleep 0.1; done
# The tour of README.md, with the archive's binaries for `cargo run` and `cargo install`.
token=$("$bin/spielstand-api" token create --name organiser --scope admin 2> /dev/null | tail -n 1)
export SPIELSTAND_SERVER="http://127.0.0.1:$port" SPIELSTAND_TOKEN="$token" HOME="$empty"
"$bin/spielstand" player add Anna > /dev/null
"$bin/spielstand" player add Ben > /dev/null
"$bin/spielstand" league create "Winterliga 2026" --games rangeln,mensch-aergere-dich-nicht --points table:10,6,4,2,1 > /dev/null
"$bin/spielstand" record mensch --league "Winterliga 2026" --order "Ben,Anna" > /dev/null
table=$("$bin/spielstand" standings "Winterliga 2026" --format json)
echo "$table" | python3 -c 'import json,sys; rows=json.load(sys.stdin)["rows"]; assert [(r["player"], r["points"]) for r in rows] == [("Ben", 10), ("Anna", 6)], rows'
curl -fsS "http://127.0.0.1:$port/api/v1/leagues/1/standings" > /dev/null
curl -fsS "http://127.0.0.1:$port/embed/leagues/1/standings" | grep Winterliga > /dev/null
echo "archive: $(basename "$archive") unpacks, its sums hold, and README's tour runs on its binaries"
