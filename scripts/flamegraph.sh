#!/usr/bin/env bash
# `make flamegraph`: a flame graph of the whole suite answering one call under load, for
# docs/performance.md. `make bench-load` runs with LOAD_CALLS=$CALL (get_member by default, or post_member;
# 20,000 members, wrk at 64 connections), perf (Debian's linux-perf) samples the suite's process for 8 s
# while wrk drives it, and inferno (crates.io) folds and draws the stacks. LABEL names the picture
# (docs/flamegraphs/$CALL-$LABEL.svg); SESSION_CACHE_SECONDS=0 draws the call as it was before the
# gateway checked tokens and sessions itself (a call to the auth service on each request).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export WITH_LOAD=1
source "$ROOT/scripts/prerequisites.sh"
cd "$ROOT"
LABEL="${LABEL:-now}"
CALL="${CALL:-get_member}"
command -v perf >/dev/null || apt_install linux-perf
command -v inferno-flamegraph >/dev/null || cargo install --locked inferno
cargo build --quiet --release --locked -p suite --features bench --bin bench-load

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
BENCH_MEMBERS=20000 LOAD_CALLS=$CALL LOAD_SECONDS=14 target/release/bench-load >"$WORK/load.txt" 2>&1 &
LOAD_PID=$!
for _ in $(seq 1 600); do pgrep -x wrk >/dev/null && break; sleep 0.2; done
pgrep -x wrk >/dev/null || { cat "$WORK/load.txt"; die "wrk n'a pas démarré"; }
sleep 2
perf record --quiet -F 299 --call-graph dwarf,16384 -p "$LOAD_PID" -o "$WORK/perf.data" -- sleep 8
wait "$LOAD_PID"
cat "$WORK/load.txt"
mkdir -p docs/flamegraphs
perf script -i "$WORK/perf.data" 2>/dev/null | inferno-collapse-perf >"$WORK/folded.txt"
inferno-flamegraph --title "$CALL under load, SESSION_CACHE_SECONDS=${SESSION_CACHE_SECONDS:-30}" \
  <"$WORK/folded.txt" >"docs/flamegraphs/$CALL-$LABEL.svg"
say "docs/flamegraphs/$CALL-$LABEL.svg"
