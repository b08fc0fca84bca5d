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

for tool in wrk bc curl jq; do
  command -v "$tool" > /dev/null || missing="${missing:-} $tool"
done
if [ -n "${missing:-}" ]; then
  echo "installing$missing..." >&2
  apt-get update -qq > /dev/null && apt-get install -y -qq $missing > /dev/null
fi
# BIN=DIR measures the binaries in DIR instead of building this checkout's (the commit
# before, for a paired run).
if [ -z "${BIN:-}" ]; then
  cargo build --release -q -p spielstand-api -p spielstand-cli -p spielstand-bench
fi
bin=${BIN:-${CARGO_TARGET_DIR:-target}/release}


# $work and cleanup, free_port, start_server, rps, wrk_run, peak_mb
source bench/lib.sh

# mixed LABEL RATE LEAGUE SERVER [OTHER]: the standings under wrk_run for 20 s while a
# writer posts RATE results per second (half backdated into the season) through SERVER
# (and OTHER in turn); prints "req/s p50 p99".
mixed() {
  local label=$1 rate=$2 league=$3 server=$4 other=${5:-}
  echo "   $label: 32 readers, $rate writes/s" >&2
  "$bin/spielstand-bench" --server "$server" --token "$token" trickle --league "$league" --players "$M" \
    --rate "$rate" --seconds 20 ${other:+--also "$other"} > /dev/null 2> "$work/trickle.log" &
  local writer=$!
  local urls=("$server/api/v1/leagues/$league/standings")
  [ -n "$other" ] && urls+=("$other/api/v1/leagues/$league/standings")
  wrk_run 20 "${urls[@]}"
  wait "$writer" || { cat "$work/trickle.log" >&2; exit 1; }
}


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
# Side by side in the same server: a warm table against the liveness check (which asks
# the database too).
health_rps=$(rps "$fill_url/api/v1/health")
api_rps_again=$(rps "$standings")
# The same table as a browser or a club's server fetches it, gzip accepted: compressed once
# per revision, against the bare server sending the same compressed bytes.
gz_rps() { wrk -t2 -c64 -d10s --latency -H 'Accept-Encoding: gzip' "$1" | awk '/Requests\/sec/ {print $2}'; }
curl -fsS -H 'Accept-Encoding: gzip' -o "$work/standings.json.gz" "$standings"
plain_bytes=$(stat -c %s "$work/standings.json")
gz_bytes=$(stat -c %s "$work/standings.json.gz")
api_gz_rps=$(gz_rps "$standings")
ceiling_gz_port=$(free_port)
"$bin/ceiling" "127.0.0.1:$ceiling_gz_port" "$work/standings.json.gz" gzip &
pids+=("$!")
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$ceiling_gz_port/" 2> /dev/null && break; sleep 0.1; done
ceiling_gz_rps=$(gz_rps "http://127.0.0.1:$ceiling_gz_port/")

echo "== 3. cold standings: the first request after a write (appended, backdated, a backdated correction)" >&2
cold() { "$bin/spielstand-bench" --server "$1" --token "$token" cold --league "$2" --players "$M" --samples 9 --write "$3"; }
token=$fill_token
cold_append_ms=$(cold "$fill_url" "$league" append)
cold_backdate_ms=$(cold "$fill_url" "$league" backdate)
cold_correct_ms=$(cold "$fill_url" "$league" correct)

