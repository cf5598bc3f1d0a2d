#!/usr/bin/env bash
# Fails when the web client's API types (web/src/shared/api/schema.d.ts) are not what web/openapi.json
# generates, or when the role matrix the web reads (web/src/app/roleMatrix.json) is not what
# `common::roles` generates. web/openapi.json itself is checked against the gateway's code by `cargo test`
# (`web_openapi_json_matches_the_code` in gateway/src/openapi.rs). `make openapi` rewrites all three.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../web"
generated="$(mktemp --suffix=.d.ts)"
matrix="$(mktemp --suffix=.json)"
trap 'rm -f "$generated" "$matrix"' EXIT
npx --no-install openapi-typescript openapi.json -o "$generated" >/dev/null 2>&1
if ! cmp -s "$generated" src/shared/api/schema.d.ts; then
  echo "web/src/shared/api/schema.d.ts ne correspond pas à web/openapi.json : lancez make openapi." >&2
  diff -u src/shared/api/schema.d.ts "$generated" | head -40 >&2
  exit 1
fi
# The matrix as the code gives it, formatted by Prettier as `make openapi` does.
(cd .. && cargo run --quiet --locked -p gateway --bin openapi -- role-matrix) |
  npx --no-install prettier --stdin-filepath src/app/roleMatrix.json >"$matrix"
if ! cmp -s "$matrix" src/app/roleMatrix.json; then
  echo "web/src/app/roleMatrix.json ne correspond pas aux rôles du code (common::roles::may) : lancez make openapi." >&2
  diff -u src/app/roleMatrix.json "$matrix" | head -40 >&2
  exit 1
fi
