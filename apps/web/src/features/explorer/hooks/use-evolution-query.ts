import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { parseEvolutionQuery, serializeEvolutionQuery, type EvolutionQuery } from '../explorer-query';

// The evolution view as read from the address. A change is a new history entry, so Back undoes it; `replace`
// is for completing an address (a missing range) without leaving a step behind; `state` is kept in that history
// entry only (the range a zoom started from, components/reset-zoom-button.tsx).
export function useEvolutionQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => parseEvolutionQuery(params), [params]);
  const update = (
    patch: Partial<EvolutionQuery>,
    { replace = false, state }: { replace?: boolean; state?: unknown } = {},
  ) => navigate({ search: serializeEvolutionQuery(params, { ...query, ...patch }) }, { replace, state });
  return { params, query, update };
}
