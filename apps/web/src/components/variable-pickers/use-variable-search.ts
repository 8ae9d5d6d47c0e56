import { useEffect } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced';
import { useLazySearchVariablesQuery } from '../../lib/variable-api';

// Spec part 2 §5 and §9.
export const VARIABLE_SEARCH_DEBOUNCE_MS = 300;
const NO_TAGS: number[] = [];

// The variables matching `text` (and `tags`), asked 300 ms after typing stops; a newer search aborts the
// request of the one before it, so a slow old answer never replaces a newer one.
export function useVariableSearch(text: string, tags: number[] = NO_TAGS) {
  const settledText = useDebouncedValue(text.trim(), VARIABLE_SEARCH_DEBOUNCE_MS);
  const [search, result] = useLazySearchVariablesQuery();
  const tagsKey = tags.join(',');
  useEffect(() => {
    const request = search({ text: settledText, tags: tagsKey ? tagsKey.split(',').map(Number) : [] }, true);
    return () => request.abort();
  }, [search, settledText, tagsKey]);
  return result;
}
