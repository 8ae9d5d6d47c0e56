import { sql, type Kysely } from 'kysely';

// Read-cache values compressed with lz4 rather than PostgreSQL's default pglz: storing a day's answer of
// 9 variables (1.6 MB of JSON) took ~70 ms of the database's CPU with pglz, more than computing it, and
// ~5 ms with lz4, for a value a quarter larger (docs/benchmarks.md §2). Entries already stored keep pglz
// until eviction replaces them. PGlite (standalone) is built without lz4: its values stay pglz there.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      alter table variables.read_cache alter column value set compression lz4;
    exception when feature_not_supported then
      null;
    end
    $$`.execute(db);
}
