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

tool_stop_arguments mosquitto "$@"
mosquitto_lock

if pid="$(mosquitto_pid)"; then
  tool_stop_process mosquitto "$pid" MOSQUITTO_STOP_TIMEOUT
else
  mosquitto_log "not running (nothing to stop)"
fi
rm -f "$MOSQUITTO_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$MOSQUITTO_DATA"
  mosquitto_log "wiped $MOSQUITTO_DATA"
fi
