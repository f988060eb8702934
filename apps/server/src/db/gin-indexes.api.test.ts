import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GIN indexes (migration 0032)', () => {
  it('keep no pending list: the demo data loaded after them is in their structure, where a search finds it', async () => {
    const db = t.database.db;
    const gin = await sql<{ name: string; options: string[] | null }>`
      select c.relname as name, c.reloptions as options from pg_class c
      join pg_am a on a.oid = c.relam join pg_namespace n on n.oid = c.relnamespace
      where a.amname = 'gin' and n.nspname = 'public' order by c.relname`.execute(db);
    expect(gin.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining([
        'catalog_products_name_trgm_idx',
        'clients_name_trgm',
        'orders_name_email_trgm',
        'orders_number_suffixes',
        'orders_phone_suffixes',
      ]),
    );
    for (const { name, options } of gin.rows) {
      expect(options, name).toContain('fastupdate=off');
      // Pages merged from a pending list: none, since nothing waited in one.
      const cleaned = await sql<{ pages: number }>`select gin_clean_pending_list(${name}::regclass) as pages`.execute(db);
      expect(Number(cleaned.rows[0].pages), name).toBe(0);
    }
  });
});
