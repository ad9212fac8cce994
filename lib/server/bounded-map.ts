// A Map (or a Set) used as a cache of at most a given number of entries. Both iterate in insertion
// order, so the first key is the oldest kept: a new key past the bound drops it.

/** Sets `key` in `map`, first dropping the oldest entry when `key` is new and the map already holds `max`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  if (!map.has(key) && map.size >= max) {
    const oldest = map.keys().next();
    if (!oldest.done) map.delete(oldest.value);
  }
  map.set(key, value);
}

/** Adds `key` to `set`, first dropping the oldest key when `key` is new and the set already holds `max`. */
export function addBounded<K>(set: Set<K>, key: K, max: number): void {
  if (!set.has(key) && set.size >= max) {
    const oldest = set.values().next();
    if (!oldest.done) set.delete(oldest.value);
  }
  set.add(key);
}
