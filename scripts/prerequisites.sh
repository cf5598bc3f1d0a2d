#!/usr/bin/env bash
# Makes a Debian machine ready for Sésame: installs what is missing from Debian's packages, starts
# PostgreSQL and NATS when nothing answers at the configured addresses, and writes the addresses to use
# in .data/local.env. Sourced by the other scripts; safe to run again.
#   WITH_BROWSER=1  also installs Chromium (for the browser tests).
#   WITH_LOAD=1     also installs wrk (for the load test, `make bench-load`).
#   WITH_FAULTS=1   also installs nats-server and PostgreSQL's server programs (the fault tests).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$ROOT/.data"
# Each step says how long the command has run so far ($SECONDS), so a slow step shows itself.
say() { printf '\033[1;32m==>\033[0m [%d min %02d s] %s\n' $((SECONDS / 60)) $((SECONDS % 60)) "$*" >&2; }
die() { printf '\033[1;31mErreur :\033[0m %s\n' "$*" >&2; exit 1; }

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null || die "apt-get est introuvable : installez à la main $*"
  [ "$(id -u)" = 0 ] || die "lancez cette commande en root (sudo) pour installer : $*"
  if [ "$APT_UPDATED" = 0 ]; then
    say "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  say "installation de $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

need_packages=()
command -v curl >/dev/null || need_packages+=(curl ca-certificates)
command -v psql >/dev/null || need_packages+=(postgresql-client)
command -v cc >/dev/null || need_packages+=(gcc libc6-dev)
command -v make >/dev/null || need_packages+=(make)
if [ "${WITH_BROWSER:-0}" = 1 ] && [ ! -x /usr/bin/chromium ]; then need_packages+=(chromium fonts-dejavu-core); fi
# pdftotext (poppler-utils): the tests read where printed PDFs put their words (the designed templates).
if [ "${WITH_BROWSER:-0}" = 1 ] && ! command -v pdftotext >/dev/null; then need_packages+=(poppler-utils); fi
if [ "${WITH_LOAD:-0}" = 1 ] && ! command -v wrk >/dev/null; then need_packages+=(wrk); fi
# The fault tests run a PostgreSQL and a NATS server of their own, to stop them hard (faults.rs).
if [ "${WITH_FAULTS:-0}" = 1 ]; then
  command -v nats-server >/dev/null || need_packages+=(nats-server)
  ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need_packages+=(postgresql)
fi
if ((${#need_packages[@]})); then apt_install "${need_packages[@]}"; fi

# Rust comes from rustup, not Debian (Debian's is too old for these crates).
command -v cargo >/dev/null || die "Rust (cargo) est requis : installez-le avec rustup (https://rustup.rs), puis relancez."

# Node 20.19 or later (Vite 8).
node_ok() { command -v node >/dev/null && node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'; }
if ! node_ok; then
  apt_install nodejs npm
  node_ok || die "Node.js 20.19 ou plus récent est requis (trouvé : $(node --version 2>/dev/null || echo aucun))."
fi

# PostgreSQL: use the configured server, or start (and if needed install) the local one.
DATABASE_SERVER="${DATABASE_SERVER:-postgres://postgres@127.0.0.1:5432}"
pg_answers() { psql "$1/postgres" -Atqc 'select 1' >/dev/null 2>&1; }
if ! pg_answers "$DATABASE_SERVER"; then
  if ! ls /etc/postgresql/*/main >/dev/null 2>&1; then apt_install postgresql; fi
  cluster="$(ls /etc/postgresql | sort -V | tail -n1)"
  say "démarrage de PostgreSQL $cluster"
  pg_ctlcluster --skip-systemctl-redirect "$cluster" main start 2>/dev/null || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 && break; sleep 1; done
  if ! pg_answers "$DATABASE_SERVER"; then
    # A fresh Debian server asks for a password over TCP: give the local 'postgres' role one.
    runuser -u postgres -- psql -qc "ALTER ROLE postgres PASSWORD 'postgres'" >/dev/null
    DATABASE_SERVER="postgres://postgres:postgres@127.0.0.1:5432"
    pg_answers "$DATABASE_SERVER" || die "PostgreSQL ne répond pas sur 127.0.0.1:5432."
  fi
fi

# NATS with JetStream.
NATS_URL="${NATS_URL:-nats://127.0.0.1:4222}"
nats_hostport="${NATS_URL#nats://}"
nats_answers() { (exec 3<>"/dev/tcp/${nats_hostport%:*}/${nats_hostport##*:}") 2>/dev/null; }
if ! nats_answers; then
  command -v nats-server >/dev/null || apt_install nats-server
  say "démarrage de NATS (JetStream)"
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec "$(command -v nats-server)" -- \
    -a "${nats_hostport%:*}" -p "${nats_hostport##*:}" -js -sd /var/lib/nats-server -l /var/log/nats-server.log
  for _ in $(seq 1 30); do nats_answers && break; sleep 0.5; done
  nats_answers || die "NATS ne répond pas sur $NATS_URL."
fi

cat > "$ROOT/.data/local.env" <<ENV
DATABASE_SERVER=$DATABASE_SERVER
NATS_URL=$NATS_URL
ENV
