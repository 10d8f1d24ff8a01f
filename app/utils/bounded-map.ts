/**
 * Sets `key` as the newest entry of `map`, first forgetting the oldest when the map already
 * holds `max`: how the app's in-memory caches keep only their last `max` keys.
 */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  if (map.size >= max) map.delete(map.keys().next().value as K);
  map.set(key, value);
}
