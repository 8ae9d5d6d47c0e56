import { useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';

// The correlation screens keep their whole state in the address: the query as read from it, the params it
// was read from (which hand on what the screen does not own) and the navigation that rewrites it.
export function useAddressQuery<Query>(parse: (params: URLSearchParams) => Query) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const query = useMemo(() => parse(params), [parse, params]);
  return { query, params, navigate };
}
