/**
 * The key of a cached answer: the call and its parameters as a query string, names sorted so that the same
 * request always gives the same key, lists kept in their order (it is the order of the answer's series).
 * Readable on purpose: the back office lists keys.
 */
export function readCacheKey(call: string, parameters: Record<string, number | readonly number[]>): string {
  const query = Object.entries(parameters)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${typeof value === 'number' ? value : value.join(',')}`)
    .join('&');
  return `${call}?${query}`;
}
