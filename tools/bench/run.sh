#!/usr/bin/env bash
# `npm run bench [-- --standalone-only | --postgres-only]`: builds the services (Nx cache), then runs the
# ingest, timeline-data and correlation-data benchmarks (the first run of the timeline one loads its
# 284 M-point dataset into PostgreSQL once, about an hour on 2 cores; later runs reuse it) and the rules
# engine, valve monitor and aggregate variable benchmarks, and last QuestDB as the peer (tools/questdb, Java 17;
# skipped with --standalone-only), printed beside the ingest and timeline figures of the same run.
# `npm run bench -- --rules-only` / `--valves-only` / `--aggregates-only` / `--questdb-only` runs one of those alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build --output-style=static --exclude=@plantlens/web >/dev/null
# Figures a bench saved after this instant are this run's (questdb-bench.mjs says which it prints).
BENCH_RUN_STARTED_MS="$(date +%s%3N)"
export BENCH_RUN_STARTED_MS
if [[ " $* " == *" --rules-only "* ]]; then
  node tools/bench/rules-bench.mjs "$@"
  exit 0
fi
if [[ " $* " == *" --valves-only "* ]]; then
  node tools/bench/valves-bench.mjs "$@"
  exit 0
fi
if [[ " $* " == *" --questdb-only "* ]]; then
  node tools/bench/questdb-bench.mjs "$@"
  exit 0
fi
if [[ " $* " == *" --aggregates-only "* ]]; then
  node tools/bench/aggregate-bench.mjs "$@"
  exit 0
fi
node tools/bench/ingest-bench.mjs "$@"
node tools/bench/timeline-bench.mjs "$@"
node tools/bench/correlation-bench.mjs "$@"
node tools/bench/rules-bench.mjs "$@"
node tools/bench/valves-bench.mjs "$@"
node tools/bench/aggregate-bench.mjs "$@"
node tools/bench/questdb-bench.mjs "$@"
