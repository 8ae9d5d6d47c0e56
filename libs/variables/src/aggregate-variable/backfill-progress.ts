import type { AggregateBackfillDto, AggregateBackfillState } from '@plantlens/contracts';

export interface BackfillColumns {
  backfillState: AggregateBackfillState;
  backfillFrom: Date | null;
  backfillTo: Date | null;
  backfillDoneUntil: Date | null;
  backfillError: string | null;
}

/**
 * The progress of a history calculation: the share of its range [from, to) committed so far, in whole
 * percent rounded down (100 only once done); 0 before it is planned (none, pending) and for an empty range
 * not yet done. A failed one keeps the share it reached.
 */
export function backfillProgress(columns: BackfillColumns): AggregateBackfillDto {
  const fromMs = columns.backfillFrom?.getTime() ?? null;
  const toMs = columns.backfillTo?.getTime() ?? null;
  return {
    state: columns.backfillState,
    percent: percentOf(columns, fromMs, toMs),
    fromMs,
    toMs,
    error: columns.backfillState === 'failed' ? columns.backfillError : null,
  };
}

function percentOf(columns: BackfillColumns, fromMs: number | null, toMs: number | null): number {
  if (columns.backfillState === 'done') return 100;
  const doneMs = columns.backfillDoneUntil?.getTime();
  if (fromMs === null || toMs === null || doneMs === undefined || toMs <= fromMs) return 0;
  const share = (doneMs - fromMs) / (toMs - fromMs);
  return Math.min(99, Math.max(0, Math.floor(share * 100)));
}
