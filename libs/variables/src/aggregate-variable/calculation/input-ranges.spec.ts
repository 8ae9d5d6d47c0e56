import type { AggregateDefinition } from '@plantlens/contracts';
import {
  affectedWindows,
  frontier,
  inputRanges,
  liveWindows,
  mergeRanges,
  waitingWindow,
  type LiveContext,
} from './input-ranges';

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

describe('frontier', () => {
  it('is the earliest latest point, -Infinity while an input has no point', () => {
    const last = new Map<number, number | null>([
      [1, T0 + 9000],
      [2, T0 + 4000],
      [3, null],
    ]);
    expect(frontier([1, 2], last)).toEqual({ frontierMs: T0 + 4000, newestMs: T0 + 9000 });
    expect(frontier([1, 3], last)).toEqual({ frontierMs: -Infinity, newestMs: T0 + 9000 });
    expect(frontier([3], last)).toBeNull();
  });
});

describe('liveWindows', () => {
  const metrical: AggregateDefinition = { goal: 'metrical', metrical: 'mean', variableIdList: [1, 2, 3] };
  const context = (overrides: Partial<LiveContext>): LiveContext => ({
    lastMs: new Map(),
    facts: new Map(),
    horizonMs: null,
    maxAgeMs: MAX_AGE_MS,
    reachMs: 3_600_000,
    ...overrides,
  });

  it('completes, for an in-order batch, the instants after its previous point up to the frontier only', () => {
    // Input 1 was the slowest (last at T0 + 10 s); it now reaches T0 + 30 s, input 2 is at T0 + 25 s.
    const windows = liveWindows(
      operated,
      new Map([[1, { fromMs: T0 + 11_000, toMs: T0 + 30_000 }]]),
      context({
        lastMs: new Map([
          [1, T0 + 30_000],
          [2, T0 + 25_000],
        ]),
        facts: new Map([[1, { prevMs: T0 + 10_000, nextMs: null }]]),
        horizonMs: T0 + 10_000,
      }),
    );
    expect(windows).toEqual([{ fromMs: T0 + 10_001, toMs: T0 + 25_000 }]);
  });

  it('calculates nothing for an input running ahead of the others', () => {
    const windows = liveWindows(
      operated,
      new Map([[2, { fromMs: T0 + 26_000, toMs: T0 + 40_000 }]]),
      context({
        lastMs: new Map([
          [1, T0 + 10_000],
          [2, T0 + 40_000],
        ]),
        facts: new Map([[2, { prevMs: T0 + 25_000, nextMs: null }]]),
        horizonMs: T0 + 10_000,
      }),
    );
    expect(windows).toEqual([]);
  });

  it('corrects what was calculated already (the horizon), within the max age after the batch', () => {
    // The wait calculated up to T0 + 50 s without input 1's points; they arrive now.
    const windows = liveWindows(
      operated,
      new Map([[1, { fromMs: T0 + 11_000, toMs: T0 + 20_000 }]]),
      context({
        lastMs: new Map([
          [1, T0 + 20_000],
          [2, T0 + 200_000],
        ]),
        facts: new Map([[1, { prevMs: T0 + 10_000, nextMs: null }]]),
        horizonMs: T0 + 150_000,
      }),
    );
    // What lies between its previous point and its first new one was calculated and does not change.
    expect(windows).toEqual([{ fromMs: T0 + 11_000, toMs: T0 + 80_000 }]);
  });

  it("completes at an input's first point the instants waiting for it, after the horizon", () => {
    const changed = new Map([[1, { fromMs: T0 + 30_000, toMs: T0 + 40_000 }]]);
    const lastMs = new Map([
      [1, T0 + 40_000],
      [2, T0 + 50_000],
    ]);
    const facts = new Map([[1, { prevMs: null, nextMs: null }]]);
    expect(liveWindows(operated, changed, context({ lastMs, facts, horizonMs: T0 + 5000 }))).toEqual([
      { fromMs: T0 + 5001, toMs: T0 + 40_000 },
    ]);
    expect(liveWindows(operated, changed, context({ lastMs, facts }))).toEqual([
      { fromMs: T0 + 30_000 - 3_600_000, toMs: T0 + 40_000 },
    ]);
  });

  it("changes, for a late batch, the instants until the input's next point, past the frontier too", () => {
    const windows = liveWindows(
      metrical,
      new Map([
        [3, { fromMs: T0 + 5000, toMs: T0 + 6000 }],
        [2, { fromMs: T0 + 50_000, toMs: T0 + 51_000 }],
      ]),
      context({
        lastMs: new Map([
          [1, T0 + 300_000],
          [2, T0 + 300_000],
          [3, T0 + 300_000],
        ]),
        facts: new Map([
          [3, { prevMs: T0 + 4000, nextMs: T0 + 9000 }],
          [2, { prevMs: T0 + 49_000, nextMs: T0 + 200_000 }],
        ]),
      }),
    );
    expect(windows).toEqual([
      { fromMs: T0 + 5000, toMs: T0 + 8999 },
      { fromMs: T0 + 50_000, toMs: T0 + 111_000 },
    ]);
  });

  it('reaches back at most the reach for an input resuming after a long silence', () => {
    const windows = liveWindows(
      operated,
      new Map([[1, { fromMs: T0 + 10 * 3_600_000, toMs: T0 + 10 * 3_600_000 }]]),
      context({
        lastMs: new Map([
          [1, T0 + 10 * 3_600_000],
          [2, T0 + 10 * 3_600_000],
        ]),
        facts: new Map([[1, { prevMs: T0, nextMs: null }]]),
      }),
    );
    expect(windows).toEqual([{ fromMs: T0 + 9 * 3_600_000, toMs: T0 + 10 * 3_600_000 }]);
  });

  it('leaves a gradual one to affectedWindows', () => {
    const gradual: AggregateDefinition = { goal: 'gradual', varId: 3, timeGap: 'PT1M' };
    const changed = new Map([[3, { fromMs: T0, toMs: T0 + 1000 }]]);
    expect(liveWindows(gradual, changed, context({}))).toEqual(affectedWindows(gradual, changed, MAX_AGE_MS));
  });
});

