import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCorrelationDataQuery } from '../api';
import type { CorrelationDataRequest } from '../correlation-points';
import { MAX_CORRELATION_PAIRS } from '../correlation-query';

/**
 * The correlation-data answer of each chart, in order. Hooks may not be called in a loop, and a page has
 * at most MAX_CORRELATION_PAIRS (4) charts, so the four calls are written out; unused ones are skipped.
 */
export function usePairData(requests: readonly CorrelationDataRequest[]) {
  const first = useGetCorrelationDataQuery(requests[0] ?? skipToken);
  const second = useGetCorrelationDataQuery(requests[1] ?? skipToken);
  const third = useGetCorrelationDataQuery(requests[2] ?? skipToken);
  const fourth = useGetCorrelationDataQuery(requests[3] ?? skipToken);
  return [first, second, third, fourth].slice(0, Math.min(requests.length, MAX_CORRELATION_PAIRS));
}
