import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledByShape, compiledOnce, queryBuilder } from './compiled-once';
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

describe('compiledByShape', () => {
  let built = 0;
  const byShape = compiledByShape((s: { kind: boolean; limit: number }, slot) => {
    built++;
    let q = queryBuilder.selectFrom('users').select('id').where('email', '=', slot<string>('email'));
    if (s.kind) q = q.where('kind', '=', slot<'PARTNER'>('kind'));
    return q.where('partner_id', '=', 7).limit(s.limit).compile();
  }, 2);

  it('builds each shape once and binds each call its own values into the slots, fixed values kept', async () => {
    built = 0;
    const { db, asked } = recordingDb();
    await byShape(db, { kind: true, limit: 5 }, { email: 'a@b.ru', kind: 'PARTNER' });
    await byShape(db, { kind: true, limit: 5 }, { email: 'c@d.ru', kind: 'CLIENT' });
    await byShape(db, { kind: false, limit: 5 }, { email: 'e@f.ru' });
    expect(built).toBe(2);
    expect(asked[0].sql).toBe('select "id" from "users" where "email" = $1 and "kind" = $2 and "partner_id" = $3 limit 5');
    expect(asked[1].sql).toBe(asked[0].sql);
    expect(asked[2].sql).toBe('select "id" from "users" where "email" = $1 and "partner_id" = $2 limit 5');
    expect(asked.map((q) => q.parameters)).toEqual([
      ['a@b.ru', 'PARTNER', 7],
      ['c@d.ru', 'CLIENT', 7],
      ['e@f.ru', 7],
    ]);
  });

  it('keeps the most recently used shapes only', async () => {
    built = 0;
    const { db } = recordingDb();
    for (const limit of [1, 2, 1, 3, 1, 2]) await byShape(db, { kind: false, limit }, { email: 'x' });
    // 1, 2 built; 1 kept; 3 built (2 dropped); 1 kept; 2 built again.
    expect(built).toBe(4);
  });

  it('refuses a call without a value for one of its slots', async () => {
    await expect(byShape(recordingDb().db, { kind: true, limit: 9 }, { email: 'a@b.ru' })).rejects.toThrow(/no value for the slot "kind"/);
  });

  it('fails while building when a slot is read as a value (it would be baked into every call)', async () => {
    const baked = compiledByShape((_: object, slot) =>
      queryBuilder
        .selectFrom('users')
        .select('id')
        .where('email', 'like', `%${slot<string>('email')}%`)
        .compile(),
    );
    await expect(baked(recordingDb().db, {}, { email: 'a' })).rejects.toThrow(/slot "email" was read as a value/);
    const literal = compiledByShape((_: object, slot) =>
      queryBuilder
        .selectFrom('users')
        .select(sql.lit(slot<number>('n')).as('n'))
        .compile(),
    );
    await expect(literal(recordingDb().db, {}, { n: 1 })).rejects.toThrow(/slot "n" was read as a value/);
  });
});
