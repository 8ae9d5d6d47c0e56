import { Injectable } from '@nestjs/common';
import { Database, type DatabaseConnection } from '@plantlens/platform';
import type { TimelineGrid } from './timeline-grid';

export interface SeriesPoint {
  /** epoch milliseconds */
  ts: number;
  value: number;
}

export interface ReducedSeries {
  points: SeriesPoint[];
  /** raw points the reduced ones stand for */
  total: number;
}

// One row per variable and column: its point count and the (time, value) of its first, last, lowest and
// highest point. Times are epoch milliseconds on the raw grid and epoch seconds from rollups.
interface ColumnRow {
  variableId: number;
  n: number;
  headT: number;
  headV: number;
  tailT: number;
  tailV: number;
  lowT: number;
  lowV: number;
  highT: number;
  highV: number;
}

const COLUMN_FIELDS = `
  variable_id as "variableId", n,
  head[1] as "headT", head[2] as "headV", tail[1] as "tailT", tail[2] as "tailV",
  low[2] as "lowT", low[1] as "lowV", -high[2] as "highT", high[1] as "highV"`;

// M4 over raw points: `width` equal columns over [start, end), column index computed in integers so that
// it matches the documented rule exactly. The float8[] pairs pick (time, value) together; ties of value go
// to the earliest point, as in the rollups.
const RAW_COLUMNS = `
  select ${COLUMN_FIELDS}
  from (
    select variable_id, count(*)::int as n,
           min(array[t, value]) as head, max(array[t, value]) as tail,
           min(array[value, t]) as low, max(array[value, -t]) as high
    from (
      select variable_id, value, round(date_part('epoch', ts) * 1000)::int8 as t
      from variables.measurement
      where variable_id = $1::int4
        and ts >= to_timestamp($2::float8 / 1000) and ts < to_timestamp($3::float8 / 1000)
    ) points
    group by variable_id, ((t - $2::int8) * $4::int8) / ($3::int8 - $2::int8)
  ) columns`;

// The raw points themselves, when there are few enough: at most `$4` of them (one more says "too many").
const RAW_POINTS = `
  select round(date_part('epoch', ts) * 1000) as ts, value
  from variables.measurement
  where variable_id = $1::int4
    and ts >= to_timestamp($2::float8 / 1000) and ts < to_timestamp($3::float8 / 1000)
  order by ts
  limit $4::int8 + 1`;

// Whether the raw points can answer for [start, end): the stored ones must be complete there — a raw point
// at or before the start proves it, as retention deletes each variable's oldest days first and nothing
// older is accepted afterwards — and few: `bound` is an upper bound of their number, the counts of the
// hourly (or, past a month, daily) buckets overlapping the range, at most a few hundred small rows.
// min(ts) rather than EXISTS(ts <= start): the planner makes min one index probe, while it answered the
// EXISTS with a sequential scan (15 s on 284 M rows).
const RAW_COVERAGE = `
  select coalesce(
           (select min(ts) from variables.measurement where variable_id = $1::int4)
             <= to_timestamp($2::float8 / 1000),
           false
         ) as complete,
         (select coalesce(sum(count), 0)::int8 from variables.rollup
          where variable_id = $1::int4 and resolution_s = $4::int4
            and bucket > to_timestamp($2::float8 / 1000) - make_interval(secs => $4::float8)
            and bucket < to_timestamp($3::float8 / 1000)) as bound`;
const MONTH_MS = 30 * 86_400_000;

// M4 over rollups: each column is a whole number of buckets of one resolution, and the first / last /
// lowest / highest point of a column is the earliest first / latest last / lowest min / highest max of
// its buckets — exact, without reading a raw point.
const ROLLUP_COLUMNS = `
  select ${COLUMN_FIELDS}
  from (
    select variable_id, sum(count)::int8 as n,
           min(array[date_part('epoch', first_ts), first]) as head,
           max(array[date_part('epoch', last_ts), last]) as tail,
           min(array[min, date_part('epoch', min_ts)]) as low,
           max(array[max, -date_part('epoch', max_ts)]) as high
    from variables.rollup
    where variable_id = $1::int4 and resolution_s = $4
      and bucket >= to_timestamp($2::float8 / 1000) and bucket < to_timestamp($3::float8 / 1000)
    group by variable_id, date_bin(make_interval(secs => $5::float8), bucket, timestamptz 'epoch')
  ) columns`;

