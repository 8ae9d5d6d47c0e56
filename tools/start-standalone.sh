#!/usr/bin/env bash
# `npm start`: builds what changed since the last build (Nx cache) and runs Plantlens as one process:
# the gateway hosting every domain module on PGlite (./data) and the in-memory bus, serving the web app,
# with the plant simulator on. PORT, DATA_DIR, SIMULATOR_* and the rest of docs/configuration.md
# "Configuration" apply.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_SKIP_NX_CACHE="${NX_SKIP_NX_CACHE:-false}"
npx nx run-many -t build --output-style=static
export SIMULATOR_ENABLED="${SIMULATOR_ENABLED:-true}" LOG_FORMAT="${LOG_FORMAT:-text}"
exec node apps/gateway/dist/main.js
