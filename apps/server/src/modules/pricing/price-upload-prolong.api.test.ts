import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICING_MSG, PROLONG_PERIODS, type PricingStatus } from '@b2b/contracts/pricing';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';
import { multipart } from '@/test/multipart';
import { insertClient, partnerIdOf, priceListsOf } from '../clients/clients-test-fixtures';
import { FILE_HEADERS } from './price-file-rows';

/*
 * Issue 37 item 8: prolong (POST …/pricing/upload/{target}/ action=prolong&period=…) for every kind of upload. Prices
 * (a list's, the base list's, a column's, a client's) hold for 7, 14, 21 days or without a term and are prolonged;
 * remains and multiplicities have no term: prolong is refused with a Russian message (it answered 500 — the step
 * updated a validity column their table has not) and changes nothing.
 */

let t: TestApp;
let token: string;
let pid: number;
let products: { id: number; code: string }[];

const OWNER = 'owner@partner.demo';
const DAY = 86_400;
const post = (url: string, data: Record<string, string>) =>
  t.app.inject({ method: 'POST', url, ...form(data), headers: { ...form(data).headers, ...bearer(token) } });
const status = async (path: string, query = ''): Promise<PricingStatus> =>
  (await t.app.inject({ method: 'GET', url: `/v3/api/partner/pricing/status/${path}/${query}`, headers: bearer(token) })).json();
const run = () => t.app.services.jobs.runUntilIdle();

