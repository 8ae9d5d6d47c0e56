import { Injectable } from '@nestjs/common';
import { Database } from '@plantlens/platform';
import type { TimelineGrid } from './timeline-grid';

/**
 * One variable's answer as two parallel columns in time order, each the text of a JSON array of numbers
 * without its brackets, as PostgreSQL wrote it: the answer is assembled around them without parsing a point.
 */
export interface ReducedSeries {
  /** epoch milliseconds, ascending, comma-separated */
  ts: string;
  values: string;
  /** how many points the columns hold */
  points: number;
  /** raw points they stand for */
  total: number;
}

// The points of one variable over [$2, $3) (epoch ms), as `t` (epoch ms) and `value`.
const RAW_RANGE = `
  from variables.measurement
  where variable_id = v.variable_id
    and ts >= to_timestamp($2::float8 / 1000) and ts < to_timestamp($3::float8 / 1000)`;

// One M4 column per row: its point count and its first, last, lowest and highest point as float8[] pairs
// (time, value) or (value, ±time), ties of value going to the earliest point, as in the rollups. Raw grid:
// `$5` equal columns over [$2, $3), the column index computed in integers so that it matches the documented
// rule exactly; times in epoch ms.
const RAW_COLUMNS = `
  select count(*)::int8 as n,
         min(array[t, value]) as head, max(array[t, value]) as tail,
         min(array[value, t]) as low, max(array[value, -t]) as high
  from (select value, round(date_part('epoch', ts) * 1000)::int8 as t ${RAW_RANGE}) points
  group by ((t - $2::int8) * $5::int8) / ($3::int8 - $2::int8)`;

// Rollup grid: each column is a whole number of buckets of resolution `$5` (columns of `$6` seconds aligned
// to the epoch), and its first / last / lowest / highest point is the earliest first / latest last / lowest
// min / highest max of its buckets — exact, without reading a raw point. Times in epoch ms.
const ROLLUP_COLUMNS = `
  select sum(count)::int8 as n,
         min(array[date_part('epoch', first_ts) * 1000, first]) as head,
         max(array[date_part('epoch', last_ts) * 1000, last]) as tail,
         min(array[min, date_part('epoch', min_ts) * 1000]) as low,
         max(array[max, -date_part('epoch', max_ts) * 1000]) as high
  from variables.rollup
  where variable_id = v.variable_id and resolution_s = $5::int4
    and bucket >= to_timestamp($2::float8 / 1000) and bucket < to_timestamp($3::float8 / 1000)
  group by date_bin(make_interval(secs => $6::float8), bucket, timestamptz 'epoch')`;

// How many raw points (up to `$4` + 1, enough to tell "too many") one variable has over [$2, $3): an
// index-only count, so a dense range never reads and throws away `$4` points before its M4.
const RAW_COUNT = `(select count(*) from (select 1 ${RAW_RANGE} limit $4::int8 + 1) few)`;

// On a rollup grid the raw points may answer only where they are complete over the range — a raw point at
// or before the start proves it, as retention deletes each variable's oldest days first and nothing older
// is accepted afterwards — and few: the counts of the hourly (or, past a month, daily: `$7`) buckets
// overlapping the range bound their number, at most a few hundred small rows. min(ts) rather than
// EXISTS(ts <= start): the planner makes min one index probe, while it answered the EXISTS with a sequential
// scan (15 s on 284 M rows).
const ROLLUP_GRID_RAW_COUNT = `
  case when coalesce(
              (select min(ts) from variables.measurement where variable_id = v.variable_id)
                <= to_timestamp($2::float8 / 1000),
              false)
        and (select coalesce(sum(count), 0) from variables.rollup
             where variable_id = v.variable_id and resolution_s = $7::int4
               and bucket > to_timestamp($2::float8 / 1000) - make_interval(secs => $7::float8)
               and bucket < to_timestamp($3::float8 / 1000)) <= $4::int8
       then ${RAW_COUNT} end`;

/**
 * The whole answer in one statement: per variable (in the order of `$1`), its raw points when there are at
 * most `$4` of them (`rawCount`), else the points of its M4 `columns`. Both come back aggregated into two
 * comma-joined texts: the driver receives two strings per variable instead of a row per point, and the
 * answer is built around them. Stored values are finite (the writer refuses others), so PostgreSQL's
 * shortest exact float text is JSON.
 * The texts are `string_agg` over a subquery in time order (raw points: the index's order, no sort), not
 * `array_agg(… order by t)`, which sorted the points once per text and built an array on the way (half the
 * time of the raw hour). A subquery with ORDER BY is never flattened into its parent, and an aggregate over
 * it without joins or grouping reads its rows in that order.
 * An M4 column is written as one piece of each text: its first point, the earlier then the later of its
 * lowest and highest, its last. They are in time order, so a point that is several of the four (the same
 * instant) is next to itself and kept once by comparing neighbours; only the columns are sorted, by their
 * first point. Four rows per column, deduplicated and sorted as points, made the day's statement 1.4 times as
 * long (1 440 columns per variable: 174 against 121 ms for 9 variables, docs/benchmarks.md §2).
 * The branch not taken is not executed: its condition only depends on the outer row (a one-time filter).
 * `offset 0` keeps the planner from inlining the count into both conditions, which counted it three times.
 * Variables without points are absent.
 */
