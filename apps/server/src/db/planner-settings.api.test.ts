import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { SORT_INDEX_WALK, withPlannerSettings } from './planner-settings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const settings = (d: TestApp['database']['db']) =>
  sql<{ b: string; s: string; p: string }>`select current_setting('enable_bitmapscan') as b, current_setting('enable_seqscan') as s,
    current_setting('max_parallel_workers_per_gather') as p`
    .execute(d)
    .then((r) => r.rows[0]);

describe('planner settings pinned by a query', () => {
  it('hold, all of them, for the query that pins them and for no other', async () => {
    const db = t.database.db;
    const before = await settings(db);
    expect(await withPlannerSettings(db, SORT_INDEX_WALK, settings)).toEqual({ b: 'off', s: 'off', p: '0' });
    expect(await settings(db)).toEqual(before);
    expect(before.b).toBe('on');
  });
});
