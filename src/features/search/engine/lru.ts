/** Small least-recently-used caches for query work (sort orders, typo derivations). */
const LRU_LIMIT = 256;
export function lruGet<K, V>(map: Map<K, V>, key: K): V | undefined {
  const value = map.get(key);
  if (value !== undefined) {
    map.delete(key);
    map.set(key, value);
  }
  return value;
}
export function lruSet<K, V>(map: Map<K, V>, key: K, value: V, limit = LRU_LIMIT): void {
  if (map.size >= limit) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
