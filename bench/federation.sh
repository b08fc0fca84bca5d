#!/usr/bin/env bash
# The federation benchmark: bench/federation.sh [LEAGUES] [RESULTS]   (default 1000 1000)
#
# LEAGUES leagues of RESULTS results each on one PostgreSQL database (filled through the
# batch endpoint), three API processes on it, 32 readers spread over the leagues with a
# Zipf-like popularity (the k-th league read with weight 1/k) over all three processes,
# while a writer posts 20 results/s (half backdated) to leagues picked uniformly, in turn
# through the three. Prints Markdown rows: reads/s, p50/p99, errors, each process's peak
# resident memory against its cache budget. With CLUBS=1 each league is a club of 20 to 60
# players (as clubs are) instead of all 500 players in every league. KEEP_DB=NAME keeps the
# filled database under that name and, when it exists, measures it again without a fill
# (the fill of 1,000 leagues takes most of half an hour). Needs PostgreSQL:
# SPIELSTAND_BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres).
set -euo pipefail
cd "$(dirname "$0")/.."
LEAGUES=${1:-1000}
RESULTS=${2:-1000}
CACHE_MB=${CACHE_MB:-256}
MEASURED_S=${MEASURED_S:-30}
if [ -n "${CLUBS:-}" ]; then
  clubs=(--clubs) shape="clubs of 20-60 players"
else
  clubs=() shape="500 players each"
