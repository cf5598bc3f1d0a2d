#!/usr/bin/env bash
# `make test`: the quality gates (Rust formatting and lints, the web's types, lints and formatting, the
# web client's API types equal to web/openapi.json, the Helm chart rendered and validated with every value
# set), then every test: Rust unit and integration tests (each test makes its own database from a migrated
# template and its own NATS prefix; web/openapi.json and the role matrix are checked against the code
# there), web unit tests, browser end-to-end tests in Chromium against the real suite, then the API fuzzed
# from its OpenAPI document. At the end it prints how long each step took.
#
# Two cores are used as fully as the steps allow: clippy lints the crates while they are compiled for the
# tests (one compilation, every dependency built once); the web's checks, unit tests and build,
# and the chart's validation, run while the Rust tests run (those mostly wait on PostgreSQL and NATS); the
# fuzzing runs beside the browser tests. A step run beside another writes to its log in .data/test-logs/,
# printed when it fails.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export WITH_BROWSER=1 WITH_FAULTS=1
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"
export TEST_DATABASE_URL="$DATABASE_SERVER/postgres" NATS_URL DATABASE_SERVER
# A clean build (CI) gains nothing from incremental compilation's caches, only their cost.
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi
# The Rust tests run three at once, each test with up to two suites of 15 connections (PostgreSQL allows
# 100); the tests whose name holds `sync_` (a laptop and a central server, up to three suites) two at once.
TEST_THREADS="${TEST_THREADS:-3}"
SYNC_TEST_THREADS="${SYNC_TEST_THREADS:-2}"
LOGS="$ROOT/.data/test-logs"
rm -rf "$LOGS" && mkdir -p "$LOGS"

TIMES=()
declare -A BESIDE=()
started=$SECONDS
report() {
  local status=${1:-$?}
  # A step that failed leaves none of its companions running beside it.
  local job
  for job in "${BESIDE[@]}"; do pkill -P "$job" 2>/dev/null || true; kill "$job" 2>/dev/null || true; done
  {
    printf '\n\033[1m%s\033[0m\n' "Durée des étapes de make test :"
    local line
    for line in "${TIMES[@]}"; do printf '  %s\n' "$line"; done
    printf '  %s\n' "$(row total "$(clock $((SECONDS - started)))")"
  } >&2
  exit "$status"
}
trap report EXIT
clock() { printf '%d min %02d s' $(($1 / 60)) $(($1 % 60)); }
# A line of the table: the name padded in characters (printf pads in bytes, and the names hold accents).
row() { printf '%s%*s %s' "$1" $((60 - ${#1})) '' "$2"; }

# step NAME COMMAND...: runs in the foreground and records its time.
step() {
  local name="$1" from=$SECONDS
  shift
  say "$name"
  "$@"
  TIMES+=("$(row "$name" "$(clock $((SECONDS - from)))")")
}

# beside NAME COMMAND...: runs in the background, its output in its log; `joined` waits for it.
beside() {
  local name="$1"
  shift
  say "$name (à côté ; journal : .data/test-logs/$name.log)"
  ( from=$SECONDS; "$@"; echo $((SECONDS - from)) > "$LOGS/$name.seconds" ) > "$LOGS/$name.log" 2>&1 &
  BESIDE[$name]=$!
}
joined() {
  local name="$1"
  if ! wait "${BESIDE[$name]}"; then
    cat "$LOGS/$name.log" >&2
    die "l'étape « $name » a échoué (journal ci-dessus : .data/test-logs/$name.log)."
  fi
  TIMES+=("$(row "$name (à côté)" "$(clock "$(cat "$LOGS/$name.seconds")")")")
}
web_gates_and_tests() {
  "$ROOT/scripts/web-deps.sh"
  (cd web && npm run check)
  "$ROOT/scripts/check-api-types.sh"
  (cd web && npm test && npm run build)
}

# Every crate with every feature: the benchmarks' code is linted, compiled and tested too.
FEATURES=(--workspace --all-features --locked)
# Clippy lints the workspace's crates as they are compiled for the tests: clippy-driver stands in for rustc
# on the workspace's own crates, as `cargo clippy` makes it do, so the dependencies are compiled once for
# both instead of once checked for clippy and once built for the tests (three minutes on two cores). Every
# cargo command below runs with it, or cargo would see other compiler flags and build the workspace again.
export RUSTC_WORKSPACE_WRAPPER="$(rustc --print sysroot)/bin/clippy-driver"
export CLIPPY_ARGS="-D__CLIPPY_HACKERY__warnings__CLIPPY_HACKERY__"

step "Rust : format (cargo fmt)" cargo fmt --all -- --check
step "Rust : lints (clippy) et compilation des tests" cargo test "${FEATURES[@]}" --no-run
beside web web_gates_and_tests
beside chart "$ROOT/scripts/test-chart.sh"
step "Rust : tests unitaires et d'intégration" \
  cargo test "${FEATURES[@]}" -- --test-threads "$TEST_THREADS" --skip sync_
step "Rust : tests de synchronisation (sync_)" \
  cargo test "${FEATURES[@]}" -- --test-threads "$SYNC_TEST_THREADS" sync_
joined web
joined chart

beside fuzz env SUITE_BIN="$ROOT/target/debug/suite" "$ROOT/scripts/fuzz-api.sh"
# The browser tests' suites start on copies of one database migrated here (web/e2e/suite.mjs), dropped
# at the end.
E2E_TEMPLATE="sesame_e2e_template_$$"
drop_e2e_template() {
  psql "$DATABASE_SERVER/postgres" -qc "DROP DATABASE IF EXISTS $E2E_TEMPLATE WITH (FORCE)" >/dev/null 2>&1 || true
}
trap 'status=$?; drop_e2e_template; report "$status"' EXIT
DATABASE_URL="$DATABASE_SERVER/$E2E_TEMPLATE" NATS_URL="$NATS_URL" RUST_LOG=warn "$ROOT/target/debug/suite" migrate
step "Navigateur : tests de bout en bout (Chromium)" \
  env -C web SUITE_BIN="$ROOT/target/debug/suite" DATABASE_SERVER="$DATABASE_SERVER" \
  E2E_TEMPLATE_DATABASE="$E2E_TEMPLATE" npm run e2e
joined fuzz
