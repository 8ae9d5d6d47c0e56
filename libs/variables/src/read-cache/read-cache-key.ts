/**
 * The key of a cached answer: the call and its parameters as a query string, names sorted so that the same
 * request always gives the same key, lists kept in their order (it is the order of the answer's series).
 * Readable on purpose: the back office lists keys.
 */
export function readCacheKey(call: string, parameters: Record<string, number | readonly number[]>): string {
  const query = Object.keys(parameters)
    .sort()
    .map((name) => {
      const value = parameters[name]!;
      return `${name}=${typeof value === 'number' ? value : value.join(',')}`;
    })
    .join('&');
  return `${call}?${query}`;
}
