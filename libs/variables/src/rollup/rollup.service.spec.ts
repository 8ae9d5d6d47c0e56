import { scheduleRanges } from './rollup.service';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 1);

describe('scheduleRanges', () => {
  it('cuts ranges at hour boundaries and keeps what exceeds one step for later', () => {
    const { now, later } = scheduleRanges(
      [
        { variableId: 1, fromMs: T0 + HOUR / 2, toMs: T0 + 2 * HOUR },
        { variableId: 2, fromMs: T0, toMs: T0 + 100 * HOUR },
      ],
      0,
    );
    expect(now.slice(0, 3)).toEqual([
      { variableId: 1, fromMs: T0 + HOUR / 2, toMs: T0 + HOUR },
      { variableId: 1, fromMs: T0 + HOUR, toMs: T0 + 2 * HOUR },
      { variableId: 2, fromMs: T0, toMs: T0 + HOUR },
    ]);
    expect(now).toHaveLength(48);
    expect(now.at(-1)).toEqual({ variableId: 2, fromMs: T0 + 45 * HOUR, toMs: T0 + 46 * HOUR });
    expect(later).toEqual([{ variableId: 2, fromMs: T0 + 46 * HOUR, toMs: T0 + 100 * HOUR }]);
  });

  it('takes the short live ranges of many variables in one step', () => {
    const live = Array.from({ length: 500 }, (_, index) => ({
      variableId: index + 1,
      fromMs: T0 + HOUR - 10_000,
      toMs: T0 + HOUR + 20_000,
    }));
    const { now, later } = scheduleRanges(live, 0);
    // each straddles an hour boundary: two pieces per variable, all of them now
    expect(now).toHaveLength(1_000);
    expect(later).toEqual([]);
  });

  it('drops what lies before the raw retention horizon', () => {
    const horizon = T0 + 24 * HOUR;
    const { now, later } = scheduleRanges(
      [
        { variableId: 1, fromMs: T0, toMs: T0 + HOUR },
        { variableId: 1, fromMs: horizon - HOUR, toMs: horizon + 10_000 },
      ],
      horizon,
    );
    expect(now).toEqual([{ variableId: 1, fromMs: horizon, toMs: horizon + 10_000 }]);
    expect(later).toEqual([]);
  });
});
