import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { buildApp } from '@/app';
import { TEST_CONFIG, tempDataDir } from '@/test/test-config';
import { createTestApp, type TestApp } from '@/test/test-app';
import { countHit, purgeEndedWindows } from './rate-limit-store';

/** The account flows' route: 20 requests a minute per address (auth.routes.ts); counted before the body is read. */
const LIMITED = { method: 'POST' as const, url: '/v3/api/auth/register/', payload: { type: 'nonsense' } };
const LIMIT = 20;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('request-rate limits in the database', () => {
  it('hold under 30 parallel requests: exactly the limit passes, the rest get 429 and the Russian message', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => t.app.inject(LIMITED)));
    const limited = answers.filter((a) => a.statusCode === 429);
    expect(answers.length - limited.length).toBe(LIMIT);
    expect(limited).toHaveLength(30 - LIMIT);
    expect(limited[0].body).toContain(MSG.tooManyRequests);
    expect(Number(limited[0].headers['retry-after'])).toBeGreaterThan(0);
  });

  it('are shared by every server process on the database: a second server counts on from the first', async () => {
    await t.database.db.deleteFrom('rate_limit_hits').execute();
    for (let i = 0; i < 12; i++) expect((await t.app.inject(LIMITED)).statusCode).not.toBe(429);
    const second = await buildApp({ db: t.database.db, config: { ...TEST_CONFIG, dataDir: tempDataDir(), runJobs: false } });
    try {
      const answers = [];
      for (let i = 0; i < 10; i++) answers.push((await second.inject(LIMITED)).statusCode);
      expect(answers.filter((s) => s !== 429)).toHaveLength(LIMIT - 12);
      expect(answers.slice(LIMIT - 12)).toEqual([429, 429]);
      // Another limited route has its own window.
      expect((await second.inject({ method: 'POST', url: '/v3/oauth/token/', payload: {} })).statusCode).not.toBe(429);
    } finally {
      await second.close();
    }
  });

  it('open a new window when the last one ended, and the ended ones are purged', async () => {
    expect(await countHit(t.database.db, 'test window', 150)).toMatchObject({ current: 1 });
    const second = await countHit(t.database.db, 'test window', 150);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(150);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await purgeEndedWindows(t.database.db);
    expect(await t.database.db.selectFrom('rate_limit_hits').select('key').where('key', '=', 'test window').execute()).toEqual([]);
    expect(await countHit(t.database.db, 'test window', 150)).toMatchObject({ current: 1 });
  });
});
