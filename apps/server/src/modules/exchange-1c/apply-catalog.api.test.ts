import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { applyCatalog } from './apply-catalog';
import type { CatalogProductIn } from './commerceml/commerceml-types';
import { exchangeProductsRepo } from './exchange-products.repo';
import { exchangeRunsRepo } from './exchange-runs.repo';

/*
 * import.xml matched to the platform's catalogue (issue 41), on both engines: by Код, by Артикул, by an Ид that is a
 * catalogue code; 1C's Ид learnt (and corrected by a later import.xml); unmatched products listed in the run; nothing
 * created in the catalogue.
 */

let t: TestApp;
let pid: number;
let products: { id: number; code: string }[];

async function* each<T>(items: T[]): AsyncGenerator<T> {
  for (const item of items) yield item;
}

const product = (id: string, fields: Partial<CatalogProductIn>): CatalogProductIn => ({
  id,
  article: null,
  code: null,
  name: `Товар ${id}`,
  barcodes: [],
  ...fields,
});

async function run(items: CatalogProductIn[]) {
  const row = await t.database.db
    .insertInto('exchange_1c_runs')
    .values({ partner_id: pid, type: 'catalog', mode: 'import', filename: `import-${Math.random()}.xml`, files: '[]', unmatched: '[]', errors: '[]' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const runs = exchangeRunsRepo(t.database.db);
  const result = await applyCatalog(t.database.db, {
    partnerId: pid,
    runId: Number(row.id),
    products: each(items),
    report: runs.report(pid, Number(row.id)),
  });
  return { result, log: (await runs.find(pid, Number(row.id)))! };
}

const catalogueSize = async () =>
  Number((await sql<{ n: number }>`select count(*)::int as n from catalog_products`.execute(t.database.db)).rows[0].n);

beforeAll(async () => {
  t = await createTestApp();
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  products = (
    await t.database.db.selectFrom('catalog_products').select(['id', 'up_code_1c']).where('active', '=', true).orderBy('id').limit(5).execute()
  ).map((p) => ({ id: Number(p.id), code: p.up_code_1c }));
});
afterAll(() => t.close());

describe('import.xml matched to the catalogue', () => {
  it('matches by code, article and a code-like Ид, learns the Ид, lists the rest and creates nothing', async () => {
    const size = await catalogueSize();
    const { result, log } = await run([
      product('a-1', { code: products[0].code }),
      product('a-2', { article: ` ${products[1].code} `, code: '00-00000042' }),
      product(products[2].code, {}),
      product('a-4', { code: products[3].code.slice(1), article: 'X-100', barcodes: ['4601234567890'] }),
      product('a-5', { barcodes: ['4601234567891'], name: 'Только штрихкод' }),
    ]);
    expect(result).toEqual({ products: 5, matched: 3, unmatched: 2 });
    expect(log).toMatchObject({ products_matched: 3, unmatched_count: 2 });
    expect(log.unmatched).toEqual([
      { id: 'a-4', code: products[3].code.slice(1), name: 'Товар a-4' },
      { id: 'a-5', code: '4601234567891', name: 'Только штрихкод' },
    ]);
    expect(await exchangeProductsRepo(t.database.db).productsOf(pid, ['a-1', 'a-2', products[2].code, 'a-4', 'a-5'])).toEqual(
      new Map([
        ['a-1', products[0].id],
        ['a-2', products[1].id],
        [products[2].code, products[2].id],
      ]),
    );
    expect(await catalogueSize()).toBe(size);
  });

  it('a later import.xml corrects a learnt Ид, and a characteristic is matched by its product’s Ид', async () => {
    await run([product('b-1', { code: products[0].code })]);
    await run([product('b-1', { code: products[4].code })]);
    const repo = exchangeProductsRepo(t.database.db);
    expect(await repo.productsOf(pid, ['b-1'])).toEqual(new Map([['b-1', products[4].id]]));
    // An offer of a characteristic «b-1#red»: the product's learnt Ид finds it.
    expect(await repo.match(pid, [{ id: 'b-1#red' }, { id: 'b-2#red' }])).toEqual([
      { productId: products[4].id, code: products[4].code, byId: true },
      undefined,
    ]);
  });

  it('learns Ид per partner: another partner’s import does not match for this one', async () => {
    const other = await partnerIdOf(t.database.db, 'owner@second.demo');
    const repo = exchangeProductsRepo(t.database.db);
    await repo.remember(other, [{ extId: 'c-1', productId: products[1].id }]);
    expect(await repo.match(pid, [{ id: 'c-1' }])).toEqual([undefined]);
    expect(await repo.match(other, [{ id: 'c-1' }])).toEqual([{ productId: products[1].id, code: products[1].code, byId: true }]);
  });
});
