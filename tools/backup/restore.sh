#!/usr/bin/env bash
# tools/backup/restore.sh FILE: a dump of backup.sh into the database of DATABASE_URL, which must exist and be
# empty (created for the purpose: `create database …`). One transaction: on any error nothing is restored and
# the script exits non-zero. Objects get the connecting role as owner (--no-owner) and no grants from the
# source server (--no-privileges): the roles of the server the dump came from need not exist here.
# Environment: DATABASE_URL, PG_BIN (tools/backup/lib.sh). docs/operations.md "Backup and restore".
set -euo pipefail
# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/lib.sh"

[[ $# -eq 1 ]] || backup_die "usage: tools/backup/restore.sh FILE"
file="$1"
[[ -r "$file" ]] || backup_die "cannot read $file"
backup_setup
# Restoring over existing tables would mix two states of the product: refuse anything but an empty database.
tables="$("$PG_BIN/psql" --dbname="$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command="
  select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind in ('r', 'p', 'v', 'm', 'S')
     and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%'")" ||
  backup_die "cannot connect to $(backup_target)"
[[ "$tables" == "0" ]] ||
  backup_die "$(backup_target) is not empty ($tables tables, views or sequences): restore into a new database"
backup_log "restoring $file into $(backup_target)"
"$PG_BIN/pg_restore" --no-owner --no-privileges --single-transaction --exit-on-error \
  --dbname="$DATABASE_URL" "$file" || backup_die "pg_restore failed; nothing was restored"
backup_log "done"
