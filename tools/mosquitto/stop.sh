#!/usr/bin/env bash
# tools/mosquitto/stop.sh: stops this repo's Mosquitto broker (started by tools/mosquitto/start.sh)
# with SIGTERM, which saves the persistent sessions, and SIGKILL after MOSQUITTO_STOP_TIMEOUT seconds
# (default 30). Idempotent: succeeds when it is not running. The data in .tools/mosquitto/data is
# kept unless --wipe is given.
#
# Usage: tools/mosquitto/stop.sh [--wipe]
# Environment: MOSQUITTO_STOP_TIMEOUT (30); see tools/mosquitto/lib.sh.
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
    *) mosquitto_die "unknown argument: $arg (usage: tools/mosquitto/stop.sh [--wipe])" ;;
  esac
done
mosquitto_lock

if pid="$(mosquitto_pid)"; then
  mosquitto_log "stopping mosquitto (pid $pid) ..."
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + MOSQUITTO_STOP_TIMEOUT))
  while [[ -e "/proc/$pid" ]] && ((SECONDS < deadline)); do sleep 0.1; done
  if [[ -e "/proc/$pid" ]]; then
    mosquitto_log "still running after ${MOSQUITTO_STOP_TIMEOUT}s (MOSQUITTO_STOP_TIMEOUT); sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while [[ -e "/proc/$pid" ]]; do sleep 0.1; done
  fi
  mosquitto_log "stopped"
else
  mosquitto_log "not running (nothing to stop)"
fi
rm -f "$MOSQUITTO_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$MOSQUITTO_DATA"
  mosquitto_log "wiped $MOSQUITTO_DATA"
fi
