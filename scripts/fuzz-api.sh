#!/usr/bin/env bash
# Property-based fuzzing of the REST API from its own OpenAPI document (schemathesis, from PyPI): starts
# the suite on a throwaway database, signs in as the administrator, and sends generated requests to every
# call, checking that none gets a server error and that every answer matches the document. Bounded:
# FUZZ_EXAMPLES examples a call (default 20), a fixed FUZZ_SEED (default 1) so the same cases are drawn,
# FUZZ_WORKERS calls tested at once (default 1: with two worker threads the fuzzer's own Python 3.11
# crashed now and then, "AST constructor recursion depth mismatch", CPython's ast module not being
# thread-safe (gh-106905), with every answer of the product fine; one worker costs about 40 s).
# `auth/logout` and `user/patch_user` are left out: they would end the administrator's own session (or
# change its role) and leave the rest of the run to 401s; their checks are in the integration tests.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"

SCHEMATHESIS_VERSION=4.32.5
VENV="$ROOT/.data/fuzz-venv"
if [ ! -x "$VENV/bin/schemathesis" ] || ! "$VENV/bin/schemathesis" --version | grep -q "$SCHEMATHESIS_VERSION"; then
  say "schemathesis $SCHEMATHESIS_VERSION (PyPI)"
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$VENV"; }
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "schemathesis==$SCHEMATHESIS_VERSION"
fi

SUITE_BIN="${SUITE_BIN:-$ROOT/target/debug/suite}"
DATABASE="sesame_fuzz_$$"
# Below the kernel's ephemeral ports (32768-60999), which the browser tests' suites (bound to port 0) and
# every outgoing connection take: a port there could be taken between this choice and the suite's bind.
PORT=$((20000 + $$ % 12000))
BASE="http://127.0.0.1:$PORT"
WORK="$(mktemp -d)"
cleanup() {
  [ -n "${SUITE_PID:-}" ] && kill "$SUITE_PID" 2>/dev/null && wait "$SUITE_PID" 2>/dev/null || true
  psql "$DATABASE_SERVER/postgres" -qc "DROP DATABASE IF EXISTS $DATABASE WITH (FORCE)" >/dev/null 2>&1 || true
  (cd "$ROOT/web" && NATS_URL="$NATS_URL" node e2e/streams.mjs "$DATABASE") >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

mkdir -p "$WORK/web"
DATABASE_URL="$DATABASE_SERVER/$DATABASE" NATS_URL="$NATS_URL" NATS_PREFIX="$DATABASE" HTTP_ADDR="127.0.0.1:$PORT" \
  BOOTSTRAP_ADMIN_LOGIN=admin BOOTSTRAP_ADMIN_PASSWORD=Fuzz-admin-1 WEB_DIR="$WORK/web" RUST_LOG=warn \
  AUTH_DB_CONNECTIONS=2 GEOGRAPHY_DB_CONNECTIONS=2 MEMBERS_DB_CONNECTIONS=4 CARDS_DB_CONNECTIONS=3 SYNC_DB_CONNECTIONS=2 \
  REPORTS_DB_CONNECTIONS=2 SIGNINS_PER_MINUTE=100000 "$SUITE_BIN" >"$WORK/suite.log" 2>&1 &
SUITE_PID=$!
for _ in $(seq 1 120); do curl -sf "$BASE/readyz" >/dev/null && break; sleep 0.5; done
curl -sf "$BASE/readyz" >/dev/null || { cat "$WORK/suite.log"; die "la suite ne démarre pas"; }

TOKEN="$(curl -sf -X POST "$BASE/api/auth/login" -H 'Content-Type: application/json' \
  -d '{"login":"admin","password":"Fuzz-admin-1"}' | python3 -c 'import json, sys; print(json.load(sys.stdin)["token"])')"
curl -sf "$BASE/api/openapi.json" -H "Authorization: Bearer $TOKEN" >"$WORK/openapi.json"

"$VENV/bin/schemathesis" run "$WORK/openapi.json" --url "$BASE/api" --no-color \
  -H "Authorization: Bearer $TOKEN" \
  --checks not_a_server_error,response_schema_conformance \
  --max-examples "${FUZZ_EXAMPLES:-20}" --seed "${FUZZ_SEED:-1}" --workers "${FUZZ_WORKERS:-1}" \
  --exclude-path-regex 'auth/logout|user/patch_user' \
  || { echo "--- journal de la suite ---"; tail -n 50 "$WORK/suite.log"; exit 1; }
