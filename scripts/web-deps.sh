#!/usr/bin/env bash
# Installs the web dependencies exactly as locked, only when the lock file changed since the last install.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../web"
stamp=node_modules/.package-lock.sha
sum="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$sum" ]; then
  npm ci --no-audit --no-fund
  echo "$sum" > "$stamp"
fi
