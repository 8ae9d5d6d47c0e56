import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { defaultEvolutionRange } from '../date-ranges';
import {
  parseEvolutionQuery,
  serializeEvolutionQuery,
  type DateRange,
  type EvolutionQuery,
} from '../explorer-query';

// The evolution view as read from the address; every change is a new history entry, so Back undoes it.
export function useEvolutionQuery() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => parseEvolutionQuery(searchParams), [searchParams]);
  // Computed once: without dates in the address, re-renders must not move "now" (and refetch).
  const [defaultRange] = useState(() => defaultEvolutionRange(dayjs()));
  const range = query.range ?? defaultRange;

  const update = (patch: Partial<EvolutionQuery>) =>
    navigate({
      search: serializeEvolutionQuery(searchParams, { variableIds: query.variableIds, range, ...patch }),
    });

  return {
    variableIds: query.variableIds,
    range,
    setVariableIds: (variableIds: number[]) => update({ variableIds }),
    setRange: (nextRange: DateRange) => update({ range: nextRange }),
  };
}
