#!/usr/bin/env bash
# tools/questdb/stop.sh: stops this repo's QuestDB (started by tools/questdb/start.sh) with SIGTERM, which
# closes its tables cleanly, and SIGKILL after QUESTDB_STOP_TIMEOUT seconds (default 30). Idempotent: succeeds
# when it is not running. The tables in .tools/questdb/root/db are kept unless --wipe is given (the jar in
# .tools/questdb/libs is always kept).
#
# Usage: tools/questdb/stop.sh [--wipe]
# Environment: QUESTDB_HOME, QUESTDB_STOP_TIMEOUT (30); see tools/questdb/lib.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

tool_stop_arguments questdb "$@"
questdb_lock

if pid="$(questdb_pid)"; then
  tool_stop_process questdb "$pid" QUESTDB_STOP_TIMEOUT
else
  questdb_log "not running (nothing to stop)"
fi
rm -f "$QUESTDB_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$QUESTDB_ROOT"
  questdb_log "wiped $QUESTDB_ROOT"
fi
