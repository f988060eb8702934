import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { OrderStatus } from '@b2b/contracts/limits';
import { bearer, createTestApp, form, type TestApp } from '@/test/test-app';

/* Helpers shared by the orders API tests (not a test file itself). */

export const STAFF = {
  owner: 'owner@partner.demo',
  admin: 'admin@partner.demo',
  orders: 'orders@partner.demo',
  price: 'price@partner.demo',
  clients: 'clients@partner.demo',
  loyalty: 'loyalty@partner.demo',
  second: 'owner@second.demo',
} as const;
export type StaffKey = keyof typeof STAFF;

export async function ordersKit(t: TestApp) {
  const db = t.database.db;
  const tokens = {} as Record<StaffKey, string>;
  for (const key of Object.keys(STAFF) as StaffKey[]) tokens[key] = await t.login(STAFF[key]);
  const partnerOf = async (email: string) =>
    (await db.selectFrom('users').select('partner_id').where('email', '=', email).executeTakeFirstOrThrow()).partner_id!;
  const main = await partnerOf(STAFF.owner);
  const second = await partnerOf(STAFF.second);

  const as = (who: StaffKey | null) => {
    const headers = who ? bearer(tokens[who]) : {};
    return {
      get: (url: string) => t.app.inject({ method: 'GET', url, headers }),
      post: (url: string, data: Record<string, string> = {}) => {
        const f = form(data);
        return t.app.inject({ method: 'POST', url, payload: f.payload, headers: { ...f.headers, ...headers } });
      },
    };
  };

  /** Ids of the partner's orders in a status, oldest first. */
  const orderIds = async (partnerId: number, status: OrderStatus) =>
    (await db.selectFrom('orders').select('id').where('partner_id', '=', partnerId).where('status', '=', status).orderBy('id').execute()).map(
      (r) => r.id,
    );

  /**
   * Arrange step for tests that need more NEW orders than the demo data has today (the seed derives
   * statuses from the orders' age): turns the newest completed order back into a NEW one.
   */
  const makeNewOrder = async (partnerId: number, exclude: Set<number>) => {
    const completed = (await orderIds(partnerId, 'COMPLETED')).reverse().find((i) => !exclude.has(i));
    if (!completed) throw new Error('no completed order to turn into a new one');
    await db
      .updateTable('orders')
      .set({ status: 'NEW', viewed_at: null, sent_at: null, completed_at: null })
      .where('partner_id', '=', partnerId)
      .where('id', '=', completed)
      .execute();
    return completed;
  };

  const order = (partnerId: number, id: number) =>
    db.selectFrom('orders').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirstOrThrow();

  const historyOf = (partnerId: number, orderId: number) =>
    db.selectFrom('order_history').selectAll().where('partner_id', '=', partnerId).where('order_id', '=', orderId).orderBy('id').execute();

  /** Sets the distributor's stock of a product to `quantity`, all of it in one warehouse. */
  const setStock = async (productId: number, quantity: number) => {
    const warehouse = await db.selectFrom('catalog_warehouses').select('id').orderBy('id').executeTakeFirstOrThrow();
    await db.deleteFrom('catalog_stock').where('product_id', '=', productId).execute();
    await db.insertInto('catalog_stock').values({ product_id: productId, warehouse_id: warehouse.id, quantity }).execute();
  };

  const itemsOf = (partnerId: number, orderId: number) =>
    db.selectFrom('order_items').selectAll().where('partner_id', '=', partnerId).where('order_id', '=', orderId).orderBy('id').execute();

  /** Puts plenty of the distributor's stock behind every item of an order. */
  const stockUp = async (partnerId: number, orderId: number) => {
    for (const item of await itemsOf(partnerId, orderId)) await setStock(item.product_id, 100_000);
  };

  return { db, tokens, main, second, as, orderIds, makeNewOrder, order, historyOf, itemsOf, setStock, stockUp };
}

export type OrdersKit = Awaited<ReturnType<typeof ordersKit>>;

/** A test app on this file's own copy of the demo data, with the staff signed in. */
export async function openOrdersTest(): Promise<{ t: TestApp; k: OrdersKit }> {
  const t = await createTestApp();
  return { t, k: await ordersKit(t) };
}

/** Downloads a file by its URL and reads it back with ExcelJS. */
export async function downloadXlsx(kit: OrdersKit, who: StaffKey, url: string) {
  const res = await kit.as(who).get(url);
  const book = new ExcelJS.Workbook();
  if (res.statusCode === 200) await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return { res, book };
}

/** Decodes RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) of a header. */
function decodeWords(value: string): string {
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

/** Quoted-printable bodies back to UTF-8 text. */
const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The .eml files in the outbox: recipient, decoded subject and decoded text. */
export function readOutbox(dataDir: string) {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      const [head] = raw.split(/\r?\n\r?\n/);
      const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1] ?? '';
      const body = /quoted-printable/i.test(raw) ? decodeQuotedPrintable(raw) : raw;
      const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
        Buffer.from(m[1].replace(/\s/g, ''), 'base64').toString('utf8'),
      );
      return { file, to: header('To'), subject: decodeWords(header('Subject')), text: [body, ...base64Parts].join('\n') };
    });
}
