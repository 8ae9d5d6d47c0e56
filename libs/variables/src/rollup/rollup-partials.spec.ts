import { expectedRollups, seededRandom } from '../../test/time-series-fixtures';
import { rollupPartials } from './rollup-partials';

describe('rollupPartials', () => {
  it('summarises each variable of a batch like a recomputation from its points, at every resolution', () => {
    const random = seededRandom(17);
    const t0 = Date.UTC(2026, 2, 1, 23, 50);
    // Two variables, one after the other as prepareBatch groups them, across an hour and a day boundary;
    // values in halves so that ties of the minimum and maximum occur.
    const series = [7, 3].map((variableId) => ({
      variableId,
      points: Array.from({ length: 1_500 }, (_, i) => ({
        ts: t0 + i * 1_000 + Math.floor(random() * 999),
        value: Math.round(random() * 20) / 2,
      })),
    }));
    const partials = rollupPartials(
      series.flatMap(({ variableId, points }) => points.map((point) => ({ variableId, ...point }))),
    );
    for (const { variableId, points } of series) {
      const ofVariable = partials
        .filter((row) => row.variableId === variableId)
        .map(({ variableId: _id, ...row }) => row)
        .sort((a, b) => a.resolutionS - b.resolutionS || a.bucket - b.bucket);
      expect(ofVariable).toEqual(expectedRollups(points));
    }
  });
});
