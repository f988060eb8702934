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
  sql<{ b: string; s: string; p: string; g: string }>`select current_setting('enable_bitmapscan') as b, current_setting('enable_seqscan') as s,
    current_setting('max_parallel_workers_per_gather') as p, current_setting('plan_cache_mode') as g`
    .execute(d)
    .then((r) => r.rows[0]);

describe('planner settings pinned by a query', () => {
  it('hold, all of them, for the query that pins them and for no other', async () => {
    const db = t.database.db;
    const before = await settings(db);
    expect(await withPlannerSettings(db, SORT_INDEX_WALK, settings)).toEqual({ b: 'off', s: 'off', p: '0', g: 'force_generic_plan' });
    expect(await settings(db)).toEqual(before);
    expect(before.b).toBe('on');
  });
});

describe('the index walk of a broad search', () => {
  it('answers the same rows again, planned anew each time under its settings (a text search is never prepared)', async () => {
    type Db = TestApp['database']['db'];
    // One session throughout (the embedded database's settings come in a transaction: one session already).
    const onOneSession = <T>(d: Db, run: (c: Db) => Promise<T>) => (d.isTransaction ? run(d) : d.connection().execute(run));
    const walk = (d: Db) =>
      onOneSession(d, async (c) => {
        const run = () =>
          sql<{ id: number }>`select o.id from orders o where o.search_text like ${'%к-%'} order by o.created_at desc, o.id desc limit 3`.execute(c);
        const first = await run();
        const again = await run();
        const prepared = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_prepared_statements where statement like '%search_text like%' and statement not like '%pg_prepared_statements%'`.execute(
          c,
        );
        return { same: JSON.stringify(first.rows) === JSON.stringify(again.rows), found: first.rows.length, prepared: prepared.rows[0].n };
      });
    const { same, found, prepared } = await withPlannerSettings(t.database.db, SORT_INDEX_WALK, walk);
    expect(same).toBe(true);
    expect(found).toBeGreaterThan(0);
    expect(prepared).toBe(0);
  });
});
