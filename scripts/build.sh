#!/usr/bin/env bash
# `make build`: the web application in web/dist and the release binaries in target/release.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
"$ROOT/scripts/web-deps.sh"
(cd web && npm run build)
SESAME_BUILD="$(git rev-parse --short HEAD 2>/dev/null || true)" cargo build --release --locked --bins
