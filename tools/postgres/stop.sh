#!/usr/bin/env bash
# tools/postgres/stop.sh: stops this repo's PostgreSQL server (started by
# tools/postgres/start.sh) with `pg_ctl stop -m fast`, falling back to `-m immediate` after
# PG_STOP_TIMEOUT seconds (default 60). Idempotent: succeeds when it is not running. Data in
# .tools/postgres/data is kept unless --wipe is given. The distro's own cluster (port 5432)
# is never touched.
#
# Usage: tools/postgres/stop.sh [--wipe]
# Environment: PG_BIN, PG_STOP_TIMEOUT (60); see tools/postgres/lib.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

wipe=false
for arg in "$@"; do
  case "$arg" in
    --wipe) wipe=true ;;
    -h | --help)
      sed -n '2,9p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      exit 0
      ;;
    *) pg_die "unknown argument: $arg (usage: tools/postgres/stop.sh [--wipe])" ;;
  esac
done
pg_lock

if [[ -f "$PG_DATA/PG_VERSION" ]]; then pg_find_bin; fi
if pg_running; then
  pg_log "stopping PostgreSQL ($PG_DATA) ..."
  if ! pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" stop -m fast -w -t "$PG_STOP_TIMEOUT" >/dev/null; then
    pg_log "fast shutdown did not finish within ${PG_STOP_TIMEOUT}s (PG_STOP_TIMEOUT); using -m immediate"
    pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" stop -m immediate -w -t 30 >/dev/null ||
      pg_die "could not stop PostgreSQL; see $PG_LOG"
  fi
  pg_log "stopped"
else
  pg_log "not running (nothing to stop)"
fi

if [[ "$wipe" == true ]]; then
  rm -rf "$PG_DATA"
  pg_log "wiped $PG_DATA"
fi
