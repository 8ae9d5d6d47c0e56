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

wipe=false
for arg in "$@"; do
  case "$arg" in
    --wipe) wipe=true ;;
    -h | --help)
      sed -n '2,8p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) prometheus_die "unknown argument: $arg (usage: tools/prometheus/stop.sh [--wipe])" ;;
  esac
done
prometheus_lock

if pid="$(prometheus_pid)"; then
  prometheus_log "stopping prometheus (pid $pid) ..."
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + PROMETHEUS_STOP_TIMEOUT))
  while [[ -e "/proc/$pid" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  if [[ -e "/proc/$pid" ]]; then
    prometheus_log "still running after ${PROMETHEUS_STOP_TIMEOUT}s (PROMETHEUS_STOP_TIMEOUT); sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while [[ -e "/proc/$pid" ]]; do sleep 0.1; done
  fi
  prometheus_log "stopped"
else
  prometheus_log "not running (nothing to stop)"
fi
rm -f "$PROMETHEUS_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$PROMETHEUS_DATA" "$PROMETHEUS_TOKEN_FILE"
  prometheus_log "wiped $PROMETHEUS_DATA"
fi
