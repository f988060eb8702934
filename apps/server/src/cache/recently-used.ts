/**
 * At most `max` values by key; setting one past that drops the one used longest ago. A Map keeps its insertion
 * order, so a value read or set again is moved to its young end.
 */
export function recentlyUsed<K, V>(max: number) {
  const kept = new Map<K, V>();
  return {
    get(key: K): V | undefined {
      const found = kept.get(key);
      if (found !== undefined) {
        kept.delete(key);
        kept.set(key, found);
      }
      return found;
    },
    set(key: K, value: V): void {
      kept.delete(key);
      kept.set(key, value);
      if (kept.size > max) kept.delete(kept.keys().next().value!);
    },
    delete(key: K): boolean {
      return kept.delete(key);
    },
    /** The value under the key, unless another has replaced it since. */
    deleteIf(key: K, value: V): void {
      if (kept.get(key) === value) kept.delete(key);
    },
    clear(): void {
      kept.clear();
    },
    get size(): number {
      return kept.size;
    },
  };
}
