# shellcheck shell=bash disable=SC2034 # variables are used by the scripts that source this file
# tools/postgres/lib.sh: shared helpers for tools/postgres/*.sh (sourced, not run).
#
# Paths are derived from this file's location: all state lives in <repo>/.tools/postgres/
# (data/, run/ for the Unix socket, postgres.log). The server runs as the `postgres` OS user
# when invoked as root (PostgreSQL refuses to run as root), else as the invoking user.
#
# Environment (all optional):
#   PGPORT             TCP port on 127.0.0.1 (default 55432; not 5432, which the distro's own
#                      cluster may use)
#   PG_BIN             directory with initdb/pg_ctl/postgres (default: newest
#                      /usr/lib/postgresql/<version>/bin, or the one matching an existing data dir)
#   PG_START_TIMEOUT   seconds to wait for pg_isready (default 60)
#   PG_STOP_TIMEOUT    seconds for `pg_ctl stop -m fast` before `-m immediate` (default 60)
#   PG_LOG_TAIL        lines of postgres.log printed on failure (default 80; 200 when CI=true)

PG_TOOLS_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$PG_TOOLS_DIR/../lib.sh"
REPO_ROOT="$(cd "$PG_TOOLS_DIR/../.." && pwd)"
PG_HOME="$REPO_ROOT/.tools/postgres"
PG_DATA="$PG_HOME/data"
PG_LOG="$PG_HOME/postgres.log"
PG_HOST=127.0.0.1
PG_PORT="${PGPORT:-55432}"
PG_SUPERUSER=plantlens
PG_PASSWORD=plantlens
PG_DATABASE=plantlens
DATABASE_URL="postgres://$PG_SUPERUSER:$PG_PASSWORD@$PG_HOST:$PG_PORT/$PG_DATABASE"
PG_START_TIMEOUT="${PG_START_TIMEOUT:-60}"
PG_STOP_TIMEOUT="${PG_STOP_TIMEOUT:-60}"
if [[ "${CI:-}" == "true" ]]; then PG_LOG_TAIL="${PG_LOG_TAIL:-200}"; else PG_LOG_TAIL="${PG_LOG_TAIL:-80}"; fi

# Unix sockets paths are limited to ~107 bytes; fall back to /tmp for very deep checkouts.
PG_SOCKET_DIR="$PG_HOME/run"
if ((${#PG_SOCKET_DIR} + 20 > 107)); then
  PG_SOCKET_DIR="/tmp/plantlens-pg-$(printf '%s' "$PG_HOME" | cksum | cut -d' ' -f1)"
fi

pg_log() { tool_log postgres "$@"; }
pg_die() { tool_die postgres "$@"; }

pg_log_tail() { tool_log_tail postgres "$PG_LOG" "$PG_LOG_TAIL"; }

# Serialises start/stop of this repo's server (e.g. parallel test workers).
pg_lock() { tool_lock postgres "$PG_HOME" 600 8; }

# Runs a command as the OS user that owns the cluster.
if [[ "$(id -u)" -eq 0 ]]; then
  PG_OS_USER=postgres
  pg_as_owner() { runuser -u "$PG_OS_USER" -- "$@"; }
else
  PG_OS_USER="$(id -un)"
  pg_as_owner() { "$@"; }
fi

# Sets PG_BIN to the PostgreSQL server binaries, installing Debian's package if there are none.
pg_find_bin() {
  if [[ -n "${PG_BIN:-}" ]]; then
    [[ -x "$PG_BIN/pg_ctl" ]] || pg_die "PG_BIN=$PG_BIN has no pg_ctl"
    return 0
  fi
  if [[ -f "$PG_DATA/PG_VERSION" ]]; then
    # An existing cluster must be run by its own major version.
    local major
    major="$(cat "$PG_DATA/PG_VERSION")"
    PG_BIN="/usr/lib/postgresql/$major/bin"
    [[ -x "$PG_BIN/pg_ctl" ]] ||
      pg_die "$PG_DATA was created by PostgreSQL $major, which is not installed ($PG_BIN). Install postgresql-$major, or drop the data with tools/postgres/stop.sh --wipe"
    return 0
  fi
  PG_BIN="$(pg_newest_bin)"
  if [[ -z "$PG_BIN" ]]; then
    tool_apt_install postgres postgresql
    PG_BIN="$(pg_newest_bin)"
    [[ -n "$PG_BIN" ]] || pg_die "no /usr/lib/postgresql/<version>/bin/pg_ctl after installing postgresql"
  fi
}

pg_newest_bin() {
  local d
  for d in /usr/lib/postgresql/*/bin; do
    [[ -x "$d/pg_ctl" && -x "$d/initdb" ]] && printf '%s\n' "$d"
  done | sort -V | tail -n 1
}



# True if this repo's cluster is running (pg_ctl status: 0 running, 3 stopped, 4 no data dir).
pg_running() {
  [[ -f "$PG_DATA/PG_VERSION" ]] && pg_as_owner "$PG_BIN/pg_ctl" -D "$PG_DATA" status >/dev/null 2>&1
}
