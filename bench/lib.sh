# Shared by the benchmark scripts (sourced): a temp dir ($work) removed on exit with every
# server listed in the array pids stopped, also on Ctrl-C or failure; servers on
# 127.0.0.1 and wrk. Expects $bin (the release binaries) to be set by the script.

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2> /dev/null || true; done
  wait 2> /dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# start_server NAME [server options...]: sets $url, $token and $pid for that server, on
# the SQLite file NAME.db or, with DB=URL set, on that database (the token is made once).
start_server() {
  local name=$1
  shift
  local port db=${DB:-$work/$name.db}
  port=$(free_port)
  if [ -z "${DB:-}" ] || [ -z "${token:-}" ]; then
    token=$("$bin/spielstand-api" --database-url "$db" token create --create --name "bench-$name-$(date +%s%N)" --scope admin 2> /dev/null | tail -n 1)
  fi
  RUST_LOG=warn "$bin/spielstand-api" --database-url "$db" --bind "127.0.0.1:$port" "$@" 2> "$work/$name.log" &
  pid=$!
  pids+=("$pid")
  url="http://127.0.0.1:$port"
  for _ in $(seq 1 100); do curl -fsS "$url/api/v1/health" > /dev/null 2>&1 && return; sleep 0.1; done
  echo "server $name did not start" >&2
  cat "$work/$name.log" >&2
  exit 1
}

rps() { wrk -t2 -c64 -d10s --latency "$1" | awk '/Requests\/sec/ {print $2}'; }

# wrk_each THREADS CONNECTIONS SECONDS URL...: one `wrk -tTHREADS -cCONNECTIONS` per URL,
# all at once; prints "req/s p50_ms p99_ms" (requests summed, the worst percentiles).
# Non-2xx answers fail the run: a mixed run must not hide errors.
wrk_each() {
  local threads=$1 conns=$2 secs=$3 i=0 files=() runs=()
  shift 3
  for u in "$@"; do
    i=$((i + 1))
    wrk -t"$threads" -c"$conns" -d"${secs}s" --latency "$u" > "$work/wrk.$i" &
    runs+=($!)
    files+=("$work/wrk.$i")
  done
  wait "${runs[@]}"
  if grep "Non-2xx" "${files[@]}" > /dev/null; then
    cat "${files[@]}" >&2
    echo "error answers under load" >&2
    exit 1
  fi
  awk '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps += $2 }
    $1 == "50%" { p = ms($2); if (p > p50) p50 = p }
    $1 == "99%" { p = ms($2); if (p > p99) p99 = p }
    END { printf "%.0f %.2f %.2f\n", rps, p50, p99 }' "${files[@]}"
}

# wrk_run SECONDS URL...: 32 connections on the standings, split over the URLs (servers
# sharing one database), one wrk thread each.
wrk_run() {
  local secs=$1
  shift
  wrk_each 1 $((32 / $#)) "$secs" "$@"
}

peak_mb() { awk '/VmHWM/ {printf "%d", $2 / 1024}' "/proc/$1/status"; }
