#!/usr/bin/env bash
# `make up`: prepares the machine, builds, and runs the whole product in the foreground.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/prerequisites.sh"
"$ROOT/scripts/build.sh"

# The first administrator: BOOTSTRAP_ADMIN_* when given, otherwise one made here once and kept in .data.
export BOOTSTRAP_ADMIN_LOGIN="${BOOTSTRAP_ADMIN_LOGIN:-admin}"
if [ -z "${BOOTSTRAP_ADMIN_PASSWORD:-}" ]; then
  [ -s "$ROOT/.data/admin_password" ] || (umask 077; head -c 12 /dev/urandom | base64 | tr -d '/+=' > "$ROOT/.data/admin_password")
  BOOTSTRAP_ADMIN_PASSWORD="$(cat "$ROOT/.data/admin_password")"
fi
export BOOTSTRAP_ADMIN_PASSWORD
export DATABASE_URL="${DATABASE_URL:-$DATABASE_SERVER/sesame}"
export NATS_URL HTTP_ADDR="${HTTP_ADDR:-127.0.0.1:8080}" WEB_DIR="${WEB_DIR:-$ROOT/web/dist}" RUNNING_ENV="${RUNNING_ENV:-central}"

cat <<TEXT

  Sésame démarre sur http://$HTTP_ADDR
  Administrateur : $BOOTSTRAP_ADMIN_LOGIN
  Mot de passe   : $BOOTSTRAP_ADMIN_PASSWORD   (mot de passe initial, créé au premier démarrage)
  Arrêt : Ctrl-C

TEXT
exec "$ROOT/target/local/suite"
