#!/usr/bin/env bash
# The phones benchmark: bench/phones.sh [PHONES]   (default 200)
#
# On a fresh SQLite server on 127.0.0.1: what each page of the app weighs on the wire
# (bytes as sent to a browser that accepts gzip and brotli, with the requests a cold visit
# makes: the page, its style, its script), then PHONES phones following one club night's
# live stream while players check in one a second: how long every change takes to reach
# every phone (p50, p99, max) and what the followers cost the server in resident memory.
# Prints Markdown rows.
set -euo pipefail
[ -z "${TRACE:-}" ] || set -x
cd "$(dirname "$0")/.."
PHONES=${1:-200}
[ -n "${SKIP_BUILD:-}" ] || cargo build --release -q -p spielstand-api -p spielstand-bench
bin=${BIN:-${CARGO_TARGET_DIR:-target}/release}

# $work and cleanup, free_port
source bench/lib.sh
rss_kb() { awk '/VmRSS/ {print $2}' "/proc/$1/status"; }

db="$work/phones.db"
token=$("$bin/spielstand-api" --database-url "$db" token create --create --name phones --scope admin 2> /dev/null | tail -n 1)
port=$(free_port)
url="http://127.0.0.1:$port"
# Every phone of the benchmark comes from 127.0.0.1, where a club's come from as many
# addresses: the per-address limits would refuse all past the first few dozen.
RUST_LOG=warn "$bin/spielstand-api" --database-url "$db" --bind "127.0.0.1:$port" \
  --streams-per-address 0 --connections-per-address 0 2> "$work/server.log" &
server=$!
pids+=("$server")
for _ in $(seq 1 100); do curl -fsS "$url/api/v1/health" > /dev/null 2>&1 && break; sleep 0.1; done

api() { curl -fsS -H "Authorization: Bearer $token" -H 'Content-Type: application/json' "$@"; }
field() { python3 -c "import json, sys; print(json.load(sys.stdin)$1)"; }

# A night of eight at two tables, with a join code and a member's pass.
today=$(date +%F)
for name in Anna Ben Cleo Dora Emil Fritz Greta Hans; do
  api -d "{\"name\": \"$name\"}" "$url/api/v1/players" > /dev/null
done
league=$(api -d '{"name": "Handyliga", "rules": {"games": ["mensch-aergere-dich-nicht", "rangeln"]}}' "$url/api/v1/leagues" | field '["id"]')
night=$(api -d "{\"title\": \"Handyabend\", \"date\": \"$today\"}" "$url/api/v1/leagues/$league/events" | field '["id"]')
api -d '{"players": ["Anna", "Ben", "Cleo", "Dora", "Emil", "Fritz", "Greta", "Hans"]}' "$url/api/v1/events/$night/attendees" > /dev/null
api -d '{"game": "mensch-aergere-dich-nicht", "method": "random", "size": 4, "seed": 1}' "$url/api/v1/events/$night/rounds" > /dev/null
code=$(api -d "{}" "$url/api/v1/events/$night/join-codes" | field '["code"]')
member="$work/member.jar"
curl -fsS -c "$member" -H 'Content-Type: application/json' -d "{\"code\": \"$code\", \"player\": \"Anna\"}" "$url/api/v1/join" > /dev/null
organiser="$work/organiser.jar"
curl -fsS -c "$organiser" -o /dev/null -H "Origin: $url" --data-urlencode "token=$token" "$url/app/sign-in"

# bytes JAR PATH: bytes on the wire for PATH (as a browser accepting br and gzip gets it).
bytes() {
  curl -fsS -b "$1" -o /dev/null -H 'Accept-Encoding: br, gzip' -H 'Accept-Language: de' -w '%{size_download}' "$url$2"
}
raw() { curl -fsS -b "$1" -o /dev/null -H 'Accept-Language: de' -w '%{size_download}' "$url$2"; }
# page_row LABEL JAR PATH: the page and what it links (style, script) as a cold visit
# loads them, plus the icon every browser asks for; the service worker comes after the
# first visit, in the background.
sw=$(bytes /dev/null /sw.js)
page_row() {
  local label=$1 jar=$2 path=$3 total total_raw requests links link
  links=$(curl -fsS -b "$jar" "$url$path" | grep -Eo '(href|src)="/app/app\.(css|js)[^"]*"' | sed -E 's/^(href|src)="//; s/"$//' | sort -u)
  total=$(($(bytes "$jar" "$path") + $(bytes /dev/null /favicon.ico)))
  total_raw=$(($(raw "$jar" "$path") + $(raw /dev/null /favicon.ico)))
  requests=2
  for link in $links; do
    total=$((total + $(bytes /dev/null "$link")))
    total_raw=$((total_raw + $(raw /dev/null "$link")))
    requests=$((requests + 1))
  done
  echo "| $label (\`$path\`) | $((total / 1024)) KB on the wire ($((total_raw / 1024)) KB uncompressed), $requests requests cold with the icon | <= 30 KB, <= 4 requests |"
}
page_row "landing" /dev/null "/"
page_row "joining" /dev/null "/n/$code"
page_row "a member's night" "$member" "/app/nights/$night"
page_row "the organiser's night" "$organiser" "/app/organiser/nights/$night"
page_row "the projector's tables" /dev/null "/embed/events/$night/tables"
echo "| the service worker (after the first visit, in the background) | $sw bytes on the wire | |"

# The stream: PHONES followers, 20 check-ins a second apart (a new night of its own).
before_kb=$(rss_kb "$server")
peak_kb=$before_kb
(
  while kill -0 "$server" 2> /dev/null; do
    rss_kb "$server"
    sleep 0.2
  done
) > "$work/rss" &
sampler=$!
# Into a variable first: a failure inside `<<< "$(...)"` would not stop the script.
figures=$("$bin/spielstand-bench" --server "$url" --token "$token" followers \
  --phones "$PHONES" --changes 20 --interval-ms 1000)
read -r p50 p99 max missed <<< "$figures"
kill "$sampler" 2> /dev/null || true
peak_kb=$(sort -n "$work/rss" | tail -n 1)
echo "| $PHONES phones on one night's stream, 20 changes a second apart | every change at every phone: p50 $p50 ms, p99 $p99 ms, max $max ms; $missed missed | p99 <= 1000 ms, none missed |"
echo "| server resident memory with $PHONES followers | +$(((peak_kb - before_kb) / 1024)) MB ($((before_kb / 1024)) MB before, $((peak_kb / 1024)) MB at the peak) | <= +30 MB |"
