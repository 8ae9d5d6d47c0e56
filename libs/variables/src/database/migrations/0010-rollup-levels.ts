import { Logger } from '@nestjs/common';
import { sql, type Kysely } from 'kysely';

// Two rollup levels between the existing ones (rollup-resolutions.ts says why): 30 s and 4 h. Their rows
// are computed here from the level they are the exact union of (30 s from 10 s, 4 h from 1 h), not from
// raw points: rollups outlive raw points under RAW_RETENTION_DAYS, and the finer level holds the same
// count, sum, extremes, first and last with their instants. Ties keep the earlier instant, as everywhere.
// The aggregate is the one of RollupRepository's recomputation, written out here on purpose: a migration
// must keep meaning what it meant when it ran, whatever the repository becomes.
// One statement per level over the whole table: deploy/k8s/README.md gives its duration on a year of data.
export async function up(db: Kysely<unknown>): Promise<void> {
  const stored = await sql<{ any: boolean }>`
    select exists (select 1 from variables.rollup where resolution_s = 10) as any`.execute(db);
  // Minutes on a large store, before the service listens: said in the log so that a waiting pod explains itself.
  if (stored.rows[0]?.any)
    new Logger('SchemaMigrator').log(
      'variables: migration 0010 builds the 30 s and 4 h rollup levels from the stored 10 s and 1 h rows ' +
        '(about 115 000 rows of 10 s a second on 2 cores)',
    );
  for (const [resolutionS, childS] of [
    [30, 10],
    [14400, 3600],
  ] as const) {
    await sql`
      insert into variables.rollup
        (variable_id, resolution_s, bucket, count, sum, min, min_ts, max, max_ts, first, first_ts, last, last_ts)
      select variable_id, ${sql.lit(resolutionS)}, bucket, n, total,
             low[1], to_timestamp(low[2]), high[1], to_timestamp(-high[2]),
             head[2], to_timestamp(head[1]), tail[2], to_timestamp(tail[1])
      from (
        select variable_id,
               date_bin(make_interval(secs => ${sql.lit(resolutionS)}), bucket, timestamptz 'epoch') as bucket,
               sum(count)::int as n, sum(sum) as total,
               min(array[min, date_part('epoch', min_ts)]) as low,
               max(array[max, -date_part('epoch', max_ts)]) as high,
               min(array[date_part('epoch', first_ts), first]) as head,
               max(array[date_part('epoch', last_ts), last]) as tail
        from variables.rollup
        where resolution_s = ${sql.lit(childS)}
        group by 1, 2
      ) summary
      on conflict (variable_id, resolution_s, bucket) do nothing`.execute(db);
  }
}
