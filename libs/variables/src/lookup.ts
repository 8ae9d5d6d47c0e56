/** The value of a key the caller knows is present: a miss is a programming error, not bad input. */
export function lookup<K, V>(map: ReadonlyMap<K, V>, key: K): V {
  const value = map.get(key);
  if (value === undefined) throw new Error(`No entry for ${String(key)}`);
  return value;
}
