import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useEffectEvent } from 'react';
import { useGetMultipleCorrelationPairsQuery } from '../api';
import type { Pair } from '../correlation-query';
import type { MultipleCorrelationQuery } from '../multiple-correlation-query';
import { pairsAfterFilterChange } from '../pair-selection';

/**
 * The pair options of the view's tag filters. When the options of new filters arrive, the chosen pairs
 * they no longer offer are dropped through `onPrune` (spec part 2 §4).
 */
export function useOfferedPairs(
  { tagsX, tagsY, pairs }: Pick<MultipleCorrelationQuery, 'tagsX' | 'tagsY' | 'pairs'>,
  onPrune: (pairs: Pair[]) => void,
) {
  const needsTags = tagsX.length === 0 || tagsY.length === 0;
  const result = useGetMultipleCorrelationPairsQuery(needsTags ? skipToken : { tagsX, tagsY });
  const offered = result.currentData;
  const prune = useEffectEvent(() => {
    if (!offered) return;
    const kept = pairsAfterFilterChange(pairs, tagsX, tagsY, offered);
    if (kept.length < pairs.length) onPrune(kept);
  });
  useEffect(() => prune(), [offered]);
  return {
    needsTags,
    options: offered ?? [],
    isFetching: result.isFetching,
    isSuccess: !!offered,
    isError: result.isError,
    error: result.error,
  };
}