fi
pg_admin=${SPIELSTAND_BENCH_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
psql "$pg_admin" -qtAc 'select 1' > /dev/null || { echo "no PostgreSQL at $pg_admin" >&2; exit 1; }
[ -n "${SKIP_BUILD:-}" ] || cargo build --release -q -p spielstand-api -p spielstand-bench
bin="${CARGO_TARGET_DIR:-target}/release"

work=$(mktemp -d)
db_name=${KEEP_DB:-spielstand_federation_$$}
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
  [ -n "${KEEP_DB:-}" ] || psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $db_name WITH (FORCE)" > /dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
peak_mb() { awk '/VmHWM/ {printf "%d", $2 / 1024}' "/proc/$1/status"; }

# start_three: three processes on the database; sets urls and server_pids.
start_three() {
  urls=() server_pids=()
  for i in 1 2 3; do
    local port
    port=$(free_port)
    RUST_LOG=warn "$bin/spielstand-api" --database-url "$db" --bind "127.0.0.1:$port" --cache-mb "$CACHE_MB" \
      --no-webhook-delivery 2> "$work/server-$i.log" &
    pids+=("$!") server_pids+=("$!") urls+=("http://127.0.0.1:$port")
    for _ in $(seq 1 100); do curl -fsS "http://127.0.0.1:$port/api/v1/ready" > /dev/null 2>&1 && break; sleep 0.1; done
  done
}

db="${pg_admin%/*}/$db_name"
if [ -n "${KEEP_DB:-}" ] && psql "$db" -qtAc 'select 1 from leagues limit 1' 2> /dev/null | grep 1 > /dev/null; then
  echo "== federation: measuring the kept database $db_name again, no fill" >&2
  read -r first last <<< "$(psql "$db" -qtAc "select min(id) || ' ' || max(id) from leagues")"
  token=$("$bin/spielstand-api" --database-url "$db" token create --name "federation-$$" --scope admin 2> /dev/null | tail -n 1)
  fill_secs=0 server_pids=()
else
  psql "$pg_admin" -qc "CREATE DATABASE $db_name" > /dev/null
  token=$("$bin/spielstand-api" --database-url "$db" token create --name federation --scope admin 2> /dev/null | tail -n 1)

  # The fill is setup, not what is measured: without waiting for each commit's flush it
  # takes minutes instead of most of an hour. The load runs with the default again.
  psql "$pg_admin" -qc "ALTER DATABASE $db_name SET synchronous_commit = off" > /dev/null
  start_three
  echo "== federation: fill $LEAGUES leagues x $RESULTS results through the batch endpoint" >&2
  started=$(date +%s.%N)
  read -r first last <<< "$("$bin/spielstand-bench" --server "${urls[0]}" --token "$token" federation-fill \
    --leagues "$LEAGUES" --results "$RESULTS" --clients 4 "${clubs[@]}")"
  fill_secs=$(echo "$(date +%s.%N) - $started" | bc)
  psql "$pg_admin" -qc "ALTER DATABASE $db_name RESET synchronous_commit" > /dev/null
  # Every league of a federation in use has been read before, and so has its snapshot: one
  # read of each (a full load, and its snapshot written), through the first process.
  echo "== federation: one read of each league" >&2
  for league in $(seq "$first" "$last"); do
    curl -fsS -o /dev/null "${urls[0]}/api/v1/leagues/$league/standings"
  done
  sleep 5
  echo "   $(psql "$db" -qtAc 'select count(*) from league_snapshots') snapshots" >&2
  psql "$db" -qc "VACUUM ANALYZE" -c "CHECKPOINT" > /dev/null
fi
# The fill went through the first process: fresh processes, so that their peak memory is
# the load's.
if [ "${#server_pids[@]}" -gt 0 ]; then
  kill "${server_pids[@]}"
  wait "${server_pids[@]}" 2> /dev/null || true
fi
start_three
load() {
  "$bin/spielstand-bench" --server "${urls[0]}" --token "$token" federation --first "$first" --last "$last" \
    --readers 32 --rate 20 --seconds "$1" --also "${urls[1]},${urls[2]}" "${clubs[@]}"
}
echo "== federation: warm-up, 10 s" >&2
load 10 > /dev/null
echo "== federation: 32 readers (Zipf over $LEAGUES leagues, 3 processes) + 20 writes/s, $MEASURED_S s" >&2
read -r rps p50 p99 errors writes <<< "$(load "$MEASURED_S")"
metrics=$(curl -fsS "${urls[0]}/metrics")
misses=$(awk '/^spielstand_cache_misses_total / {print $2}' <<< "$metrics")
evictions=$(awk '/^spielstand_cache_evictions_total / {print $2}' <<< "$metrics")
demotions=$(awk '/^spielstand_cache_demotions_total / {print $2}' <<< "$metrics")
packed=$(awk '/^spielstand_cache_packed_hits_total / {print $2}' <<< "$metrics")
peaks=$(for pid in "${server_pids[@]}"; do printf '%s MB, ' "$(peak_mb "$pid")"; done)
# A process started on the federation: from its start to its first table of a league it
# does not hold (the last one, which the Zipf readers rarely ask for).
kill "${server_pids[0]}"
wait "${server_pids[0]}" 2> /dev/null || true
port=$(free_port)
started=$(date +%s.%N)
RUST_LOG=warn "$bin/spielstand-api" --database-url "$db" --bind "127.0.0.1:$port" --cache-mb "$CACHE_MB" \
  --no-webhook-delivery 2> "$work/server-fresh.log" &
pids+=("$!")
for _ in $(seq 1 500); do
  curl -fsS -o /dev/null "http://127.0.0.1:$port/api/v1/leagues/$last/standings" 2> /dev/null && break
  sleep 0.01
done
first_answer_ms=$(echo "($(date +%s.%N) - $started) * 1000" | bc | xargs printf '%.0f')
cat << ROWS
$(if [ "$fill_secs" != 0 ]; then
  echo "| federation ($shape): fill, $LEAGUES leagues x $RESULTS results, batch endpoint, 4 clients | $(printf '%.0f' "$fill_secs") s ($(echo "$LEAGUES * $RESULTS / $fill_secs" | bc) results/s) | |"
fi)
| federation ($shape): 32 readers, Zipf over $LEAGUES leagues, 3 processes, + 20 writes/s, $MEASURED_S s | $rps req/s, p50 $p50 ms, p99 $p99 ms, $errors errors, $writes writes | p99 <= 50 ms, no error |
| federation ($shape): a process started on the $LEAGUES leagues, start to its first table of a league not in memory | $first_answer_ms ms | <= 1 s |
| federation ($shape): peak resident memory of each process (cache budget $CACHE_MB MB) | ${peaks%, }; first process: ${misses:-0} cache misses, ${demotions:-0} leagues demoted (${packed:-0} reads answered from packed views), ${evictions:-0} dropped | <= $((CACHE_MB + 100)) MB each |
ROWS
