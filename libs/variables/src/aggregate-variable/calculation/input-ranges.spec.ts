import type { AggregateDefinition } from '@plantlens/contracts';
import { affectedWindows, inputRanges, mergeRanges } from './input-ranges';

const T0 = Date.UTC(2026, 0, 1);
const MAX_AGE_MS = 60_000;
const operated: AggregateDefinition = {
  goal: 'operated',
  operator: '+',
  varOneId: 1,
  varTwoId: 2,
  constant: null,
};

describe('affectedWindows', () => {
  it('covers the new points of any input and the max age after them', () => {
    const changed = new Map([
      [2, { fromMs: T0 + 5000, toMs: T0 + 9000 }],
      [1, { fromMs: T0, toMs: T0 + 3000 }],
      [7, { fromMs: T0 - 99_000, toMs: T0 }],
    ]);
    expect(affectedWindows(operated, changed, MAX_AGE_MS)).toEqual([{ fromMs: T0, toMs: T0 + 69_000 }]);
    expect(affectedWindows(operated, new Map([[7, { fromMs: T0, toMs: T0 }]]), MAX_AGE_MS)).toEqual([]);
  });

  it('adds, for a gradual one, the instants one gap later: apart when far, merged when they meet', () => {
    const changed = new Map([[3, { fromMs: T0, toMs: T0 + 1000 }]]);
    expect(affectedWindows({ goal: 'gradual', varId: 3, timeGap: 'PT1H' }, changed, MAX_AGE_MS)).toEqual([
      { fromMs: T0, toMs: T0 + 1000 },
      { fromMs: T0 + 3_600_000, toMs: T0 + 3_661_000 },
    ]);
    const longer = new Map([[3, { fromMs: T0, toMs: T0 + 120_000 }]]);
    expect(affectedWindows({ goal: 'gradual', varId: 3, timeGap: 'PT1M' }, longer, MAX_AGE_MS)).toEqual([
      { fromMs: T0, toMs: T0 + 240_000 },
    ]);
  });
});

describe('inputRanges and mergeRanges', () => {
  it('reads a gradual input over the window and over the window one gap earlier', () => {
    const window = { fromMs: T0, toMs: T0 + 1000 };
    expect(inputRanges({ goal: 'gradual', varId: 3, timeGap: 'PT10M' }, window)).toEqual([
      { variableId: 3, ...window },
      { variableId: 3, fromMs: T0 - 600_000, toMs: T0 - 599_000 },
    ]);
  });

  it('merges ranges of one variable whose look-back would reach the previous one, and only those', () => {
    expect(
      mergeRanges(
        [
          { variableId: 2, fromMs: T0 + 100_000, toMs: T0 + 200_000 },
          { variableId: 1, fromMs: T0 + 70_001, toMs: T0 + 80_000 },
          { variableId: 1, fromMs: T0, toMs: T0 + 10_000 },
          { variableId: 2, fromMs: T0, toMs: T0 + 40_000 },
        ],
        MAX_AGE_MS,
      ),
    ).toEqual([
      { variableId: 1, fromMs: T0, toMs: T0 + 10_000 },
      { variableId: 1, fromMs: T0 + 70_001, toMs: T0 + 80_000 },
      { variableId: 2, fromMs: T0, toMs: T0 + 200_000 },
    ]);
  });
});
