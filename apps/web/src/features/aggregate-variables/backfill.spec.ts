import type { AggregateBackfillDto } from '@plantlens/contracts';
import { BACKFILL_POLL_MS, backfillPollingInterval, isBackfillUnfinished } from './backfill';

const backfill = (state: AggregateBackfillDto['state']): AggregateBackfillDto => ({
  state,
  percent: 0,
  fromMs: null,
  toMs: null,
  error: null,
});

describe('back-fill polling', () => {
  it('polls only while one back-fill waits or runs', () => {
    expect(isBackfillUnfinished(backfill('pending'))).toBe(true);
    expect(isBackfillUnfinished(backfill('running'))).toBe(true);
    expect(backfillPollingInterval([backfill('done'), backfill('running')])).toBe(BACKFILL_POLL_MS);
    expect(backfillPollingInterval([backfill('done'), backfill('failed'), backfill('none')])).toBe(0);
    expect(backfillPollingInterval([])).toBe(0);
  });
});