@Injectable()
export class TimelineRepository {
  constructor(private readonly database: Database) {}

  /**
   * The M4 reduction of each variable over the grid — or the raw points themselves when there are no more
   * than M4 would return (4 per column): reading them costs a fraction of computing M4, and the line is
   * trivially the raw line. That is how a short range of dense data, or any range of sparse data (a slow
   * sensor, the standalone demo's one point a minute), is answered. Variables without points are absent.
   * One query chain per variable, run side by side: on PostgreSQL each takes a connection (and a core) of
   * its own.
   */
  async reduce(variableIds: number[], grid: TimelineGrid): Promise<Map<number, ReducedSeries>> {
    const perVariable = await Promise.all(
      variableIds.map((variableId) =>
        this.database.withConnection((connection) => reduceOne(connection, variableId, grid)),
      ),
    );
    return new Map(perVariable.filter((entry) => entry !== null));
  }
}

async function reduceOne(
  connection: DatabaseConnection,
  variableId: number,
  grid: TimelineGrid,
): Promise<[number, ReducedSeries] | null> {
  const range = [variableId, grid.startMs, grid.endMs] as const;
  const limit = 4 * grid.columns;
  // On a rollup grid the raw points are read only when they are complete over the range and the coarse
  // counts promise few enough, so a range of dense data never reads (and throws away) `limit` of them first.
  const fewEnough =
    grid.resolutionS === null ||
    (await rawAnswers(connection, range, limit, grid.endMs - grid.startMs > MONTH_MS ? 86_400 : 3_600));
  if (fewEnough) {
    const points = await connection.query<SeriesPoint>(RAW_POINTS, [...range, limit]);
    if (points.length === 0) return null;
    if (points.length <= limit) return [variableId, { points, total: points.length }];
  }
  if (grid.resolutionS === null) {
    const rows = await connection.query<ColumnRow>(RAW_COLUMNS, [...range, grid.columns]);
    return toSeries(rows, (t) => t);
  }
  const rows = await connection.query<ColumnRow>(ROLLUP_COLUMNS, [
    ...range,
    grid.resolutionS,
    grid.columnMs / 1000,
  ]);
  return toSeries(rows, (t) => Math.round(t * 1000));
}

async function rawAnswers(
  connection: DatabaseConnection,
  range: readonly [number, number, number],
  limit: number,
  boundResolutionS: number,
): Promise<boolean> {
  const [row] = await connection.query<{ complete: boolean; bound: string }>(RAW_COVERAGE, [
    ...range,
    boundResolutionS,
  ]);
  return !!row?.complete && Number(row.bound) <= limit;
}

// One variable's M4 columns as its points in time order (times in epoch milliseconds through `toMs`).
function toSeries(rows: ColumnRow[], toMs: (t: number) => number): [number, ReducedSeries] | null {
  const [first] = rows;
  if (first === undefined) return null;
  const reduced: ReducedSeries = { points: [], total: 0 };
  for (const row of rows) {
    reduced.total += Number(row.n);
    const column = [
      { ts: toMs(row.headT), value: row.headV },
      { ts: toMs(row.lowT), value: row.lowV },
      { ts: toMs(row.highT), value: row.highV },
      { ts: toMs(row.tailT), value: row.tailV },
    ].sort((a, b) => a.ts - b.ts);
    // One point can be several of the four (the first may also be the lowest).
    let previousTs: number | undefined;
    for (const point of column) {
      if (point.ts !== previousTs) reduced.points.push(point);
      previousTs = point.ts;
    }
  }
  // Columns arrive grouped, not ordered; points of different columns never share an instant.
  reduced.points.sort((a, b) => a.ts - b.ts);
  return [first.variableId, reduced];
}
