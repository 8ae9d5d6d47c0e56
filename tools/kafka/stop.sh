#!/usr/bin/env bash
# tools/kafka/stop.sh: stops this repo's Kafka broker (started by tools/kafka/start.sh):
# SIGTERM for a clean (controlled) shutdown, then SIGKILL after KAFKA_STOP_TIMEOUT seconds
# (default 60). Idempotent: succeeds when the broker is not running. Data is kept, so a later
# start.sh resumes with the same topics and committed offsets, unless --wipe is given, which
# also deletes .tools/kafka/data (the jars in .tools/kafka/libs are always kept).
#
# Usage: tools/kafka/stop.sh [--wipe]
# Environment: KAFKA_STOP_TIMEOUT (60), KAFKA_PORT (only for messages); see tools/kafka/lib.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

wipe=false
lock=true
for arg in "$@"; do
  case "$arg" in
    --wipe) wipe=true ;;
    --nolock) lock=false ;; # internal: used by start.sh, which already holds the lock
    -h | --help)
      sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) kafka_die "unknown argument: $arg (usage: tools/kafka/stop.sh [--wipe])" ;;
  esac
done
[[ "$lock" == true ]] && kafka_lock

if pid="$(kafka_pid)"; then
  kafka_log "stopping Kafka broker (pid $pid) ..."
  kill -TERM "$pid" 2>/dev/null || true
  deadline=$((SECONDS + KAFKA_STOP_TIMEOUT))
  while [[ -e "/proc/$pid" ]] && ((SECONDS < deadline)); do sleep 0.2; done
  if [[ -e "/proc/$pid" ]]; then
    kafka_log "still running after ${KAFKA_STOP_TIMEOUT}s (KAFKA_STOP_TIMEOUT); sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    while [[ -e "/proc/$pid" ]]; do sleep 0.1; done
  fi
  kafka_log "stopped"
else
  kafka_log "not running (nothing to stop)"
fi
rm -f "$KAFKA_PID_FILE"

if [[ "$wipe" == true ]]; then
  rm -rf "$KAFKA_DATA"
  kafka_log "wiped $KAFKA_DATA"
fi
