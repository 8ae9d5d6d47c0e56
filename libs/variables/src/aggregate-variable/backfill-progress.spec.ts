import { backfillProgress, type BackfillColumns } from './backfill-progress';

const at = (ms: number) => new Date(ms);
const planned = (overrides: Partial<BackfillColumns>): BackfillColumns => ({
  backfillState: 'running',
  backfillFrom: at(1_000),
  backfillTo: at(5_000),
  backfillDoneUntil: null,
  backfillError: null,
  ...overrides,
});

describe('backfillProgress', () => {
  it('is 0 before the range is planned or anything committed', () => {
    expect(
      backfillProgress(planned({ backfillState: 'none', backfillFrom: null, backfillTo: null })),
    ).toEqual({
      state: 'none',
      percent: 0,
      fromMs: null,
      toMs: null,
      error: null,
    });
    expect(backfillProgress(planned({ backfillState: 'pending' })).percent).toBe(0);
    expect(backfillProgress(planned({})).percent).toBe(0);
  });

  it('is the committed share of the range, rounded down, and 100 only once done', () => {
    expect(backfillProgress(planned({ backfillDoneUntil: at(2_000) }))).toEqual({
      state: 'running',
      percent: 25,
      fromMs: 1_000,
      toMs: 5_000,
      error: null,
    });
    expect(backfillProgress(planned({ backfillDoneUntil: at(1_004) })).percent).toBe(0.1);
    expect(backfillProgress(planned({ backfillDoneUntil: at(4_999) })).percent).toBe(99.9);
    expect(backfillProgress(planned({ backfillDoneUntil: at(5_000) })).percent).toBe(99.9);
    expect(backfillProgress(planned({ backfillState: 'done', backfillDoneUntil: at(5_000) })).percent).toBe(
      100,
    );
    expect(
      backfillProgress(planned({ backfillState: 'done', backfillFrom: null, backfillTo: null })).percent,
    ).toBe(100);
  });

  it('keeps the share a failed calculation reached, with its error', () => {
    expect(
      backfillProgress(
        planned({ backfillState: 'failed', backfillDoneUntil: at(3_000), backfillError: 'boom' }),
      ),
    ).toMatchObject({ state: 'failed', percent: 50, error: 'boom' });
  });

  it('says a planned calculation waits while its range ends in the future, and runs once it has begun', () => {
    expect(backfillProgress(planned({}), 4_999)).toMatchObject({ state: 'pending', percent: 0, toMs: 5_000 });
    expect(backfillProgress(planned({}), 5_000)).toMatchObject({ state: 'running', percent: 0 });
    expect(backfillProgress(planned({ backfillDoneUntil: at(1_000) }), 4_999).state).toBe('running');
  });
});
