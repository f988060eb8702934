import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { xlsxOfRows } from '@/files/spreadsheet-test-files';
import { multipart } from '@/test/multipart';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';

/*
 * The offer's promo assortment file (xls_file) in the old binary Excel format (issue 39 §3): refused on its field with
 * «Сохраните файл в формате .xlsx или .csv», by its name and by its OLE2 bytes, exactly as the price files are; the
 * offer is not saved.
 */

let t: TestApp;
let owner: string;

type Part = { name: string; value: string | Buffer; filename?: string };
const postParts = (parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v3/api/partner/offer/', payload: body.payload, headers: { ...body.headers, ...bearer(owner) } });
};
const today = () => new Date(Date.now() + 3 * 3600_000).toISOString().slice(0, 10);
const base: Part[] = Object.entries({ name: 'Старый Excel', type: 'DISCOUNT', date_start: today() }).map(([name, value]) => ({ name, value }));
const OLE_XLS = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504), Buffer.from('Workbook', 'utf16le')]);
const offersCount = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('offers')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.login('owner@partner.demo');
});
afterAll(() => t.close());

describe('the promo file in the old .xls format', () => {
  it('is refused on its field by name and by content, and the offer is not saved', async () => {
    const before = await offersCount();
    const refused = { SUCCESS: 'N', errors: { check_products: MSG.spreadsheetOldExcel } };
    expect(MSG.spreadsheetOldExcel).toBe('Сохраните файл в формате .xlsx или .csv');
    expect((await postParts([...base, { name: 'xls_file', filename: 'promo.xls', value: OLE_XLS }])).json()).toEqual(refused);
    expect((await postParts([...base, { name: 'xls_file', filename: 'promo.xlsx', value: OLE_XLS }])).json()).toEqual(refused);
    const [p] = await t.database.db.selectFrom('catalog_products').select('up_code_1c').where('active', '=', true).limit(1).execute();
    const realXlsx = xlsxOfRows([
      ['Код товара', 'Цена на сайте'],
      [p.up_code_1c, '10'],
    ]);
    expect((await postParts([...base, { name: 'xls_file', filename: 'Promo.XLS', value: realXlsx }])).json()).toEqual(refused);
    expect(await offersCount()).toBe(before);
    // The same workbook saved as .xlsx is taken.
    const saved = (await postParts([...base, { name: 'xls_file', filename: 'promo.xlsx', value: realXlsx }])).json();
    expect(saved).toMatchObject({ SUCCESS: 'Y' });
    expect(await offersCount()).toBe(before + 1);
  });
});
