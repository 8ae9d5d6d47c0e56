#!/usr/bin/env bash
# tools/prometheus/stop.sh: stops this PROMETHEUS_HOME's Prometheus (started by tools/prometheus/start.sh)
# with SIGTERM, which flushes its samples, and SIGKILL after PROMETHEUS_STOP_TIMEOUT seconds (default 30).
# Idempotent: succeeds when it is not running. The samples in $PROMETHEUS_HOME/data are kept unless --wipe
# is given.
#
# Usage: tools/prometheus/stop.sh [--wipe]
# Environment: PROMETHEUS_HOME, PROMETHEUS_STOP_TIMEOUT (30); see tools/prometheus/lib.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

tool_stop_arguments prometheus "$@"
prometheus_lock

if pid="$(prometheus_pid)"; then
  tool_stop_process prometheus "$pid" PROMETHEUS_STOP_TIMEOUT
else
  prometheus_log "not running (nothing to stop)"
fi
rm -f "$PROMETHEUS_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$PROMETHEUS_DATA" "$PROMETHEUS_TOKEN_FILE"
  prometheus_log "wiped $PROMETHEUS_DATA"
fi
