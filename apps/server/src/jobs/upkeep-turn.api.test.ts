import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { takeUpkeepTurn } from './upkeep-turn';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/* N hosts run the hourly upkeep; the store-wide file purge is one host's turn per window (issue 42). */
describe('an upkeep turn', () => {
  it('goes to one of 30 parallel callers, to none again within its window, and to one after it', async () => {
    const db = t.database.db;
    const first = await Promise.all(Array.from({ length: 30 }, () => takeUpkeepTurn(db, 'test.turn', 60_000)));
    expect(first.filter(Boolean)).toHaveLength(1);
    expect(await takeUpkeepTurn(db, 'test.turn', 60_000)).toBe(false);
    // Another task has its own turn.
    expect(await takeUpkeepTurn(db, 'test.other', 60_000)).toBe(true);

    await sql`update upkeep_turns set last_run_at = now() - interval '61 seconds' where name = 'test.turn'`.execute(db);
    const later = await Promise.all(Array.from({ length: 30 }, () => takeUpkeepTurn(db, 'test.turn', 60_000)));
    expect(later.filter(Boolean)).toHaveLength(1);
  });
});
