import { cutActuations, MAX_ACTUATION_MS } from '../src/analysis';
import { openingSeries, SECOND_MS } from './analysis-fixtures';

const up = [0, 0, 20, 40, 60, 80, 100, 100];
const down = [100, 75, 50, 25, 0, 0];

describe('cutActuations', () => {
  it('cuts an opening and a closure from the last reading at rest to the first at the other extreme', () => {
    const series = openingSeries([...up, ...down]);
    expect(cutActuations(series)).toEqual({
      actuations: [
        { operation: 'opening', beginMs: 1 * SECOND_MS, endMs: 6 * SECOND_MS },
        { operation: 'closure', beginMs: 8 * SECOND_MS, endMs: 12 * SECOND_MS },
      ],
      resumeFromMs: 13 * SECOND_MS,
    });
  });

  it('takes readings within half a curve level of 0 % and 100 % as the extremes', () => {
    const { actuations } = cutActuations(openingSeries([0.3, 30, 70, 99.7, 50, 0.41]));
    expect(actuations.map((a) => a.operation)).toEqual(['opening', 'closure']);
    expect(cutActuations(openingSeries([0.5, 30, 70, 99.5])).actuations).toEqual([]);
  });

  it('does not cut a movement that turns back before the other extreme', () => {
    // Opens to 50 % and closes again, then a full opening.
    const series = openingSeries([0, 25, 50, 30, 0, 50, 100]);
    expect(cutActuations(series).actuations).toEqual([
      { operation: 'opening', beginMs: 4 * SECOND_MS, endMs: 6 * SECOND_MS },
    ]);
    // Turns back by 10 % mid-way, then completes: not one complete actuation.
    expect(cutActuations(openingSeries([0, 30, 60, 50, 80, 100])).actuations).toEqual([]);
  });

  it('tolerates a sensor wobbling back by less than two curve levels', () => {
    const { actuations } = cutActuations(openingSeries([0, 30, 31.5, 30.2, 60, 100]));
    expect(actuations).toEqual([{ operation: 'opening', beginMs: 0, endMs: 5 * SECOND_MS }]);
  });

  it('resumes after a reversed movement, which is not read again', () => {
    expect(cutActuations(openingSeries([0, 30, 60, 40])).resumeFromMs).toBe(3 * SECOND_MS);
  });

  it('resumes from the start of an actuation still in progress, and cuts it once on the next call', () => {
    const series = openingSeries([...up, 100, 80, 60]);
    const first = cutActuations(series);
    expect(first.actuations.map((a) => a.operation)).toEqual(['opening']);
    expect(first.resumeFromMs).toBe(8 * SECOND_MS);
    const more = openingSeries([...up, 100, 80, 60, 30, 0, 0]).filter((p) => p.tsMs >= first.resumeFromMs!);
    expect(cutActuations(more)).toEqual({
      actuations: [{ operation: 'closure', beginMs: 8 * SECOND_MS, endMs: 12 * SECOND_MS }],
      resumeFromMs: 13 * SECOND_MS,
    });
  });

  it('gives up a movement that lasts longer than any actuation, and does not read it again', () => {
    const stalled = [
      { tsMs: 0, value: 0 },
      { tsMs: SECOND_MS, value: 40 },
      { tsMs: MAX_ACTUATION_MS, value: 40 },
      { tsMs: MAX_ACTUATION_MS + SECOND_MS, value: 40 },
    ];
    expect(cutActuations(stalled)).toEqual({ actuations: [], resumeFromMs: MAX_ACTUATION_MS + SECOND_MS });
    const arrives = [...stalled, { tsMs: MAX_ACTUATION_MS + 2 * SECOND_MS, value: 100 }];
    expect(cutActuations(arrives).actuations).toEqual([]);
    // Within the limit it is an actuation, however slow.
    const slow = [stalled[0], stalled[1], { tsMs: MAX_ACTUATION_MS, value: 100 }];
    expect(cutActuations(slow).actuations).toEqual([
      { operation: 'opening', beginMs: 0, endMs: MAX_ACTUATION_MS },
    ]);
  });

  it('does not cut a movement under way when the series starts', () => {
    expect(cutActuations(openingSeries([40, 70, 100, 100]))).toEqual({
      actuations: [],
      resumeFromMs: 3 * SECOND_MS,
    });
  });

  it('cuts an actuation whose intermediate readings are missing', () => {
    expect(cutActuations(openingSeries([0, 100])).actuations).toEqual([
      { operation: 'opening', beginMs: 0, endMs: SECOND_MS },
    ]);
  });

  it('answers an empty series with no actuation and nowhere to resume', () => {
    expect(cutActuations([])).toEqual({ actuations: [], resumeFromMs: null });
  });
});
