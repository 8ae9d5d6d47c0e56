import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';

export interface StorageStats {
  databaseBytes: number;
  /** estimate: live rows of the raw points table, per the statistics system */
  rawPoints: number;
}

// Both figures come from PostgreSQL's bookkeeping, not from reading the data: pg_database_size sums the
// files, and the cumulative statistics count rows as statements insert and delete them (no ANALYZE needed,
// so PGlite, which never autovacuums, keeps it current too). Under TimescaleDB the rows live in the
// chunks, the inheritance children of variables.measurement.
const STORAGE_STATS = `
  select pg_database_size(current_database())::float8 as "databaseBytes",
         (select coalesce(sum(pg_stat_get_live_tuples(tables.relid)), 0)::float8
          from (select 'variables.measurement'::regclass::oid as relid
                union all
                select inhrelid from pg_inherits where inhparent = 'variables.measurement'::regclass) tables
         ) as "rawPoints"`;

@Injectable()
export class StorageStatsRepository {
  constructor(private readonly database: Database) {}

  async read(): Promise<StorageStats> {
    const [row] = await this.database.withConnection((connection) =>
      connection.query<StorageStats>(STORAGE_STATS),
    );
    // A select without FROM always returns its one row.
    if (!row) throw new Error('the storage statistics query returned no row');
    return row;
  }
}
