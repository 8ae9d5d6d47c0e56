import { timelineGrid } from './timeline-grid';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.UTC(2026, 0, 1);

describe('timelineGrid', () => {
  it('reduces raw points on exactly `width` equal columns while fewer than `width` 10 s buckets fit', () => {
    expect(timelineGrid(T0 + 123, T0 + 123 + HOUR, 2000)).toEqual({
      resolutionS: null,
      startMs: T0 + 123,
      endMs: T0 + 123 + HOUR,
      columns: 2000,
      columnMs: 1800,
    });
  });

  it.each([
    // range, width, resolution, columns of k buckets
    [DAY, 2000, 30, 2],
    [DAY, 1000, 60, 2],
    [12 * HOUR, 2000, 10, 3],
    [7 * DAY, 2000, 60, 6],
    [30 * DAY, 2000, 600, 3],
    [100 * DAY, 2000, 3600, 2],
    [365 * DAY, 2000, 14400, 2],
    [10 * 365 * DAY, 2000, 86400, 2],
    [20_000_000, 2000, 10, 1],
  ])(
    'picks the coarsest resolution with a bucket per column: %d ms at %d px → %d s × %d',
    (span, width, resolutionS, factor) => {
      const grid = timelineGrid(T0, T0 + span, width);
      expect(grid.resolutionS).toBe(resolutionS);
      expect(grid.columnMs).toBe(resolutionS * 1000 * factor);
      expect(grid.columns).toBeLessThanOrEqual(width);
      expect(grid.columns).toBeGreaterThan(width / 2);
    },
  );

  it('aligns rollup columns to the epoch and covers the whole range', () => {
    const start = T0 + 7 * HOUR + 1234;
    const end = start + 30 * DAY;
    const grid = timelineGrid(start, end, 1000);
    expect(grid.startMs % grid.columnMs).toBe(0);
    expect(grid.endMs % grid.columnMs).toBe(0);
    expect(grid.startMs).toBeLessThanOrEqual(start);
    expect(grid.startMs).toBeGreaterThan(start - grid.columnMs);
    expect(grid.endMs).toBeGreaterThanOrEqual(end);
    expect(grid.endMs).toBeLessThan(end + grid.columnMs);
    expect((grid.endMs - grid.startMs) / grid.columnMs).toBe(grid.columns);
    expect(grid.columns).toBeLessThanOrEqual(1000);
  });

  it('gives exactly `width` columns of one bucket for a range of `width` aligned buckets', () => {
    const grid = timelineGrid(T0, T0 + 500 * 600_000, 500);
    expect(grid).toEqual({
      resolutionS: 600,
      startMs: T0,
      endMs: T0 + 500 * 600_000,
      columns: 500,
      columnMs: 600_000,
    });
  });
});
