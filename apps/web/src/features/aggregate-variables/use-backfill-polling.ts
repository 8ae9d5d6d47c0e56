import type { AggregateBackfillDto } from '@plantlens/contracts';
import { useState } from 'react';
import { backfillPollingInterval } from './backfill';

// The polling interval of a query showing back-fills, following what its last answer showed: the query is
// asked with `interval`, and `follow` is handed the back-fills it answered.
export function useBackfillPolling(): [number, (backfills: readonly AggregateBackfillDto[]) => void] {
  const [interval, setInterval] = useState(0);
  const follow = (backfills: readonly AggregateBackfillDto[]) => {
    const wanted = backfillPollingInterval(backfills);
    // Adjusting state while rendering: React renders again at once with the new interval.
    if (wanted !== interval) setInterval(wanted);
  };
  return [interval, follow];
}
