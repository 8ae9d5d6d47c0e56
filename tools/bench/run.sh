#!/usr/bin/env bash
# `npm run bench [-- --standalone-only | --postgres-only]`: builds the services (Nx cache), then runs the
# ingest, timeline-data and correlation-data benchmarks (the first run of the timeline one loads its
# 284 M-point dataset into PostgreSQL once, about an hour on 2 cores; later runs reuse it) and the rules
# engine, valve monitor and aggregate variable benchmarks. `npm run bench -- --rules-only` / `--valves-only` /
# `--aggregates-only` runs one of those alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build --output-style=static --exclude=@plantlens/web >/dev/null
if [[ " $* " == *" --rules-only "* ]]; then
  node tools/bench/rules-bench.mjs "$@"
  exit 0
fi
if [[ " $* " == *" --valves-only "* ]]; then
  node tools/bench/valves-bench.mjs "$@"
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