echo "== 3b. statistics and head-to-head: warm, and the first read after an appended result" >&2
# The table's leader: the player whose statistics page is read.
leader=$(jq -r '.rows[0].player' "$work/standings.json")
leader_id=$(curl -fsS "$fill_url/api/v1/players" | jq -r --arg name "$leader" '.[] | select(.name == $name) | .id')
h2h="$fill_url/api/v1/leagues/$league/head-to-head"
stats="$fill_url/api/v1/leagues/$league/players/$leader_id/stats"
# The head-to-head comes in pages (1000 pairs unless asked); a player's pairs on one.
h2h_player="$h2h?player=$leader_id"
h2h_bytes=$(curl -fsS "$h2h" | wc -c)
h2h_total=$(curl -fsS "$h2h" | jq -r .total)
h2h_player_bytes=$(curl -fsS "$h2h_player" | wc -c)
curl -fsS -o /dev/null "$stats"
h2h_rps=$(rps "$h2h")
h2h_player_rps=$(rps "$h2h_player")
stats_rps=$(rps "$stats")
cold_h2h_ms=$("$bin/spielstand-bench" --server "$fill_url" --token "$token" cold --league "$league" --players "$M" --samples 9 --view head-to-head)
cold_h2h_player_ms=$("$bin/spielstand-bench" --server "$fill_url" --token "$token" cold --league "$league" --players "$M" --samples 9 --view "head-to-head?player=$leader_id")
# Every pair, all pages, as the CLI reads them for its matrix (after a write: cold).
t0=$(date +%s%N)
SPIELSTAND_SERVER=$fill_url "$bin/spielstand" h2h "$league" --format json > "$work/h2h.json"
h2h_all_ms=$(( ($(date +%s%N) - t0) / 1000000 ))
jq -e '(.pairs | length) == .total' "$work/h2h.json" > /dev/null || { echo "spielstand h2h missed pairs" >&2; exit 1; }
cold_stats_ms=$("$bin/spielstand-bench" --server "$fill_url" --token "$token" cold --league "$league" --players "$M" --samples 9 --view "players/$leader_id/stats")

echo "== 6. mixed load on SQLite: the standings while results arrive" >&2
read -r warm_rps warm_p50 warm_p99 <<< "$(wrk_run 20 "$standings")"
read -r mix2_rps mix2_p50 mix2_p99 <<< "$(mixed "2/s" 2 "$league" "$fill_url")"
read -r mix20_rps mix20_p50 mix20_p99 <<< "$(mixed "20/s" 20 "$league" "$fill_url")"
sqlite_peak_mb=$(peak_mb "$fill_pid")

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

echo "== 4. exports: 16 parallel public exports of a 20,000-result league, results arriving, health meanwhile" >&2
start_server export
export_pid=$pid
export_league=$("$bin/spielstand-bench" --server "$url" --token "$token" fill --results 20000 --players 40 --league Export)
export_doc="$url/api/v1/leagues/$export_league/export"
export_mb=$(curl -fsS "$export_doc" | wc -c | awk '{printf "%.1f", $1 / 1048576}')
export_before_mb=$(peak_mb "$export_pid")
: > "$work/exports"
export_end=$(( $(date +%s) + 20 ))
loops=()
for _ in $(seq 1 16); do
  ( while [ "$(date +%s)" -lt "$export_end" ]; do
      curl -fsS -o /dev/null "$export_doc" && echo >> "$work/exports"
    done ) &
  loops+=($!)
done
# A new revision every half second: the export is computed again while being asked for.
"$bin/spielstand-bench" --server "$url" --token "$token" trickle --league "$export_league" --players 40 \
  --rate 2 --seconds 20 > /dev/null 2> "$work/trickle.log" &
