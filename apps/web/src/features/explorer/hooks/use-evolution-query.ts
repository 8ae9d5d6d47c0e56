import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { parseEvolutionQuery, serializeEvolutionQuery, type EvolutionQuery } from '../explorer-query';

// The evolution view as read from the address. A change is a new history entry, so Back undoes it; `replace`
// is for completing an address (a missing range) without leaving a step behind.
export function useEvolutionQuery() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => parseEvolutionQuery(params), [params]);
  const update = (patch: Partial<EvolutionQuery>, { replace = false } = {}) =>
    navigate({ search: serializeEvolutionQuery(params, { ...query, ...patch }) }, { replace });
  return { params, query, update };
}