function timelineStatement(rawCount: string, columns: string): string {
  return `
  select v.variable_id as "variableId", answer.points, answer.total, answer.ts, answer.values
  from unnest($1::int4[]) with ordinality as v(variable_id, position)
  cross join lateral (select ${rawCount} as n offset 0) raw
  cross join lateral (
    select count(*)::int8 as points, count(*)::int8 as total,
           string_agg(t::text, ',') as ts, string_agg(value::text, ',') as values
    from (
      select round(date_part('epoch', ts) * 1000)::int8 as t, value ${RAW_RANGE} and raw.n <= $4::int8
      order by ts
    ) points
    having count(*) > 0
    union all
    select sum(column_points)::int8, sum(n)::int8, string_agg(column_ts, ','), string_agg(column_values, ',')
    from (
      select columns.n,
             1 + (mid_t > head_t)::int + (late_t > mid_t)::int + (tail_t > late_t)::int as column_points,
             concat_ws(',', head_t,
                       case when mid_t > head_t then mid_t end,
                       case when late_t > mid_t then late_t end,
                       case when tail_t > late_t then tail_t end) as column_ts,
             concat_ws(',', head[2],
                       case when mid_t > head_t then mid_value end,
                       case when late_t > mid_t then late_value end,
                       case when tail_t > late_t then tail[2] end) as column_values
      from (${columns}) columns
      cross join lateral (
        select floor(head[1] + 0.5)::int8 as head_t, floor(low[2] + 0.5)::int8 as low_t,
               floor(-high[2] + 0.5)::int8 as high_t, floor(tail[1] + 0.5)::int8 as tail_t
        offset 0
      ) at
      cross join lateral (
        select case when low_t <= high_t then low_t else high_t end as mid_t,
               case when low_t <= high_t then low[1] else high[1] end as mid_value,
               case when low_t <= high_t then high_t else low_t end as late_t,
               case when low_t <= high_t then high[1] else low[1] end as late_value
      ) middle
      where raw.n is null or raw.n > $4::int8
      order by head_t
    ) columns
    having count(*) > 0
  ) answer
  order by v.position`;
}

const RAW_GRID = timelineStatement(RAW_COUNT, RAW_COLUMNS);
// How many statements share a read's variables on PostgreSQL: the cores a request may use at once.
const POSTGRES_STATEMENTS_PER_READ = 2;
const ROLLUP_GRID = timelineStatement(ROLLUP_GRID_RAW_COUNT, ROLLUP_COLUMNS);
const MONTH_MS = 30 * 86_400_000;

interface AnswerRow {
  variableId: number;
  points: string | number;
  total: string | number;
  ts: string;
  values: string;
}

@Injectable()
export class TimelineRepository {
  constructor(private readonly database: Database) {}

  /**
   * The M4 reduction of each variable over the grid — or the raw points themselves when there are no more
   * than M4 would return (4 per column): reading them costs a fraction of computing M4, and the line is
   * trivially the raw line. That is how a short range of dense data, or any range of sparse data (a slow
   * sensor, the standalone demo's one point a minute), is answered. Variables without points are absent.
   */
  async reduce(variableIds: number[], grid: TimelineGrid): Promise<Map<number, ReducedSeries>> {
    // PostgreSQL runs a statement on one core: the variables go in a few statements on connections of their
    // own, which a long range (tens of thousands of rollup rows) finishes in about half the time on two
    // cores (docs/benchmarks.md §2). PGlite has a single connection, so one statement there.
    const statements = this.database.engine === 'postgres' ? POSTGRES_STATEMENTS_PER_READ : 1;
    const answers = await Promise.all(
      contiguousGroups(variableIds, statements).map((ids) =>
        this.database.withConnection((connection) =>
          connection.query<AnswerRow>(...timelineQuery(ids, grid)),
        ),
      ),
    );
    return new Map(
      answers
        .flat()
        .map(({ variableId, points, total, ts, values }) => [
          variableId,
          { ts, values, points: Number(points), total: Number(total) },
        ]),
    );
  }
}

/** One statement of `reduce` and its parameters. */
function timelineQuery(variableIds: number[], grid: TimelineGrid): [string, unknown[]] {
  const range = [variableIds, grid.startMs, grid.endMs, 4 * grid.columns];
  if (grid.resolutionS === null) return [RAW_GRID, [...range, grid.columns]];
  const boundResolutionS = grid.endMs - grid.startMs > MONTH_MS ? 86_400 : 3_600;
  return [ROLLUP_GRID, [...range, grid.resolutionS, grid.columnMs / 1000, boundResolutionS]];
}

/** `items` in at most `count` groups of consecutive items (sizes differing by one at most), order kept. */
export function contiguousGroups<T>(items: readonly T[], count: number): T[][] {
  const groups = Math.max(1, Math.min(count, items.length));
  return Array.from({ length: groups }, (_, index) =>
    items.slice(
      Math.floor((index * items.length) / groups),
      Math.floor(((index + 1) * items.length) / groups),
    ),
  );
}
