# The two commands of the README, and a few more for development. The scripts in scripts/ do the work.
.PHONY: up test test-chart build openapi demo bench-geography bench-members bench-cards bench-sync bench-reports bench-load flamegraph clean

# Every program started from here uses glibc's allocator with two arenas, as the images do (deploy/Dockerfile):
# with one arena a thread, a print of 10,000 cards peaked at 462 MB instead of 144 MB.
export MALLOC_ARENA_MAX := 2

## Prepare the machine, build, and run the whole product on http://127.0.0.1:8080.
up:
	@scripts/up.sh

## Run every test: Rust, web unit tests, browser end-to-end tests.
test:
	@scripts/test.sh

## Render the chart with every value set and validate the manifests (needs helm; says so without it).
test-chart:
	@scripts/test-chart.sh

## Build target/local/suite (every service in one process) and web/dist, without starting anything.
build:
	@bash -c 'source scripts/prerequisites.sh && scripts/build.sh'

## Regenerate web/openapi.json and the web client's API types from the gateway's code, and the role
## matrix the web reads (web/src/app/roleMatrix.json) from common::roles.
openapi:
	cargo run --quiet -p gateway --bin openapi > web/openapi.json
	cargo run --quiet -p gateway --bin openapi -- role-matrix > web/src/app/roleMatrix.json
	cd web && npm run gen:api && npx --no-install prettier --log-level warn --write src/app/roleMatrix.json

## Load demo data into the Sésame started by `make up` (in another terminal): the geography, then
## DEMO_MEMBERS members (default 10000) in families.
DEMO_MEMBERS ?= 10000
demo:
	cargo run --quiet --profile local --locked -p suite --bin demo -- geography
	cargo run --quiet --profile local --locked -p suite --bin demo -- members $(DEMO_MEMBERS)

## Benchmarks: each starts its own suite on a throwaway database and prints its figures. Built with the
## images' profile (release) unless BENCH_PROFILE=local (the profile `make up` runs).
BENCH_PROFILE ?= release
bench-geography:
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-geography

bench-members:
	@# The Express peer the figures are compared with; the benchmark runs without it if npm cannot install it.
	-cd services/suite/express-peer && npm ci --no-audit --no-fund --loglevel=error
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-members

bench-cards:
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-cards

bench-sync:
	cargo build --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin suite
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-sync

## The statistics' dashboards at BENCH_EXPORT_MEMBERS members (default 1000000), the exports of the members
## list as background jobs (CSV and .xlsx: the time until each file is ready, the whole suite's peak
## memory), then 10,000 cards printed from a designed template (bench-cards without its million-card lists).
bench-reports:
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-reports
	BENCH_LIST_CARDS=0 cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-cards

## The load test: wrk (from Debian) at 64 connections on loopback, 10 s a call.
bench-load:
	WITH_LOAD=1 bash scripts/prerequisites.sh
	cargo run --quiet --profile $(BENCH_PROFILE) --locked -p suite --features bench --bin bench-load

## A flame graph of get_member under load (perf and inferno); LABEL=before SESSION_CACHE_SECONDS=0 for the old path.
flamegraph:
	@scripts/flamegraph.sh

clean:
	cargo clean
	rm -rf web/dist web/node_modules