async function xlsx(rows: (string | number | null)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Прайс');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** Uploads a file to `excelPath` and applies it with `applyBody` on `actPath`: the target has loaded rows. */
async function loadFile(excelPath: string, actPath: string, rows: (string | number | null)[][], applyBody: Record<string, string> = {}) {
  const body = multipart([{ name: 'file', filename: 'file.xlsx', value: await xlsx(rows) }]);
  const up = await t.app.inject({
    method: 'POST',
    url: `/v3/api/partner/pricing/excel/${excelPath}/`,
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  expect(up.json()).toMatchObject({ SUCCESS: 'Y' });
  await run();
  expect((await post(`/v3/api/partner/pricing/upload/${actPath}/`, { action: 'apply', ...applyBody })).json()).toMatchObject({ SUCCESS: 'Y' });
  await run();
  return Number(up.json().UPLOAD_ID);
}

beforeAll(async () => {
  t = await createTestApp();
  token = await t.login(OWNER);
  pid = await partnerIdOf(t.database.db, OWNER);
  products = (
    await t.database.db.selectFrom('catalog_products').select(['id', 'up_code_1c']).where('active', '=', true).orderBy('id').limit(4).execute()
  ).map((p) => ({ id: p.id, code: p.up_code_1c }));
});
afterAll(() => t.close());

describe('prolong of prices', () => {
  /** Each kind of price target: its page path, a file of it, and its loaded rows' validity as the database holds it. */
  const targets = async () => {
    const lists = await priceListsOf(t.database.db, pid);
    const list = lists.find((l) => l.kind === 'PRICELIST' && !l.is_base)!;
    const column = lists.find((l) => l.kind === 'COLUMN');
    const client = await insertClient(t.database.db, pid, { name: 'Продление цен', registeredAt: new Date() });
    const priceRows = [FILE_HEADERS.PRICE, [products[0].code, '', null, null, '500', null], [products[1].code, '', null, null, '600', null]];
    const validity = (listId: number) => async () =>
      (
        await t.database.db
          .selectFrom('price_list_products')
          .select('valid_until')
          .where('partner_id', '=', pid)
          .where('price_list_id', '=', listId)
          .execute()
      ).map((r) => r.valid_until);
    return [
      { name: 'a price list', path: `pricelist/${list.id}`, rows: priceRows, validity: validity(list.id) },
      { name: 'the base list', path: 'pricelist/personal_price', rows: priceRows, validity: validity(lists.find((l) => l.is_base)!.id) },
      ...(column ? [{ name: 'a price column', path: `column/${column.id}`, rows: priceRows, validity: validity(column.id) }] : []),
      {
        name: "a client's personal prices",
        path: `client/${client}/catalog`,
        rows: [FILE_HEADERS.PERSONAL, [products[0].code, '', null, '700'], [products[1].code, '', null, '800']],
        validity: async () =>
          (
            await t.database.db
              .selectFrom('client_prices')
              .select('valid_until')
              .where('partner_id', '=', pid)
              .where('client_id', '=', client)
              .execute()
          ).map((r) => r.valid_until),
      },
    ];
  };

  it('prolongs every kind of price file 7, 14, 21 days or without a term, and its history shows the term', async () => {
    const all = await targets();
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const target of all) {
      const uploadId = await loadFile(target.path, target.path, target.rows);
      expect((await status(target.path)).PROLONG, target.name).toEqual([...PROLONG_PERIODS]);
      for (const period of PROLONG_PERIODS) {
        const res = await post(`/v3/api/partner/pricing/upload/${target.path}/`, {
          action: 'prolong',
          upload_id: String(uploadId),
          period: String(period),
        });
        expect(res.statusCode, target.name).toBe(200);
        expect(res.json(), target.name).toEqual({ SUCCESS: 'Y', MESSAGE: PRICING_MSG.prolonged });
        const until = (await status(target.path)).LOADED.DATE_END;
        const rows = await target.validity();
        expect(rows.length, target.name).toBeGreaterThanOrEqual(2);
        if (period === 0) {
          expect(until, target.name).toBeNull();
          expect(
            rows.every((v) => v === null),
            target.name,
          ).toBe(true);
        } else {
          expect(until! - Date.now() / 1000, `${target.name} ${period}`).toBeGreaterThan((period - 0.1) * DAY);
          expect(until! - Date.now() / 1000, `${target.name} ${period}`).toBeLessThan((period + 0.1) * DAY);
          expect(
            rows.every((v) => v !== null && Math.abs(v.getTime() / 1000 - until!) < 1),
            target.name,
          ).toBe(true);
        }
        const history = (
          await t.app.inject({ method: 'GET', url: `/v3/api/partner/pricing/uploadlist/${target.path}/`, headers: bearer(token) })
        ).json();
        expect(
          history.ITEMS.find((h: { ID: number }) => h.ID === uploadId),
          target.name,
        ).toMatchObject({ period: period || null });
      }
      // A period not offered is refused.
      expect((await post(`/v3/api/partner/pricing/upload/${target.path}/`, { action: 'prolong', period: '10' })).json().SUCCESS, target.name).toBe(
        'N',
      );
    }
  });
});

describe('prolong of remains and multiplicities', () => {
  const base = '/v3/api/partner/pricing/upload/pricelist/personal_price/';
  const loaded = () =>
    t.database.db
      .selectFrom('partner_product_remains')
      .select(['product_id', 'quantity', 'multiplicity', 'upload_id'])
      .where('partner_id', '=', pid)
      .orderBy('product_id')
      .execute();

  it('refuses with a Russian message and changes nothing, whatever the period (it answered 500)', async () => {
    const remainId = await loadFile(
      'pricelist/personal_price/remain',
      'pricelist/personal_price',
      [FILE_HEADERS.REMAIN, [products[2].code, '', 15]],
      { type: 'remain' },
    );
    const multiplicityId = await loadFile(
      'pricelist/personal_price/multiplicity',
      'pricelist/personal_price',
      [FILE_HEADERS.MULTIPLICITY, [products[3].code, '', '1/6/12']],
      { type: 'multiplicity' },
    );
    const before = await loaded();
    expect(before.length).toBeGreaterThanOrEqual(2);
    const uploadsBefore = await t.database.db.selectFrom('price_uploads').selectAll().where('partner_id', '=', pid).orderBy('id').execute();
    for (const [type, uploadId] of [
      ['remain', remainId],
      ['multiplicity', multiplicityId],
    ] as const) {
      // The tester's exact request (upload_id=1), the target's own upload, every period and none.
      const bodies: Record<string, string>[] = [
        { upload_id: '1', period: '7' },
        ...PROLONG_PERIODS.map((p) => ({ upload_id: String(uploadId), period: String(p) })),
        {},
      ];
      for (const body of bodies) {
        const res = await post(base, { action: 'prolong', type, ...body });
        expect(res.statusCode, `${type} ${JSON.stringify(body)}`).toBe(200);
        expect(res.json()).toEqual({ SUCCESS: 'N', errors: { type: PRICING_MSG.prolongNotForRemains } });
      }
      // Their status offers no term to prolong and shows none.
      const s = await status('pricelist/personal_price', `?type=${type}`);
      expect(s.PROLONG).toEqual([]);
      expect(s.LOADED.DATE_END).toBeNull();
    }
    expect(await loaded()).toEqual(before);
    expect(await t.database.db.selectFrom('price_uploads').selectAll().where('partner_id', '=', pid).orderBy('id').execute()).toEqual(uploadsBefore);
  });
});
