import { recentlyUsed } from '@/cache/recently-used';
import type { ChangeFeed } from '@/db/change-feed';

/** Sessions a process keeps at most (the one used longest ago goes first). */
export const MAX_KEPT_SESSIONS = 10_000;
/** How long a kept session serves at most, should a change ever go unheard. */
export const KEPT_SESSION_MS = 30_000;

/** The tables a signed-in session is read from (auth.repo findAccessSession). */
export const SESSION_TABLES = ['users', 'auth_tokens'] as const;

/**
 * The sessions of access tokens, by token hash, as the database last answered: every request's one statement, read
 * once per process until the token or its user changes (a sign-out, a revocation, a changed role, a disabled or
 * deleted account, a password change). The tables' triggers send a notice with every such write, whichever module or
 * process makes it (db/change-feed.ts): this process's own writes forget the kept sessions before they answer, other
 * processes' when their notice arrives. A token never seen is always read: nothing unknown is kept. A read that a
 * change overtook is not kept (its answer may predate the change).
 */
export function sessionCache<T>(changes: ChangeFeed, now: () => number = Date.now) {
  const kept = recentlyUsed<string, { value: T; readAt: number }>(MAX_KEPT_SESSIONS);
  let generation = 0;
  const stop = changes.watch(SESSION_TABLES, () => {
    generation++;
    kept.clear();
  });

  return {
    async read(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
      if (!changes.live()) return load();
      const hit = kept.get(key);
      if (hit && now() - hit.readAt < KEPT_SESSION_MS) return hit.value;
      const seen = generation;
      const readAt = now();
      const value = await load();
      if (value !== undefined && seen === generation && changes.live()) {
        kept.set(key, { value, readAt });
      }
      return value;
    },
    get size() {
      return kept.size;
    },
    close: stop,
  };
}
