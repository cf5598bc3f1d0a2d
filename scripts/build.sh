#!/usr/bin/env bash
# `make build`: the web application in web/dist and the one binary `make up` runs, target/release/suite
# (every service and the gateway in one process). The per-service binaries are built for the container
# images (deploy/Dockerfile), not here: linking them doubles a first start.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
"$ROOT/scripts/web-deps.sh"
(cd web && npm run build)
SESAME_BUILD="$(git rev-parse --short HEAD 2>/dev/null || true)" cargo build --release --locked -p suite --bin suite
