#!/usr/bin/env bash
# tools/backup/backup.sh FILE: the whole database of DATABASE_URL (every service's schema, its data and the
# migrations it has applied) to FILE, in pg_dump's custom format (compressed, restored by restore.sh).
# Written to FILE.partial first and renamed when complete, so FILE is never a cut-off dump.
# Environment: DATABASE_URL, PG_BIN (tools/backup/lib.sh). docs/operations.md "Backup and restore".
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

[[ $# -eq 1 ]] || backup_die "usage: tools/backup/backup.sh FILE"
file="$1"
backup_setup
backup_log "dumping $(backup_target) to $file"
rm -f "$file.partial"
if ! "$PG_BIN/pg_dump" --format=custom --file="$file.partial" --dbname="$DATABASE_URL"; then
  rm -f "$file.partial"
  backup_die "pg_dump failed; no backup written"
fi
mv "$file.partial" "$file"
backup_log "done: $file ($(stat -c %s "$file") bytes)"
