import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
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
   * The M4 reduction of each variable over the grid; variables without points are absent. One query per
   * variable, run side by side: on PostgreSQL each takes a connection (and a core) of its own.
   */
  async reduce(variableIds: number[], grid: TimelineGrid): Promise<Map<number, ReducedSeries>> {
    const perVariable = await Promise.all(
      variableIds.map((variableId) =>
        this.database.withConnection((connection) =>
          grid.resolutionS === null
            ? connection.query<ColumnRow>(RAW_COLUMNS, [variableId, grid.startMs, grid.endMs, grid.columns])
            : connection.query<ColumnRow>(ROLLUP_COLUMNS, [
                variableId,
                grid.startMs,
                grid.endMs,
                grid.resolutionS,
                grid.columnMs / 1000,
              ]),
        ),
      ),
    );
    const rows = perVariable.flat();
    const toMs = grid.resolutionS === null ? (t: number) => t : (t: number) => Math.round(t * 1000);
    const series = new Map<number, ReducedSeries>();
    for (const row of rows) {
      let reduced = series.get(row.variableId);
      if (!reduced) series.set(row.variableId, (reduced = { points: [], total: 0 }));
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
    for (const reduced of series.values()) reduced.points.sort((a, b) => a.ts - b.ts);
    return series;
  }
}
