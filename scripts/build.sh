#!/usr/bin/env bash
# `make build`: the web application in web/dist and the one binary `make up` runs, target/local/suite
# (every service and the gateway in one process), built with the profile `local` of Cargo.toml (no LTO,
# opt-level 1: a first build 2.4 times shorter than the images' `release`). The per-service binaries are
# built for the container images (deploy/Dockerfile), not here: linking them doubles a first start.
# The web is built beside the Rust build: the last crates of a Rust build compile one at a time, and the
# web's build fills the core they leave idle.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mkdir -p .data
( "$ROOT/scripts/web-deps.sh" && cd web && npm run build ) > "$ROOT/.data/web-build.log" 2>&1 &
web=$!
trap 'kill "$web" 2>/dev/null || true' EXIT
SESAME_BUILD="$(git rev-parse --short HEAD 2>/dev/null || true)" cargo build --profile local --locked -p suite --bin suite
if ! wait "$web"; then
  cat "$ROOT/.data/web-build.log" >&2
  printf '\033[1;31mErreur :\033[0m %s\n' "la construction de l'application web a échoué (journal : .data/web-build.log)." >&2
  exit 1
fi
