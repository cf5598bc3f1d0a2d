#!/usr/bin/env bash
# `make test-chart`: renders the chart (`helm template`) with values.yaml alone (and the database's
# address it requires) and with each value set of
# helm/sesame/ci/ over it, and validates every manifest against Kubernetes' own schemas
# (kubernetes-validate from PyPI, in .data/chart-venv, strict: a field Kubernetes does not know fails).
# It needs the helm binary, which no registry these build machines reach provides: without helm it says
# so and stops without failing. Without helm, `make test` still checks every value set against
# values.schema.json and against the services' descriptions (services/suite/tests/service_lists.rs).
# KUBERNETES_VERSION (default 1.31.0) is the version validated against. The chart's dependency (the
# nats chart, alias natsCluster) is fetched first with `helm dependency build` (into helm/sesame/charts/,
# which git ignores): helm renders no chart whose dependency is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"

if ! command -v helm >/dev/null 2>&1; then
  say "Chart : helm est absent de cette machine ; rendu non vérifié (make test vérifie déjà les valeurs)"
  exit 0
fi

VALIDATE_VERSION=1.37.0
VENV="$ROOT/.data/chart-venv"
if [ ! -x "$VENV/bin/kubernetes-validate" ] || ! "$VENV/bin/pip" show kubernetes-validate 2>/dev/null | grep -q "^Version: $VALIDATE_VERSION$"; then
  say "kubernetes-validate $VALIDATE_VERSION (PyPI)"
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$VENV"; }
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$VALIDATE_VERSION"
fi

say "Chart : helm dependency build (le chart nats de natsCluster)"
helm dependency build helm/sesame

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
for values in "" helm/sesame/ci/*.yaml; do
  name="$(basename "${values:-values.yaml}" .yaml)"
  # values.yaml alone has no default for the database's address, which it requires: give it one.
  args=(--set "secret.values.DATABASE_URL=postgres://sesame@postgres:5432/sesame")
  [ -n "$values" ] && args=(--values "$values")
  say "Chart : helm template avec ${values:-values.yaml}"
  helm template sesame helm/sesame --namespace sesame "${args[@]}" > "$OUT/$name.yaml"
  "$VENV/bin/kubernetes-validate" --strict --kubernetes-version "${KUBERNETES_VERSION:-1.31.0}" "$OUT/$name.yaml"
done
say "Chart : chaque jeu de valeurs rendu et validé"
