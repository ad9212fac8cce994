// A Map used as a cache of at most a given number of entries. A Map iterates in insertion order, so
// its first key is the oldest kept: a new key past the bound drops it.

/** Sets `key` in `map`, first dropping the oldest entry when `key` is new and the map already holds `max`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}
