#!/usr/bin/env bash
# spielstand's benchmarks, end to end: bench/run.sh [RESULTS] [PLAYERS]   (default 100000 500)
#
# Installs wrk when missing (apt), builds the release binaries, starts its own servers on
# 127.0.0.1 with fresh SQLite files in a temp dir, measures, prints a Markdown summary,
# and stops every server it started, also on Ctrl-C or failure.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
M=${2:-500}

for tool in wrk bc curl; do
  command -v "$tool" > /dev/null || missing="${missing:-} $tool"
done
if [ -n "${missing:-}" ]; then
  echo "installing$missing..." >&2
  apt-get update -qq > /dev/null && apt-get install -y -qq $missing > /dev/null
fi
cargo build --release -q -p spielstand-api -p spielstand-cli -p spielstand-bench
bin="${CARGO_TARGET_DIR:-target}/release"

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start_server NAME [server options...]: sets $url, $token and $pid for that server.
start_server() {
  local name=$1
  shift
  local port
  port=$(free_port)
  token=$("$bin/spielstand-api" --database-url "$work/$name.db" token create --name bench 2> /dev/null | tail -n 1)
  RUST_LOG=warn "$bin/spielstand-api" --database-url "$work/$name.db" --bind "127.0.0.1:$port" "$@" 2> "$work/$name.log" &
  pid=$!
  pids+=("$pid")
  url="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -fsS "$url/api/v1/health" > /dev/null 2>&1 && return; sleep 0.1; done
  echo "server $name did not start" >&2
  cat "$work/$name.log" >&2
  exit 1
}

rps() { wrk -t2 -c64 -d10s --latency "$1" | awk '/Requests\/sec/ {print $2}'; }

echo "== 1. fill a league with $N results over $M players through the write path" >&2
start_server fill
fill_url=$url fill_token=$token fill_pid=$pid
started=$(date +%s.%N)
league=$("$bin/spielstand-bench" --server "$fill_url" --token "$fill_token" fill --results "$N" --players "$M")
fill_secs=$(echo "$(date +%s.%N) - $started" | bc)
rss_kb=$(awk '/VmRSS/ {print $2}' "/proc/$fill_pid/status")

echo "== 2. warm standings: the API against an in-memory ceiling" >&2
standings="$fill_url/api/v1/leagues/$league/standings"
curl -fsS -o "$work/standings.json" "$standings"
api_rps=$(rps "$standings")
ceiling_port=$(free_port)
"$bin/ceiling" "127.0.0.1:$ceiling_port" "$work/standings.json" &
pids+=("$!")
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$ceiling_port/" 2> /dev/null && break; sleep 0.1; done
ceiling_rps=$(rps "http://127.0.0.1:$ceiling_port/")

echo "== 3. cold standings: the first request after a write" >&2
cold_ms=$("$bin/spielstand-bench" --server "$fill_url" --token "$fill_token" cold --league "$league" --players "$M" --samples 9)

echo "== 5. spielstand record, process start to exit" >&2
export XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data"
record_ms=()
for i in $(seq 1 21); do
  t0=$(date +%s%N)
  SPIELSTAND_SERVER=$fill_url SPIELSTAND_TOKEN=$fill_token "$bin/spielstand" record mensch-aergere-dich-nicht \
    --league "$league" --order "Spieler 000,Spieler 001" --date 2026-06-01 > /dev/null
  record_ms+=($(( ($(date +%s%N) - t0) / 1000 )))
done
record_median_ms=$(printf '%s\n' "${record_ms[@]}" | sort -n | awk '{a[NR]=$1} END {printf "%.1f", a[int((NR+1)/2)]/1000}')
kill "$fill_pid"

echo "== 4. durable writes: 64 clients, synchronous=FULL, group commit against one commit per result" >&2
start_server writes
grouped_league=$("$bin/spielstand-bench" --server "$url" --token "$token" fill --results 0 --players 50 --league Writes)
grouped=$("$bin/spielstand-bench" --server "$url" --token "$token" writes --league "$grouped_league" --players 50 --clients 64 --seconds 10)
kill "$pid"
start_server single --no-group-commit
single_league=$("$bin/spielstand-bench" --server "$url" --token "$token" fill --results 0 --players 50 --league Writes)
single=$("$bin/spielstand-bench" --server "$url" --token "$token" writes --league "$single_league" --players 50 --clients 64 --seconds 10)
kill "$pid"

ratio() { echo "scale=2; $1 / $2" | bc; }
cat << SUMMARY

| measurement | figure | goal |
|---|---|---|
| fill: $N results over $M players, 64 clients | $(printf '%.1f' "$fill_secs") s ($(echo "$N / $fill_secs" | bc) results/s) | |
| warm standings, 64 connections, 10 s | $api_rps req/s; ceiling $ceiling_rps req/s; ratio $(ratio "$api_rps" "$ceiling_rps") | ratio >= 0.8 |
| cold standings after a write, $N results (median of 9) | $cold_ms ms | <= 50 ms |
| durable writes, 64 clients, group commit | $grouped results/s | |
| durable writes, 64 clients, one commit per result | $single results/s; group commit is $(ratio "$grouped" "$single")x | >= 10x |
| \`spielstand record\`, start to exit (median of 21) | $record_median_ms ms | <= 20 ms |
| server resident memory after the fill | $(( rss_kb / 1024 )) MB | <= 50 MB |

Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr).
SUMMARY
