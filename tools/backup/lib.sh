# shellcheck shell=bash
# tools/backup/lib.sh: shared by backup.sh and restore.sh (sourced, not run).
#
# Environment:
#   DATABASE_URL  the database to back up, or to restore into (postgres://user:password@host:port/database)
#   PG_BIN        directory with pg_dump/pg_restore/psql (default: the newest /usr/lib/postgresql/<version>/bin;
#                 its major version must be the server's or newer)

# shellcheck source-path=SCRIPTDIR source=../lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/../lib.sh"

backup_log() { tool_log backup "$@"; }
backup_die() { tool_die backup "$@"; }

backup_setup() {
  [[ -n "${DATABASE_URL:-}" ]] || backup_die "DATABASE_URL is not set"
  if [[ -z "${PG_BIN:-}" ]]; then
    PG_BIN="$(for d in /usr/lib/postgresql/*/bin; do [[ -x "$d/pg_dump" ]] && printf '%s\n' "$d"; done | sort -V | tail -n 1)"
  fi
  [[ -n "$PG_BIN" && -x "$PG_BIN/pg_dump" && -x "$PG_BIN/pg_restore" ]] ||
    backup_die "no pg_dump/pg_restore: install Debian's postgresql-client, or set PG_BIN"
}

# The database named by DATABASE_URL, without user or password (for messages).
backup_target() { printf '%s' "${DATABASE_URL##*@}"; }
