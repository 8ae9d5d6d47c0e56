import type { MeasurementPoint } from '@plantlens/contracts';
import { BinaryCopyWriter } from '../measurement/binary-copy';
import { ROLLUP_RESOLUTIONS_S } from './rollup-resolutions';

/** The summary of some points of one bucket: a `variables.rollup` row, or a part of one to merge into it. */
export interface PartialRollup {
  variableId: number;
  resolutionS: number;
  bucket: number;
  count: number;
  sum: number;
  min: number;
  minTs: number;
  max: number;
  maxTs: number;
  first: number;
  firstTs: number;
  last: number;
  lastTs: number;
}

const LEVELS = ROLLUP_RESOLUTIONS_S.map((resolutionS) => ({ resolutionS, widthMs: resolutionS * 1000 }));

/**
 * The rollup rows of these points alone, at every resolution. The points must come grouped by variable,
 * each group in strictly ascending time (what prepareBatch gives): a bucket's points are then consecutive,
 * and the first strictly lower or higher value is the earliest instant of the minimum or maximum, the tie
 * rule of the recomputation from raw points.
 */
export function rollupPartials(points: readonly MeasurementPoint[]): PartialRollup[] {
  const rows: PartialRollup[] = [];
  const open: (PartialRollup | undefined)[] = LEVELS.map(() => undefined);
  for (const { variableId, ts, value } of points) {
    for (const [level, { resolutionS, widthMs }] of LEVELS.entries()) {
      const bucket = Math.floor(ts / widthMs) * widthMs;
      const row = open[level];
      if (row !== undefined && row.variableId === variableId && row.bucket === bucket) {
        row.count += 1;
        row.sum += value;
        if (value < row.min) {
          row.min = value;
          row.minTs = ts;
        }
        if (value > row.max) {
          row.max = value;
          row.maxTs = ts;
        }
        row.last = value;
        row.lastTs = ts;
      } else {
        const opened: PartialRollup = {
          variableId,
          resolutionS,
          bucket,
          count: 1,
          sum: value,
          min: value,
          minTs: ts,
          max: value,
          maxTs: ts,
          first: value,
          firstTs: ts,
          last: value,
          lastTs: ts,
        };
        rows.push(opened);
        open[level] = opened;
      }
    }
  }
  return rows;
}

/** The rows in binary COPY format, columns in the order of `variables.rollup`. */
export function encodePartialsCopy(rows: readonly PartialRollup[]): Buffer {
  const extremes = ['min', 'max', 'first', 'last'].flatMap(() => ['float8', 'timestamptz'] as const);
  const copy = new BinaryCopyWriter(
    ['int4', 'int4', 'timestamptz', 'int4', 'float8', ...extremes],
    rows.length,
  );
  for (const row of rows) {
    copy.row();
    copy.int4(row.variableId);
    copy.int4(row.resolutionS);
    copy.timestamptz(row.bucket);
    copy.int4(row.count);
    copy.float8(row.sum);
    for (const [value, ts] of [
      [row.min, row.minTs],
      [row.max, row.maxTs],
      [row.first, row.firstTs],
      [row.last, row.lastTs],
    ] as const) {
      copy.float8(value);
      copy.timestamptz(ts);
    }
  }
  return copy.finish();
}
