import type { CorrelationColumnsDto } from '@plantlens/contracts';
import { correlationRequest, pairPoints, pointsInRanges } from './correlation-points';

const series = (id: number, values: number[], sampled = false) => ({
  metadata: { id, label: `v${id}`, unit: null },
  values,
  sampled,
});
// Epoch milliseconds of the answer's instants, from 100 s on.
const instants = (count: number) => Array.from({ length: count }, (_, i) => 100_000 + 1000 * i);
const RANGE = { startDate: 1_000, endDate: 2_000 };

describe('correlation points', () => {
  it('asks for X, Y and Z once each', () => {
    expect(correlationRequest({ x: 1, y: 2 }, 3, RANGE)).toEqual({ variableIds: [1, 2, 3], ...RANGE });
    expect(correlationRequest({ x: 1, y: 2 }, null, RANGE)).toEqual({ variableIds: [1, 2], ...RANGE });
    expect(correlationRequest({ x: 1, y: 2 }, 2, RANGE)).toEqual({ variableIds: [1, 2], ...RANGE });
  });

  it('reads the columns by variable id, whatever the order of the answer, with instants in seconds', () => {
    const data: CorrelationColumnsDto = {
      ts: instants(2),
      variables: [series(3, [7, 8]), series(1, [1, 2]), series(2, [5, 6], true)],
      categorySets: [],
    };
    expect(pairPoints(data, { x: 1, y: 2 }, 3)).toEqual({
      x: { id: 1, label: 'v1', unit: null },
      y: { id: 2, label: 'v2', unit: null },
      z: { id: 3, label: 'v3', unit: null },
      timestamps: [100, 101],
      xs: [1, 2],
      ys: [5, 6],
      zs: [7, 8],
      zCategories: null,
      sampled: true,
    });
    // Z's categories come from the answer's category sets.
    const ranges = [{ value: 7, name: 'Seven', color: '#000000' }];
    const grouped = { ...data, categorySets: [{ id: 1, name: 'G', variables: [3], ranges }] };
    expect(pairPoints(grouped, { x: 1, y: 2 }, 3)?.zCategories).toEqual(ranges);
    // Z is the pair's Y: coloured by Y itself.
    expect(pairPoints(data, { x: 1, y: 2 }, 2)?.zs).toEqual([5, 6]);
    expect(pairPoints(data, { x: 1, y: 4 }, null)).toBeNull();
  });

  it('keeps the points inside every fixed range, bounds included', () => {
    const data: CorrelationColumnsDto = {
      ts: instants(4),
      variables: [series(1, [1, 2, 3, 4]), series(2, [10, 20, 30, 40]), series(3, [5, 6, 7, 8])],
      categorySets: [],
    };
    const points = pairPoints(data, { x: 1, y: 2 }, 3)!;
    const kept = pointsInRanges(points, {
      rangeX: { min: 2, max: null },
      rangeY: { min: null, max: 40 },
      rangeZ: { min: 5, max: 7 },
    });
    expect([kept.timestamps, kept.xs, kept.ys, kept.zs]).toEqual([
      [101, 102],
      [2, 3],
      [20, 30],
      [6, 7],
    ]);
    expect(pointsInRanges(points, { rangeX: null, rangeY: null, rangeZ: null })).toBe(points);
  });
});
