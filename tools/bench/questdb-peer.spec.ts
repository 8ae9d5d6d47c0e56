import { timelineGrid } from '@plantlens/variables';
import {
  ilpSeriesEncoder,
  m4SampleByQuery,
  rollupViewStatement,
  seededRandom,
  timelineBenchValue,
} from './questdb-peer.mjs';

const HOUR = 3_600_000;
const JAN_1 = Date.UTC(2025, 0, 1);

describe('QuestDB peer of the bench', () => {
  it('encodes a point as a line protocol line in nanoseconds', () => {
    const encode = ilpSeriesEncoder('plantlens_timeline_bench', { variable: 'timeline_bench_3' }, 'value');
    expect(encode(51.25, JAN_1)).toBe(
      'plantlens_timeline_bench,variable=timeline_bench_3 value=51.25 1735689600000000000\n',
    );
    expect(encode(-0.5, JAN_1 + 1)).toBe(
      'plantlens_timeline_bench,variable=timeline_bench_3 value=-0.5 1735689600001000000\n',
    );
  });

  it('escapes the separators of names, keys and tag values', () => {
    const encode = ilpSeriesEncoder('my table,1', { 'a b': 'x=1,y 2' }, 'the value');
    expect(encode(1, 0)).toBe('my\\ table\\,1,a\\ b=x\\=1\\,y\\ 2 the\\ value=1 0000000\n');
  });

  it('refuses values and timestamps the protocol cannot carry', () => {
    const encode = ilpSeriesEncoder('t', { variable: 'v' }, 'value');
    expect(() => encode(Number.NaN, 0)).toThrow('not a finite number');
    expect(() => encode(Number.POSITIVE_INFINITY, 0)).toThrow('not a finite number');
    expect(() => encode(1, 0.5)).toThrow('whole milliseconds');
  });

  it('asks a rollup grid by columns aligned to the epoch, its width in milliseconds', () => {
    const grid = timelineGrid(JAN_1, JAN_1 + 24 * HOUR, 2000);
    expect(grid.resolutionS).not.toBeNull();
    expect(grid.startMs % grid.columnMs).toBe(0);
    expect(m4SampleByQuery('points', ['a', "o'b"], grid)).toBe(
      'SELECT ts, variable, first(value) AS first, min(value) AS min, max(value) AS max, last(value) AS last ' +
        "FROM points WHERE variable IN ('a', 'o''b') " +
        `AND ts >= '${new Date(grid.startMs).toISOString()}' AND ts < '${new Date(grid.endMs).toISOString()}' ` +
        `SAMPLE BY ${grid.columnMs}T ALIGN TO CALENDAR`,
    );
  });

  it('asks a raw grid from its first point, the fractional column rounded to the millisecond', () => {
    const start = JAN_1 + 7 * 60_000;
    expect(m4SampleByQuery('points', ['a'], timelineGrid(start, start + HOUR, 2000))).toContain(
      'SAMPLE BY 1800T ALIGN TO FIRST OBSERVATION',
    );
    expect(m4SampleByQuery('points', ['a'], timelineGrid(start, start + HOUR + 1000, 2000))).toContain(
      'SAMPLE BY 1801T ALIGN TO FIRST OBSERVATION',
    );
  });

  it('asks a rollup grid from the view of its resolution, merging the buckets of each column', () => {
    const grid = timelineGrid(JAN_1, JAN_1 + 365 * 24 * HOUR, 2000);
    expect(grid.resolutionS).toBe(14400);
    expect(rollupViewStatement('points', 14400)).toBe(
      'CREATE MATERIALIZED VIEW points_m4_14400s AS ( SELECT ts, variable, first(value) AS first, min(value) AS min, ' +
        'max(value) AS max, last(value) AS last FROM points SAMPLE BY 14400s ) PARTITION BY DAY',
    );
    const query = m4SampleByQuery('points', ['a'], grid, { fromView: true });
    expect(query).toContain(
      'SELECT ts, variable, first(first) AS first, min(min) AS min, max(max) AS max, last(last) AS last FROM points_m4_14400s ',
    );
    expect(query).toContain(`SAMPLE BY ${grid.columnMs}T ALIGN TO CALENDAR`);
    expect(() =>
      m4SampleByQuery('points', ['a'], timelineGrid(JAN_1, JAN_1 + HOUR, 2000), { fromView: true }),
    ).toThrow('a raw grid has no rollup view');
  });

  it('makes the same points on every run, in the shape of the timeline bench', () => {
    const series = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 1000 }, (_, i) => timelineBenchValue(1_735_689_600 + i, 2, random));
    };
    expect(series(2025)).toEqual(series(2025));
    expect(series(2025)).not.toEqual(series(7));
    // 50 + 20 sin(daily) + 5 sin(weekly) + 2 × the first draw, and 40 more when the second is below 1e-5.
    const draws =
      (...values: number[]) =>
      () =>
        values.shift() ?? Number.NaN;
    expect(timelineBenchValue(0, 0, draws(0, 0.5))).toBeCloseTo(50);
    expect(timelineBenchValue(86400 / 4, 0, draws(0.5, 0.5))).toBeCloseTo(71 + 5 * Math.sin(Math.PI / 14));
    expect(timelineBenchValue(0, Math.PI / 2, draws(0, 0))).toBeCloseTo(110);
  });
});
