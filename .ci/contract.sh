#!/usr/bin/env bash
# The API contract: validates openapi.yaml, runs schemathesis, with all its default
# checks, against the release server on 127.0.0.1 with a fresh SQLite file, and then
# clients generated from the document against the same server (.ci/clients/run.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== API contract: openapi-spec-validator and schemathesis"
target_dir="${CARGO_TARGET_DIR:-target}"
venv="$target_dir/ci-venv"
bin="$target_dir/release/spielstand-api"
# The tools that judge the contract, pinned: a newer schemathesis brings new checks, which
# are work to take on on purpose (raise the pin, run this, fix what it finds), never a
# surprise of a clean clone.
tools=(schemathesis==4.32.5 openapi-spec-validator==0.9.0 feedparser==6.0.14)
installed() { "$venv/bin/python" -m pip freeze --disable-pip-version-check 2> /dev/null; }
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
for tool in "${tools[@]}"; do
  if ! installed | grep -ix "$tool" > /dev/null; then
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${tools[@]}"
    break
  fi
done
echo "contract tools: $(installed | grep -iE '^(schemathesis|openapi-spec-validator)==' | tr '\n' ' ')"
"$venv/bin/openapi-spec-validator" openapi.yaml

cargo build --release -p spielstand-api
work=$(mktemp -d)
server_pid=
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
db="$work/contract.db"
token=$("$bin" --database-url "$db" token create --create --name schemathesis --scope admin | tail -n 1)
port=$((20000 + RANDOM % 20000))
# schemathesis registers webhooks with made-up URLs: this server delivers none of them.
# The fuzzer sends wrong tokens on purpose; the failed-authentication quota (tested in
# api/tests/it/http.rs) would turn its later requests into 429s.
RUST_LOG=warn SPIELSTAND_NO_WEBHOOK_DELIVERY=true SPIELSTAND_AUTH_FAILURES_PER_MINUTE=0 "$bin" --database-url "$db" --bind "127.0.0.1:$port" > "$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/v1/health" > /dev/null 2>&1 && break
  sleep 0.1
done
curl -fsS "http://127.0.0.1:$port/api/v1/health" > /dev/null
# Players and a league to write results into, so result operations get past 404s.
for name in Anna Ben Cleo Dora; do
  curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"name\":\"$name\"}" "http://127.0.0.1:$port/api/v1/players" > /dev/null
done
curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"name":"Contract","rules":{"games":["rangeln","mensch-aergere-dich-nicht","ghostbuster","lauf-rauf","hase-und-igel"]}}' \
  "http://127.0.0.1:$port/api/v1/leagues" > /dev/null
curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
  -d '{"played_on":"2026-11-20","players":[{"player":"Anna","seat":1},{"player":"Ben","seat":2}],"game":"mensch-aergere-dich-nicht","detail":{"order":[["Ben"],["Anna"]]}}' \
  "http://127.0.0.1:$port/api/v1/leagues/1/results" > /dev/null
"$venv/bin/python" .ci/check-atom.py "http://127.0.0.1:$port/api/v1/leagues/1/results.atom"
status=0
"$venv/bin/st" run openapi.yaml --url "http://127.0.0.1:$port" \
  --header "Authorization: Bearer $token" \
  --max-examples 40 --seed 2026 --no-color \
  --exclude-operation-id event_stream || status=$?
if [ "$status" -ne 0 ]; then
  # The whole log stays for a look after the run (a stateful failure may lie far back).
  cp "$work/server.log" "$target_dir/contract-server.log"
  echo "schemathesis failed; the server's whole log is $target_dir/contract-server.log; its end:" >&2
  tail -n 50 "$work/server.log" >&2
  exit "$status"
fi
echo "schemathesis: clean"
# Clients generated from the document, used against the same server.
CLIENTS_VENV="$target_dir/clients-venv" bash .ci/clients/run.sh "http://127.0.0.1:$port" "$token"
