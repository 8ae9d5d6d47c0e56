import type { AggregateBackfillDto, AggregateBackfillState } from '@plantlens/contracts';

export interface BackfillColumns {
  backfillState: AggregateBackfillState;
  backfillFrom: Date | null;
  backfillTo: Date | null;
  backfillDoneUntil: Date | null;
  backfillError: string | null;
}

/**
 * The progress of a history calculation: the share of its range [from, to) committed so far, in tenths of a
 * percent rounded down (100 only once done); 0 before it is planned (none, pending) and for an empty range
 * not yet done. A failed one keeps the share it reached. A planned one that has not started reads nothing
 * until its range's end has passed (every replica then calculates the variable live: docs/aggregate-variables.md
 * "Settling"), so until then it says it is still waiting (pending) rather than running at 0 %.
 */
export function backfillProgress(columns: BackfillColumns, now = Date.now()): AggregateBackfillDto {
  const fromMs = columns.backfillFrom?.getTime() ?? null;
  const toMs = columns.backfillTo?.getTime() ?? null;
  const settling =
    columns.backfillState === 'running' && columns.backfillDoneUntil === null && toMs !== null && toMs > now;
  return {
    state: settling ? 'pending' : columns.backfillState,
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
  // Tenths: a history of years moves visibly chunk after chunk.
  return Math.min(99.9, Math.max(0, Math.floor(share * 1000) / 10));
}
