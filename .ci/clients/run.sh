#!/usr/bin/env bash
# Generated clients against the release server: proves that openapi.yaml is good enough
# for the usual generators, not just for validators.
#
#   .ci/clients/run.sh URL TOKEN      e.g. .ci/clients/run.sh http://127.0.0.1:8080 "$token"
#
# 1. openapi-python-client generates a Python client; any warning fails the run except
#    those for the Atom feeds' application/atom+xml responses and the pictures' SVG. python_client_test.py then
#    uses that client against URL: players, a league, a result recorded and corrected with
#    If-Match, and the standings through typed fields.
# 2. openapi-typescript generates TypeScript types; ts/client.ts (openapi-fetch) must
#    compile with `tsc --strict --noEmit`.
#
# Needs only python3 (>= 3.11, with venv), node and npm. The Python tools go into a venv
# ($CLIENTS_VENV, default .venv-clients at the top of the checkout), reinstalled when
# requirements.txt changes; the npm ones into .ci/clients/node_modules (npm ci).
# SPIELSTAND_OPENAPI overrides the document (default: openapi.yaml of this checkout).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
if [ "$#" -ne 2 ]; then
  echo "usage: $0 URL TOKEN" >&2
  exit 2
fi
url=$1
token=$2
spec="$(realpath "${SPIELSTAND_OPENAPI:-$root/openapi.yaml}")"

echo "== Generated clients: openapi-python-client and openapi-typescript"
# Absolute: the generator runs ruff from inside the output directory.
venv="$(realpath -m "${CLIENTS_VENV:-$root/.venv-clients}")"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
if ! cmp -s "$here/requirements.txt" "$venv/.clients-requirements.txt"; then
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$venv/.clients-requirements.txt"
fi
# ruff, which openapi-python-client runs on what it writes, is found on PATH.
export PATH="$venv/bin:$PATH"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "-- openapi-python-client $("$venv/bin/openapi-python-client" --version | awk '{print $NF}')"
"$venv/bin/python" "$here/generate_python_client.py" "$spec" "$work/spielstand_client"
SPIELSTAND_URL="$url" SPIELSTAND_TOKEN="$token" \
  "$venv/bin/python" "$here/python_client_test.py" "$work/spielstand_client"

cd "$here"
npm ci --no-audit --no-fund --loglevel=error
echo "-- openapi-typescript $(node_modules/.bin/openapi-typescript --version | tail -n 1), typescript $(node_modules/.bin/tsc --version | awk '{print $NF}')"
# openapi-typescript reports problems in the document on stderr (and still writes the
# file for warnings): anything on stderr fails the run.
node_modules/.bin/openapi-typescript "$spec" -o ts/schema.d.ts 2> "$work/openapi-typescript.err"
if [ -s "$work/openapi-typescript.err" ]; then
  cat "$work/openapi-typescript.err" >&2
  echo "openapi-typescript: warnings or errors; see above" >&2
  exit 1
fi
node_modules/.bin/tsc --strict --noEmit -p ts
echo "tsc --strict: ts/client.ts compiles against the generated types"
echo "generated clients: clean"
