#!/usr/bin/env bash
# `npm run bench [-- --standalone-only]`: builds the services (Nx cache) and runs the ingest benchmark.
set -euo pipefail
cd "$(dirname "$0")/../.."
NX_DAEMON=false NX_NO_CLOUD=true npx nx run-many -t build --output-style=static --exclude=@plantlens/web >/dev/null
exec node tools/bench/ingest-bench.mjs "$@"
