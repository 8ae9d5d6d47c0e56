import type { AggregateBackfillDto, AggregateBackfillState } from '@plantlens/contracts';

/** The back-fill columns of an aggregate (times in epoch ms). */
export interface BackfillColumns {
  state: AggregateBackfillState;
  fromMs: number | null;
  toMs: number | null;
  doneUntilMs: number | null;
  error: string | null;
}

/** The progress the API answers: the share of the planned range committed, 100 once done. */
export function backfillProgress(columns: BackfillColumns): AggregateBackfillDto {
  const { state, fromMs, toMs, doneUntilMs, error } = columns;
  let percent = 0;
  if (state === 'done') percent = 100;
  else if (fromMs !== null && toMs !== null && doneUntilMs !== null) {
    percent =
      toMs > fromMs ? Math.min(100, Math.max(0, ((doneUntilMs - fromMs) / (toMs - fromMs)) * 100)) : 100;
  }
  return {
    state,
    percent: Math.floor(percent * 10) / 10,
    fromMs,
    toMs,
    error: state === 'failed' ? error : null,
  };
}
