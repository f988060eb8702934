import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';

let t: TestApp;
let pid: number;
let otherPid: number;
let listId: number;
let productIds: number[];

beforeAll(async () => {
  t = await createTestApp();
  pid = await partnerIdOf(t.database.db, 'price@partner.demo');
  otherPid = await partnerIdOf(t.database.db, 'owner@second.demo');
  listId = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!.id;
  productIds = (await t.database.db.selectFrom('catalog_products').select('id').orderBy('id').limit(3).execute()).map((p) => Number(p.id));
});
afterAll(() => t.close());

/** Writes rows in one statement and answers the database's error code, if it refused them. */
async function write(rows: { partner: number; list: number; product: number }[]) {
  try {
    await t.database.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('price_list_products')
        .values(
          rows.map((r) => ({
            partner_id: r.partner,
            price_list_id: r.list,
            product_id: r.product,
            site_price: '100',
            percent: null,
            upload_id: null,
            valid_until: null,
          })),
        )
        .execute();
      throw new Error('written');
    });
  } catch (err) {
    return (err as { code?: string }).code ?? (err as Error).message;
  }
}

describe("a price list's loaded rows: references checked per statement (migration 0034)", () => {
  it('refuses a statement with one row naming a missing product, or a list of another partner, and takes the good ones', async () => {
    const good = productIds.map((product) => ({ partner: pid, list: listId, product }));
    expect(await write(good)).toBe('written');
    expect(await write([...good, { partner: pid, list: listId, product: 999_999_999 }])).toBe('23503');
    expect(await write([...good.slice(1), { partner: otherPid, list: listId, product: productIds[0] }])).toBe('23503');
    const [row] = good;
    await t.database.db
      .insertInto('price_list_products')
      .values({ partner_id: row.partner, price_list_id: row.list, product_id: row.product, site_price: '5' })
      .execute();
    await expect(
      t.database.db
        .updateTable('price_list_products')
        .set({ product_id: 999_999_999 })
        .where('partner_id', '=', pid)
        .where('product_id', '=', row.product)
        .execute(),
    ).rejects.toMatchObject({ code: '23503' });
    // A product with loaded prices stays; a list removed takes its rows along.
    await expect(sql`delete from catalog_products where id = ${row.product}`.execute(t.database.db)).rejects.toMatchObject({ code: '23503' });
    const copy = await t.database.db
      .insertInto('price_lists')
      .values({ partner_id: pid, name: 'Удаляемый', kind: 'PRICELIST' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .insertInto('price_list_products')
      .values({ partner_id: pid, price_list_id: copy.id, product_id: row.product, site_price: '7' })
      .execute();
    await t.database.db.deleteFrom('price_lists').where('id', '=', copy.id).execute();
    expect(await t.database.db.selectFrom('price_list_products').select('product_id').where('price_list_id', '=', copy.id).execute()).toEqual([]);
  });
});
