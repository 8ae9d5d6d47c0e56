import type { VariableMinimalDto } from '@plantlens/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetMinimalVariablesQuery } from '../../../lib/variable-api';

/**
 * The variables the address names, for the selectors to show. Ids not known yet are looked up
 * (GET /api/web/variable/minimal); a variable picked on the page is known from its pick, so choosing one
 * costs no request.
 */
export function useChosenVariables(ids: readonly number[]) {
  const [known, setKnown] = useState<ReadonlyMap<number, VariableMinimalDto>>(new Map());
  const missing = ids.filter((id) => !known.has(id));
  const lookup = useGetMinimalVariablesQuery(missing.length > 0 ? missing : skipToken);
  // An answer joins the known variables at once (React's state update during render for derived state).
  const arrived = lookup.currentData?.filter(({ id }) => !known.has(id)) ?? [];
  if (arrived.length > 0) setKnown(withVariables(known, arrived));

  return {
    variableOf: (id: number | null) => (id === null ? null : (known.get(id) ?? null)),
    /** a variable picked in a selector; returns its id */
    remember: (variable: VariableMinimalDto) => {
      if (!known.has(variable.id)) setKnown(withVariables(known, [variable]));
      return variable.id;
    },
    isLoading: lookup.isLoading,
    isError: lookup.isError,
    error: lookup.error,
  };
}

function withVariables(known: ReadonlyMap<number, VariableMinimalDto>, variables: VariableMinimalDto[]) {
  return new Map([...known, ...variables.map((variable) => [variable.id, variable] as const)]);
}