export_writer=$!
health_p99=$(wrk -t1 -c4 -d20s --latency "$url/api/v1/health" | awk '
  function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
  $1 == "99%" { printf "%.2f", ms($2) }')
wait "${loops[@]}"
wait "$export_writer" || { cat "$work/trickle.log" >&2; exit 1; }
export_count=$(wc -l < "$work/exports")
export_peak_mb=$(peak_mb "$export_pid")
kill "$export_pid"

echo "== 8. import: 10,000 BG Stats plays through the CLI, and the same file again" >&2
start_server import
"$bin/spielstand-bench" bgstats --plays 10000 --players 40 > "$work/bgstats.json"
SPIELSTAND_SERVER=$url SPIELSTAND_TOKEN=$token "$bin/spielstand" league create Importliga --games all > /dev/null
import_once() {
  local t0
  t0=$(date +%s%N)
  SPIELSTAND_SERVER=$url SPIELSTAND_TOKEN=$token "$bin/spielstand" import bgstats "$work/bgstats.json" \
    --league Importliga --create-players > /dev/null
  echo "scale=2; ($(date +%s%N) - $t0) / 1000000000" | bc
}
import_secs=$(import_once)
reimport_secs=$(import_once)
import_peak_mb=$(peak_mb "$pid")
kill "$pid"


start_server writes
grouped_league=$("$bin/spielstand-bench" --server "$url" --token "$token" fill --results 0 --players 50 --league Writes)
grouped=$("$bin/spielstand-bench" --server "$url" --token "$token" writes --league "$grouped_league" --players 50 --clients 64 --seconds 10)
kill "$pid"
start_server single --no-group-commit
single_league=$("$bin/spielstand-bench" --server "$url" --token "$token" fill --results 0 --players 50 --league Writes)
single=$("$bin/spielstand-bench" --server "$url" --token "$token" writes --league "$single_league" --players 50 --clients 64 --seconds 10)
kill "$pid"

ratio() { echo "scale=2; $1 / $2" | bc; }

echo "== 7. mixed load on PostgreSQL: two API processes on one database" >&2
# SPIELSTAND_BENCH_POSTGRES_URL= (empty) skips this part.
pg_admin=${SPIELSTAND_BENCH_POSTGRES_URL-postgres://postgres@127.0.0.1:5432/postgres}
pg_rows="| PostgreSQL | skipped: no server at '$pg_admin' (set SPIELSTAND_BENCH_POSTGRES_URL) | |"
if [ -n "$pg_admin" ] && command -v psql > /dev/null && psql "$pg_admin" -qtAc 'select 1' > /dev/null 2>&1; then
  pg_db="spielstand_bench_$$"
  psql "$pg_admin" -qc "CREATE DATABASE $pg_db" > /dev/null
  trap 'cleanup; psql "$pg_admin" -qc "DROP DATABASE IF EXISTS $pg_db WITH (FORCE)" > /dev/null 2>&1 || true' EXIT INT TERM
  token=""
  DB="${pg_admin%/*}/$pg_db"
  start_server pg-a
  pg_a=$url pg_a_pid=$pid
  start_server pg-b
  pg_b=$url pg_b_pid=$pid
  unset DB
  started=$(date +%s.%N)
  pg_league=$("$bin/spielstand-bench" --server "$pg_a" --token "$token" fill --results "$N" --players "$M")
  pg_fill_secs=$(echo "$(date +%s.%N) - $started" | bc)
  # Let autovacuum's work after the fill not land in the measurements.
  psql "${pg_admin%/*}/$pg_db" -qc "VACUUM ANALYZE" -c "CHECKPOINT" > /dev/null
  pg_standings=("$pg_a/api/v1/leagues/$pg_league/standings" "$pg_b/api/v1/leagues/$pg_league/standings")
  curl -fsS -o /dev/null "${pg_standings[0]}" && curl -fsS -o /dev/null "${pg_standings[1]}"
  read -r pg_warm_rps pg_warm_p50 pg_warm_p99 <<< "$(wrk_run 20 "${pg_standings[@]}")"
  read -r pg_mix2_rps pg_mix2_p50 pg_mix2_p99 <<< "$(mixed "2/s" 2 "$pg_league" "$pg_a" "$pg_b")"
  read -r pg_mix20_rps pg_mix20_p50 pg_mix20_p99 <<< "$(mixed "20/s" 20 "$pg_league" "$pg_a" "$pg_b")"
  pg_cold_append_ms=$(cold "$pg_b" "$pg_league" append)
  pg_cold_correct_ms=$(cold "$pg_b" "$pg_league" correct)
  pg_rows="| PostgreSQL, fill: $N results through one process | $(printf '%.1f' "$pg_fill_secs") s | |
| PostgreSQL, warm only: 32 readers over two processes, 20 s | $pg_warm_rps req/s, p50 $pg_warm_p50 ms, p99 $pg_warm_p99 ms | |
| PostgreSQL, mixed: + 2 writes/s through both | $pg_mix2_rps req/s (ratio $(ratio "$pg_mix2_rps" "$pg_warm_rps")), p50 $pg_mix2_p50 ms, p99 $pg_mix2_p99 ms | ratio >= 0.8, p99 <= 25 ms |
| PostgreSQL, mixed: + 20 writes/s through both | $pg_mix20_rps req/s (ratio $(ratio "$pg_mix20_rps" "$pg_warm_rps")), p50 $pg_mix20_p50 ms, p99 $pg_mix20_p99 ms | ratio >= 0.8, p99 <= 25 ms |
| PostgreSQL, first table after an appended / a backdated correction (median of 9) | $pg_cold_append_ms ms / $pg_cold_correct_ms ms | <= 5 ms / <= 100 ms |
| PostgreSQL servers, peak resident memory | $(peak_mb "$pg_a_pid") MB and $(peak_mb "$pg_b_pid") MB | <= 100 MB |"
  kill "$pg_a_pid" "$pg_b_pid"
fi
echo "== 7b. a league not in memory: its first table read back from its snapshot, and read in full" >&2
# The fill's server is gone (stopped after its sections): one on its file adds the small
# league and writes both leagues' snapshots.
DB=$work/fill.db start_server snapshots
small=$("$bin/spielstand-bench" --server "$url" --token "$fill_token" fill --results 1000 --players 40 --league Club)
curl -fsS -o /dev/null "$url/api/v1/leagues/$small/standings"
sleep 2
kill "$pid"
wait "$pid" 2> /dev/null || true
# first_table LEAGUE: a fresh process on the fill database; the time of its first table, ms.
first_table() {
  local ms
  DB=$work/fill.db start_server cold
  ms=$(curl -fsS -o /dev/null -w '%{time_total}' "$url/api/v1/leagues/$1/standings" | awk '{printf "%.1f", $1 * 1000}')
  kill "$pid"
  wait "$pid" 2> /dev/null || true
  echo "$ms"
}
forget_snapshots() { python3 -c "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); c.execute('DELETE FROM league_snapshots'); c.commit()" "$work/fill.db"; }
median3() { printf '%s\n' "$@" | sort -n | sed -n 2p; }
snap_big=$(median3 "$(first_table "$league")" "$(first_table "$league")" "$(first_table "$league")")
snap_small=$(median3 "$(first_table "$small")" "$(first_table "$small")" "$(first_table "$small")")
full_big=() full_small=()
for _ in 1 2 3; do
  forget_snapshots
  full_big+=("$(first_table "$league")")
  forget_snapshots
  full_small+=("$(first_table "$small")")
done
full_big=$(median3 "${full_big[@]}") full_small=$(median3 "${full_small[@]}")
snapshot_rows="| a league not in memory, first table of a fresh process, 1,000 results over 40 players (median of 3) | from its snapshot $snap_small ms; read in full $full_small ms | <= 5 ms |
| a league not in memory, first table of a fresh process, $N results over $M players (median of 3) | from its snapshot $snap_big ms; read in full $full_big ms | <= 50 ms |"
echo "== 8. the federation: 1,000 leagues x 1,000 results on PostgreSQL, three processes, 64 MB each" >&2
# FEDERATION= (empty) skips it (it fills a million results twice: several minutes each),
# once with 500 players in every league and once with each league a club of 20-60.
federation_rows="| federation | skipped (FEDERATION is empty, or no PostgreSQL) | |"
if [ -n "${FEDERATION-1}" ] && [ -n "$pg_admin" ] && psql "$pg_admin" -qtAc 'select 1' > /dev/null 2>&1; then
  federation_rows=$(CACHE_MB=64 SKIP_BUILD=1 SPIELSTAND_BENCH_POSTGRES_URL="$pg_admin" bash bench/federation.sh 1000 1000)
  federation_rows+=$'\n'$(CLUBS=1 CACHE_MB=64 SKIP_BUILD=1 SPIELSTAND_BENCH_POSTGRES_URL="$pg_admin" \
    bash bench/federation.sh 1000 1000)
fi
echo "== 9. phones: the app's pages on the wire, 200 phones on one night's live stream" >&2
phones_rows=$(SKIP_BUILD=1 BIN="$bin" bash bench/phones.sh 200)

cat << SUMMARY

| measurement | figure | goal |
|---|---|---|
| fill: $N results over $M players, 64 clients | $(printf '%.1f' "$fill_secs") s ($(echo "$N / $fill_secs" | bc) results/s) | |
| warm standings, 64 connections, 10 s | $api_rps req/s; ceiling $ceiling_rps req/s; ratio $(ratio "$api_rps" "$ceiling_rps") | ratio >= 0.8 |
| warm standings against \`/api/v1/health\` in the same server, 64 connections, 10 s each | $api_rps_again req/s against $health_rps req/s: ratio $(ratio "$api_rps_again" "$health_rps") | ratio >= 0.8 |
| warm standings, gzip accepted, 64 connections, 10 s | $api_gz_rps req/s; ceiling of the same gzip bytes $ceiling_gz_rps req/s; ratio $(ratio "$api_gz_rps" "$ceiling_gz_rps"); $(ratio "$api_gz_rps" "$api_rps") x the plain JSON's req/s | ratio >= 0.8; >= 3x |
| transfer size of the table with gzip | $gz_bytes of $plain_bytes bytes: $(ratio "$gz_bytes" "$plain_bytes") | <= 0.2 |
| first table after an appended result, $N results (median of 9) | $cold_append_ms ms | <= 5 ms |
| first table after a backdated result (median of 9) | $cold_backdate_ms ms | |
| first table after a backdated correction (median of 9) | $cold_correct_ms ms | <= 100 ms |
| warm head-to-head, first page ($((h2h_bytes / 1024)) KiB of $h2h_total pairs), 64 connections, 10 s | $h2h_rps req/s (ratio $(ratio "$h2h_rps" "$api_rps") to the warm standings) | ratio >= 0.8 |
| warm head-to-head of the leader (\`?player=\`, $((h2h_player_bytes / 1024)) KiB), 64 connections, 10 s | $h2h_player_rps req/s (ratio $(ratio "$h2h_player_rps" "$api_rps") to the warm standings) | ratio >= 0.8 |
| every pair through the CLI (\`spielstand h2h L --format json\`, pages of 5000) | $h2h_all_ms ms | |
| warm statistics of the leader, 64 connections, 10 s | $stats_rps req/s (ratio $(ratio "$stats_rps" "$api_rps") to the warm standings) | ratio >= 0.8 |
| first head-to-head page / leader's head-to-head / statistics after an appended result (median of 9) | $cold_h2h_ms ms / $cold_h2h_player_ms ms / $cold_stats_ms ms | <= 2 x the table's ($cold_append_ms ms) |
| SQLite, warm only: 32 readers, 20 s | $warm_rps req/s, p50 $warm_p50 ms, p99 $warm_p99 ms | |
| SQLite, mixed: 32 readers + 2 writes/s | $mix2_rps req/s (ratio $(ratio "$mix2_rps" "$warm_rps")), p50 $mix2_p50 ms, p99 $mix2_p99 ms | ratio >= 0.8, p99 <= 25 ms |
| SQLite, mixed: 32 readers + 20 writes/s | $mix20_rps req/s (ratio $(ratio "$mix20_rps" "$warm_rps")), p50 $mix20_p50 ms, p99 $mix20_p99 ms | ratio >= 0.8, p99 <= 25 ms |
| SQLite server, peak resident memory over all of the above | $sqlite_peak_mb MB | <= 100 MB |
$snapshot_rows
$pg_rows
$federation_rows
$phones_rows
| exports: 16 parallel loops on a 20,000-result league ($export_mb MB each) for 20 s, 2 results/s arriving | $export_count exports; \`/api/v1/health\` p99 $health_p99 ms (4 connections); server peak $export_peak_mb MB ($export_before_mb MB before) | p99 <= 50 ms, peak <= 150 MB |
| \`spielstand import bgstats\`: 10,000 plays, SQLite | $import_secs s; the same file again (nothing new) $reimport_secs s; server peak $import_peak_mb MB | <= 10 s |
| durable writes, 64 clients, group commit | $grouped results/s | |
| durable writes, 64 clients, one commit per result | $single results/s; group commit is $(ratio "$grouped" "$single")x | >= 10x |
| \`spielstand record\`, start to exit (median of 21) | $record_median_ms ms | <= 20 ms |
| server resident memory after the fill | $(( rss_kb / 1024 )) MB | <= 50 MB |

Machine: $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2/1048576}' /proc/meminfo), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(uname -sr).
SUMMARY

# A night's draw, its predictions and the ratings' accuracy (library, criterion): a swiss
# draw for 60 players with 50 nights of history <= 50 ms, a table's predictions <= 1 ms,
# the accuracy after one appended result <= 2 x the cold table.
echo
echo "### A night's draw, predictions and the ratings' accuracy (cargo bench -p spielstand-core --bench seating)"
cargo bench -q -p spielstand-core --bench seating 2>&1 | grep -E '^(seating|accuracy)/|time:'

echo "== 10. readers under writes: wrk -t2 -c32 on one URL, one writer process over HTTP (bench/readers.sh)" >&2
echo
echo "### Readers under writes (bench/readers.sh $N $M)"
echo
bash bench/readers.sh "$N" "$M"
