#!/usr/bin/env bash
# `make test`: the quality gates (Rust formatting and lints, the web's types, lints and formatting, the
# OpenAPI document and the web client's types equal to the code, the Helm chart rendered and validated
# with every value set), then every test: Rust unit and
# integration tests (each test makes its own database from a migrated template and its own NATS prefix),
# web unit tests, browser end-to-end tests in Chromium against the real suite, then the API fuzzed from
# its OpenAPI document.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export WITH_BROWSER=1 WITH_FAULTS=1
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"
export TEST_DATABASE_URL="$DATABASE_SERVER/postgres" NATS_URL
# A clean build (CI) gains nothing from incremental compilation's caches, only their cost.
if [ "${CI:-}" = true ]; then export CARGO_INCREMENTAL=0; fi

say "Rust : format (cargo fmt) et lints (clippy)"
cargo fmt --all -- --check
cargo clippy --workspace --all-targets --all-features --locked -- -D warnings

say "Web : dépendances, types (tsc), lints (ESLint), format (Prettier), types de l'API"
"$ROOT/scripts/web-deps.sh"
(cd web && npm run check)
"$ROOT/scripts/check-api-types.sh"

say "Chart Helm : chaque jeu de valeurs rendu et validé"
"$ROOT/scripts/test-chart.sh"

say "Rust : tests unitaires et d'intégration"
cargo test --workspace --locked

say "Web : tests unitaires, construction"
(cd web && npm test && npm run build)

say "Navigateur : tests de bout en bout (Chromium)"
(cd web && SUITE_BIN="$ROOT/target/debug/suite" DATABASE_SERVER="$DATABASE_SERVER" npm run e2e)

say "API : fuzzing à partir du document OpenAPI (schemathesis)"
SUITE_BIN="$ROOT/target/debug/suite" "$ROOT/scripts/fuzz-api.sh"
