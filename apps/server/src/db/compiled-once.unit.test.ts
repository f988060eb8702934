import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce, queryBuilder } from './compiled-once';
import type { Db } from './database';

/** A database that records the statements it is asked and answers one row. */
function recordingDb() {
  const asked: CompiledQuery[] = [];
  const db = { executeQuery: async (q: CompiledQuery) => (asked.push(q), { rows: [{ id: 1 }] }) } as unknown as Db;
  return { db, asked };
}

describe('compiledOnce', () => {
  const byEmail = compiledOnce(queryBuilder.selectFrom('users').select('id').where('email', '=', '').where('kind', '=', 'PARTNER'));

  it('runs the statement compiled once, binding each call its own parameters in order', async () => {
    const { db, asked } = recordingDb();
    expect(await byEmail(db, ['a@b.ru', 'PARTNER'])).toEqual([{ id: 1 }]);
    await byEmail(db, ['c@d.ru', 'CLIENT']);
    expect(asked[0].sql).toBe('select "id" from "users" where "email" = $1 and "kind" = $2');
    expect(asked[1].sql).toBe(asked[0].sql);
    expect(asked.map((q) => q.parameters)).toEqual([
      ['a@b.ru', 'PARTNER'],
      ['c@d.ru', 'CLIENT'],
    ]);
  });

  it('refuses a call with another number of parameters than the statement has', async () => {
    await expect(byEmail(recordingDb().db, ['a@b.ru'])).rejects.toThrow(/2 parameters expected, 1 given/);
  });
});
