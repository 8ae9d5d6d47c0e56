#!/usr/bin/env bash
# tools/postgres/psql.sh: psql connected to this repo's PostgreSQL (tools/postgres/start.sh)
# as plantlens@127.0.0.1:$PGPORT/plantlens; arguments are passed through.
#
# Examples:
#   tools/postgres/psql.sh
#   tools/postgres/psql.sh -c 'select version()'
#   tools/postgres/psql.sh -d postgres -c '\l'
# Environment: PGPORT (55432), PG_BIN; see tools/postgres/lib.sh.
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

pg_find_bin
PGPASSWORD="$PG_PASSWORD" exec "$PG_BIN/psql" -h "$PG_HOST" -p "$PG_PORT" -U "$PG_SUPERUSER" -d "$PG_DATABASE" "$@"
