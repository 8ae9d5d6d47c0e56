import type { CategoryRangeDto, CorrelationColumnsDto, SeriesDto } from '@plantlens/contracts';
import type { DateRange } from '../../lib/date-ranges';
import { inAxisRange, type AxisRange } from './axis-range';
import type { Pair } from './correlation-query';
import { zCategoryRanges } from './category-colouring';

export interface CorrelationDataRequest {
  variableIds: number[];
  startDate: number;
  endDate: number;
}

/** The correlation-data call of one chart: X, Y, then Z when it is another variable. */
export function correlationRequest(pair: Pair, zId: number | null, range: DateRange): CorrelationDataRequest {
  return { variableIds: [...new Set([pair.x, pair.y, ...(zId === null ? [] : [zId])])], ...range };
}

/** The points of one chart, by column: point i is (xs[i], ys[i]) at timestamps[i], coloured by zs[i]. */
export interface PairPoints {
  x: SeriesDto['metadata'];
  y: SeriesDto['metadata'];
  z: SeriesDto['metadata'] | null;
  /** epoch seconds */
  timestamps: number[];
  xs: number[];
  ys: number[];
  zs: number[] | null;
  /** the categories of Z's categorical group (the answer's category sets), null when Z is in none */
  zCategories: CategoryRangeDto[] | null;
  /** the server averaged the data into time buckets */
  sampled: boolean;
}

/**
 * The answer of correlationRequest (its compact shape) as chart columns: the answer's own value columns,
 * no object per point. Point i of each variable is one dot; a Z that is also X or Y of the pair comes once
 * and colours by that variable.
 */
export function pairPoints(data: CorrelationColumnsDto, pair: Pair, zId: number | null): PairPoints | null {
  const byId = new Map(data.variables.map((series) => [series.metadata.id, series]));
  const [x, y] = [byId.get(pair.x), byId.get(pair.y)];
  const z = zId === null ? undefined : byId.get(zId);
  if (!x || !y || (zId !== null && !z)) return null;
  return {
    x: x.metadata,
    y: y.metadata,
    z: z?.metadata ?? null,
    timestamps: data.ts.map((ms) => ms / 1000),
    xs: x.values,
    ys: y.values,
    zs: z?.values ?? null,
    zCategories: zId === null ? null : zCategoryRanges(data.categorySets, zId),
    sampled: data.variables.some(({ sampled }) => sampled),
  };
}

export interface PointRanges {
  rangeX: AxisRange | null;
  rangeY: AxisRange | null;
  rangeZ: AxisRange | null;
}

/** The points inside the fixed ranges (spec part 2 §5: a fixed range filters the data). */
export function pointsInRanges(points: PairPoints, { rangeX, rangeY, rangeZ }: PointRanges): PairPoints {
  if (!rangeX && !rangeY && !(rangeZ && points.zs)) return points;
  const kept: number[] = [];
  for (let i = 0; i < points.xs.length; i += 1) {
    if (
      inAxisRange(rangeX, points.xs[i]) &&
      inAxisRange(rangeY, points.ys[i]) &&
      (!points.zs || inAxisRange(rangeZ, points.zs[i]))
    )
      kept.push(i);
  }
  const pick = (values: number[]) => kept.map((i) => values[i]);
  return {
    ...points,
    timestamps: pick(points.timestamps),
    xs: pick(points.xs),
    ys: pick(points.ys),
    zs: points.zs && pick(points.zs),
  };
}
