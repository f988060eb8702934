import { recentlyUsed } from './recently-used';

/**
 * Results kept in memory by key, at most `max` of them (the one read longest ago goes first). Callers that ask for a
 * key while it loads share the one load; a load that fails is not kept. Keys carry the versions the result was read
 * under, so a change is a new key and the old result ages out.
 */
export function keptLoads<T>(max: number) {
  const kept = recentlyUsed<string, Promise<T>>(max);

  return function load(key: string, read: () => Promise<T>): Promise<T> {
    const found = kept.get(key);
    if (found) return found;
    const loading = read();
    kept.set(key, loading);
    loading.catch(() => kept.deleteIf(key, loading));
    return loading;
  };
}