describe('waitingWindow', () => {
  const last = new Map<number, number | null>([
    [1, T0 + 10_000],
    [2, T0 + 40_000],
    [3, T0 + 35_000],
  ]);
  const options = { reachMs: 3_600_000, now: false };

  it('calculates, past the frontier, what waited at the previous look for inputs that stood still', () => {
    // Input 1 stood still over the two previous looks; 2 and 3 advanced.
    const older = new Map<number, number | null>([
      [1, T0 + 10_000],
      [2, T0 + 20_000],
      [3, T0 + 33_000],
    ]);
    const previous = new Map<number, number | null>([
      [1, T0 + 10_000],
      [2, T0 + 30_000],
      [3, T0 + 33_000],
    ]);
    // Up to the newest point of the previous look (input 3's): what has waited a whole look at least.
    expect(waitingWindow([1, 2, 3], last, [older, previous], T0 + 10_000, options)).toEqual({
      fromMs: T0 + 10_001,
      toMs: T0 + 33_000,
    });
    // One look is not enough, and an input still at the previous look's point counts as standing still only
    // if it stood there at the older one too.
    expect(waitingWindow([1, 2, 3], last, [previous], T0 + 10_000, options)).toBeNull();
    const movedBefore = new Map([...older, [1, T0 + 9000]]);
    expect(waitingWindow([1, 2, 3], last, [movedBefore, previous], T0 + 10_000, options)).toBeNull();
  });

  it('waits while every input advances: their batches make the instants final', () => {
    const previous = new Map<number, number | null>([
      [1, T0 + 9000],
      [2, T0 + 30_000],
      [3, T0 + 33_000],
    ]);
    expect(waitingWindow([1, 2, 3], last, [previous, previous], T0 + 9000, options)).toBeNull();
  });

  it('does not wait for an input that never had a point', () => {
    const previous = new Map<number, number | null>([[2, T0 + 40_000]]);
    expect(waitingWindow([2, 4], last, [previous, previous], null, options)).toEqual({
      fromMs: T0 + 40_000 - 3_600_000 + 1,
      toMs: T0 + 40_000,
    });
  });

  it('calculates all that waits when asked now, after what is calculated already', () => {
    expect(waitingWindow([1, 2], last, [], T0 + 20_000, { ...options, now: true })).toEqual({
      fromMs: T0 + 20_001,
      toMs: T0 + 40_000,
    });
    expect(waitingWindow([1, 2], last, [], T0 + 40_000, { ...options, now: true })).toBeNull();
  });

  it('looks back at most the reach', () => {
    expect(waitingWindow([1, 2], last, [], null, { reachMs: 5000, now: true })).toEqual({
      fromMs: T0 + 35_001,
      toMs: T0 + 40_000,
    });
  });
});
