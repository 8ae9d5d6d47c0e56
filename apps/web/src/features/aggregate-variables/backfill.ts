import type { AggregateBackfillDto } from '@plantlens/contracts';

// While a history is being calculated its lists and editor ask again this often (the percentage moves).
export const BACKFILL_POLL_MS = 3000;

export function isBackfillUnfinished(backfill: AggregateBackfillDto): boolean {
  return backfill.state === 'pending' || backfill.state === 'running';
}

/** How often a screen showing these variables refreshes: only while one of them is still back-filling. */
export function backfillPollingInterval(backfills: readonly AggregateBackfillDto[]): number {
  return backfills.some(isBackfillUnfinished) ? BACKFILL_POLL_MS : 0;
}
