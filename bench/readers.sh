#!/usr/bin/env bash
# Readers under writes, measured as a club loads the server: bench/readers.sh [RESULTS] [PLAYERS]
# (default 100000 500). The standings of one league read by `wrk -t2 -c32` on one URL
# while one separate client process (bench/writer.py) posts results over HTTP, a new
# connection per result, every other one backdated to a day of the season, at 2 and 20
# writes/s; with SPIELSTAND_BENCH_POSTGRES_URL set, the same on PostgreSQL with two API
# processes behind one wrk each and the writer posting through the first.
#
# BIN=DIR measures the binaries in DIR instead of building this checkout's (the commit
# before, for a paired run); KEEP_DB=FILE keeps the filled SQLite file there and starts
# from a copy of it next time (the fill takes a while); KEEP_PG=NAME does the same with a
# PostgreSQL database of that name (a template each run copies); SQLITE= (empty) skips
# the SQLite part.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
M=${2:-500}
SECS=${SECS:-20}
for tool in wrk curl python3; do
  command -v "$tool" > /dev/null || missing="${missing:-} $tool"
done
if [ -n "${missing:-}" ]; then
  apt-get update -qq > /dev/null && apt-get install -y -qq $missing > /dev/null
fi
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p spielstand-api -p spielstand-bench
fi
bin=${BIN:-${CARGO_TARGET_DIR:-target}/release}
filler="${CARGO_TARGET_DIR:-target}/release/spielstand-bench"
[ -x "$filler" ] || cargo build --release -q -p spielstand-bench

# $work and cleanup, start_server, wrk_each, peak_mb
source bench/lib.sh

# measure LABEL LEAGUE WRITE_URL READ_URL...: warm, then + 2 and + 20 writes/s; one
# Markdown row each.
measure() {
  local label=$1 league=$2 writer_url=$3
  shift 3
  local urls=()
  for u in "$@"; do urls+=("$u/api/v1/leagues/$league/standings"); done
  local warm_rps warm_p50 warm_p99
  read -r warm_rps warm_p50 warm_p99 <<< "$(wrk_each 2 32 "$SECS" "${urls[@]}")"
  echo "| $label warm | $warm_rps | 1.00 | $warm_p50 | $warm_p99 | | |"
  for rate in 2 20; do
    python3 bench/writer.py "$writer_url" "$token" "$league" "$rate" "$SECS" "$M" > "$work/writer.out" &
    local writer=$!
    local rps p50 p99
    read -r rps p50 p99 <<< "$(wrk_each 2 32 "$SECS" "${urls[@]}")"
    wait "$writer"
    local sent ok failed behind_p99 behind_max reads
    read -r sent ok failed behind_p99 behind_max reads < "$work/writer.out"
    [ "$failed" = 0 ] || { echo "$failed of $sent writes failed" >&2; exit 1; }
    echo "| $label + $rate writes/s | $rps | $(echo "scale=2; $rps / $warm_rps" | bc) | $p50 | $p99 | $behind_p99 / $behind_max ($reads reads) | $ok |"
  done
}

echo "| load | req/s | ratio to warm | p50 ms | p99 ms | behind p99 / max ms | writes |"
echo "|---|---|---|---|---|---|---|"
if [ -n "${SQLITE-1}" ]; then
  if [ -n "${KEEP_DB:-}" ] && [ -f "$KEEP_DB" ]; then
    cp "$KEEP_DB" "$work/readers.db"
  fi
  start_server readers
  if [ -n "${KEEP_DB:-}" ] && [ -f "$KEEP_DB" ]; then
    league=1
  else
    echo "filling a league with $N results over $M players..." >&2
    league=$("$filler" --server "$url" --token "$token" fill --results "$N" --players "$M")
    if [ -n "${KEEP_DB:-}" ]; then
      kill "$pid"
      wait "$pid" 2> /dev/null || true
      cp "$work/readers.db" "$KEEP_DB"
      start_server readers
    fi
  fi
  curl -fsS -o /dev/null "$url/api/v1/leagues/$league/standings"
  measure "SQLite" "$league" "$url" "$url"
  echo "| SQLite peak RSS | $(peak_mb "$pid") MB | | | | | |"
  kill "$pid"
fi

if [ -n "${SPIELSTAND_BENCH_POSTGRES_URL:-}" ]; then
  pg_admin=$SPIELSTAND_BENCH_POSTGRES_URL
  pg_db="spielstand_readers_$$"
  kept=no
  if [ -n "${KEEP_PG:-}" ] && [ "$(psql "$pg_admin" -tAc "SELECT 1 FROM pg_database WHERE datname = '$KEEP_PG'")" = 1 ]; then
    psql "$pg_admin" -qc "CREATE DATABASE $pg_db TEMPLATE $KEEP_PG" > /dev/null
    kept=yes
  else
    psql "$pg_admin" -qc "CREATE DATABASE $pg_db" > /dev/null
  fi
  trap 'cleanup; psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" > /dev/null 2>&1 || true' EXIT INT TERM
  DB="${pg_admin%/*}/$pg_db"
  token=""
  start_server pg-a
  first=$url first_pid=$pid
  if [ "$kept" = yes ]; then
    pg_league=1
  else
    echo "filling a league on PostgreSQL..." >&2
    pg_league=$("$filler" --server "$first" --token "$token" fill --results "$N" --players "$M")
    if [ -n "${KEEP_PG:-}" ]; then
      kill "$first_pid"
      wait "$first_pid" 2> /dev/null || true
      psql "$pg_admin" -qc "CREATE DATABASE $KEEP_PG TEMPLATE $pg_db" > /dev/null
      start_server pg-a
      first=$url first_pid=$pid
    fi
  fi
  start_server pg-b
  curl -fsS -o /dev/null "$first/api/v1/leagues/$pg_league/standings"
  curl -fsS -o /dev/null "$url/api/v1/leagues/$pg_league/standings"
  measure "PostgreSQL, 2 processes" "$pg_league" "$first" "$first" "$url"
  echo "| PostgreSQL peak RSS | $(peak_mb "$first_pid") and $(peak_mb "$pid") MB | | | | | |"
fi
