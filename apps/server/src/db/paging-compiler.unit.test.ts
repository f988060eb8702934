import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, sql } from 'kysely';
import { PagingQueryCompiler } from './paging-compiler';

interface T {
  items: { id: number; name: string };
}

const db = new Kysely<T>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PagingQueryCompiler(),
  },
});

describe('the paging compiler', () => {
  it('writes a page’s limit and offset as numbers, leaving the other values parameters', () => {
    const q = db.selectFrom('items').select('id').where('name', '=', 'a').orderBy('id').limit(24).offset(48).compile();
    expect(q.sql).toBe('select "id" from "items" where "name" = $1 order by "id" limit 24 offset 48');
    expect(q.parameters).toEqual(['a']);
  });

  it('keeps a bound that is not a whole non-negative number a parameter', () => {
    for (const bound of [2.5, -1, Number.MAX_SAFE_INTEGER + 2]) {
      const q = db.selectFrom('items').select('id').limit(bound).compile();
      expect(q.sql).toBe('select "id" from "items" limit $1');
      expect(q.parameters).toEqual([bound]);
    }
    const text = db
      .selectFrom('items')
      .select('id')
      .limit('1; drop table items' as unknown as number)
      .compile();
    expect(text.sql).toBe('select "id" from "items" limit $1');
  });

  it('writes a boolean as true or false, so that a rare flag gets its own plan', () => {
    const q = db
      .selectFrom('items')
      .select('id')
      .where('name', '=', 'a')
      .where(sql<boolean>`${true} and ${false}`)
      .compile();
    expect(q.sql).toBe('select "id" from "items" where "name" = $1 and true and false');
    expect(q.parameters).toEqual(['a']);
  });

  it('leaves a limit given as an expression to it', () => {
    const q = db
      .selectFrom('items')
      .select('id')
      .limit(sql<number>`${5} + 1`)
      .compile();
    expect(q.sql).toBe('select "id" from "items" limit $1 + 1');
  });
});
