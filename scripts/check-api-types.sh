#!/usr/bin/env bash
# Fails when the web client's API types (web/src/shared/api/schema.d.ts) are not what web/openapi.json
# generates. web/openapi.json and the role matrix the web reads (web/src/app/roleMatrix.json) are checked
# against the gateway's code by `cargo test` (`web_openapi_json_matches_the_code` and
# `web_role_matrix_json_matches_the_code` in gateway/src/openapi.rs), in the one compilation of the tests.
# `make openapi` rewrites all three.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../web"
generated="$(mktemp --suffix=.d.ts)"
trap 'rm -f "$generated"' EXIT
npx --no-install openapi-typescript openapi.json -o "$generated" >/dev/null 2>&1
if ! cmp -s "$generated" src/shared/api/schema.d.ts; then
  echo "web/src/shared/api/schema.d.ts ne correspond pas à web/openapi.json : lancez make openapi." >&2
  diff -u src/shared/api/schema.d.ts "$generated" | head -40 >&2
  exit 1
fi
