import { describe, expect, it } from 'vitest';
import type { ChangeFeed } from '@/db/change-feed';
import { KEPT_SESSION_MS, MAX_KEPT_SESSIONS, sessionCache } from './session-cache';

/** A feed the test drives: `change()` is a write of the sessions' tables, `live` whether changes are heard. */
function testFeed() {
  const watchers: (() => void)[] = [];
  const feed = {
    live: true,
    watch: (_tables: readonly string[], changed: () => void) => {
      watchers.push(changed);
      return () => void watchers.splice(watchers.indexOf(changed), 1);
    },
    change: () => watchers.forEach((w) => w()),
  };
  const changes: ChangeFeed = { watch: feed.watch, live: () => feed.live, close: async () => {} };
  return { feed, changes };
}

const counting = () => {
  let reads = 0;
  return { load: (value: string | undefined) => async () => (reads++, value), reads: () => reads };
};

describe('session cache', () => {
  it('reads a session once, then again after any change of its tables', async () => {
    const { feed, changes } = testFeed();
    const cache = sessionCache<string>(changes);
    const db = counting();
    expect(await cache.read('a', db.load('v1'))).toBe('v1');
    expect(await cache.read('a', db.load('v2'))).toBe('v1');
    expect(db.reads()).toBe(1);
    feed.change();
    expect(await cache.read('a', db.load('v2'))).toBe('v2');
    expect(db.reads()).toBe(2);
  });

  it('keeps nothing unknown, nothing a change overtook, and nothing while changes go unheard', async () => {
    const { feed, changes } = testFeed();
    const cache = sessionCache<string>(changes);
    const db = counting();
    await cache.read('unknown', db.load(undefined));
    await cache.read('unknown', db.load(undefined));
    expect(db.reads()).toBe(2);

    // A revocation lands while the session is being read: what was read may predate it.
    await cache.read('racing', async () => {
      feed.change();
      return 'before the change';
    });
    expect(await cache.read('racing', db.load('after'))).toBe('after');

    feed.live = false;
    await cache.read('offline', db.load('x'));
    expect(await cache.read('offline', db.load('y'))).toBe('y');
    expect(cache.size).toBe(1);
  });

  it('reads a session again once it was kept KEPT_SESSION_MS, and keeps at most MAX_KEPT_SESSIONS', async () => {
    const { changes } = testFeed();
    let now = 1_000_000;
    const cache = sessionCache<string>(changes, () => now);
    await cache.read('a', async () => 'old');
    now += KEPT_SESSION_MS - 1;
    expect(await cache.read('a', async () => 'new')).toBe('old');
    now += 1;
    expect(await cache.read('a', async () => 'new')).toBe('new');

    for (let i = 0; i < MAX_KEPT_SESSIONS + 5; i++) await cache.read(`k${i}`, async () => `v${i}`);
    expect(cache.size).toBe(MAX_KEPT_SESSIONS);
    // The first kept went first.
    expect(await cache.read('k0', async () => 'read again')).toBe('read again');
    expect(await cache.read(`k${MAX_KEPT_SESSIONS + 4}`, async () => 'read again')).toBe(`v${MAX_KEPT_SESSIONS + 4}`);
  });

  it('stops hearing changes once closed', async () => {
    const { feed, changes } = testFeed();
    const cache = sessionCache<string>(changes);
    cache.close();
    await cache.read('a', async () => 'v1');
    feed.change();
    expect(await cache.read('a', async () => 'v2')).toBe('v1');
  });
});
