import path from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '@b2b/contracts/limits';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { PAYMENT_TYPE_LABEL, type OrderListAnswer, type OrderListItem } from '@b2b/contracts/orders';
import { finishedExport } from '@/test/export-job';
import type { TestApp } from '@/test/test-app';
import { downloadXlsx, openOrdersTest, type OrdersKit } from '../orders-test-kit';

let t: TestApp;
let k: OrdersKit;

interface Row {
  id: number;
  order_number: string;
  status: OrderStatus;
  client_id: number;
  client_name: string;
  contact_phone: string | null;
  contact_email: string | null;
  created_at: Date;
  position_count: number;
  position_sum: string;
  moscow_day: string;
}
/** Every order of the main partner, read once: the tests compute the expected answers from these in JS. */
let all: Row[];

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
  all = (
    await sql<Row>`
      select o.id, o.order_number, o.status, o.client_id, c.name as client_name, o.contact_phone, o.contact_email,
        o.created_at, o.position_count, o.position_sum,
        to_char(o.created_at at time zone 'Europe/Moscow', 'YYYY-MM-DD') as moscow_day
      from orders o join clients c on c.partner_id = o.partner_id and c.id = o.client_id
      where o.partner_id = ${k.main}`.execute(k.db)
  ).rows;
});
afterAll(() => t.close());

const listUrl = (params: Record<string, string | number> = {}) =>
  `/v3/api/partner/orderlist/?${new URLSearchParams(Object.entries(params).map(([a, b]): [string, string] => [a, String(b)])).toString()}`;
const list = async (params: Record<string, string | number> = {}, who: Parameters<OrdersKit['as']>[0] = 'orders') => {
  const res = await k.as(who).get(listUrl(params));
  expect(res.statusCode).toBe(200);
  return res.json() as { ITEMS: OrderListItem[]; NAV: { CNT: number; CNT_ALL: number; NEW_CNT: number }; ENTITIES: Record<string, unknown> };
};
const newest = (a: Row, b: Row) => b.created_at.getTime() - a.created_at.getTime() || b.id - a.id;
const ids = (items: { ID: number }[]) => items.map((i) => i.ID);

describe('GET /v3/api/partner/orderlist/', () => {
  it('answers the newest 12 with NAV counted from the data and the status and payment entities', async () => {
    const res = await list();
    expect(res.NAV).toEqual({ CNT: all.length, CNT_ALL: all.length, NEW_CNT: all.filter((o) => o.status === 'NEW').length });
    expect(ids(res.ITEMS)).toEqual(
      [...all]
        .sort(newest)
        .slice(0, 12)
        .map((o) => o.id),
    );
    expect(res.ENTITIES).toEqual({ STATUS: ORDER_STATUS_LABEL, PAYMENT_TYPE: PAYMENT_TYPE_LABEL });
  });

  it('carries the spec fields: money as 2-decimal strings, dates in seconds, labels in Russian', async () => {
    const [item] = (await list({ limit: 12 })).ITEMS;
    const row = all.find((o) => o.id === item.ID)!;
    const db = await k.order(k.main, item.ID);
    expect(item).toMatchObject({
      ORDER_NUMBER: row.order_number,
      CREATE_DATE: Math.floor(row.created_at.getTime() / 1000),
      STATUS: { STATUS_CODE: row.status, STATUS_NAME: ORDER_STATUS_LABEL[row.status] },
      CLIENT: { ID: row.client_id, NAME: row.client_name },
      SHOP: { ID: k.main, NAME: 'Канцлер Опт' },
      CONTACTS: { NAME: db.contact_name, PHONE: db.contact_phone, MAIL: db.contact_email },
      PAYMENT_TYPE: { CODE: db.payment_type, NAME: PAYMENT_TYPE_LABEL[db.payment_type] },
      CURRENCY: 'RUB',
      POSITION_COUNT: row.position_count,
      POSITION_SUM: new Decimal(row.position_sum).toFixed(2),
      CUR_POSITION_SUM: new Decimal(row.position_sum).toFixed(2),
    });
    // The shop's minimum order sum the order was placed under (the client card's order list shows it).
    expect(db.min_order_sum).not.toBeNull();
    expect(item.MIN_ORDER_SUM).toBe(new Decimal(db.min_order_sum!).toFixed(2));
    expect(item.POSITION_SUM).toMatch(/^\d+\.\d{2}$/);
    expect(item.ADDRESS).toBeTruthy();
  });

  it.each(ORDER_STATUSES)('filters by status %s', async (status) => {
    const expected = all.filter((o) => o.status === status).sort(newest);
    const res = await list({ status, limit: 36 });
    expect(res.NAV.CNT).toBe(expected.length);
    expect(res.NAV.CNT_ALL).toBe(all.length);
    expect(ids(res.ITEMS)).toEqual(expected.slice(0, 36).map((o) => o.id));
  });

  it('filters by client', async () => {
    const counts = new Map<number, number>();
    for (const o of all) counts.set(o.client_id, (counts.get(o.client_id) ?? 0) + 1);
    const [clientId, n] = [...counts].sort((a, b) => b[1] - a[1])[0];
    const res = await list({ client_id: clientId, limit: 36 });
    expect(res.NAV.CNT).toBe(n);
    expect(res.ITEMS.every((i) => i.CLIENT.ID === clientId)).toBe(true);
  });

  it('filters by Moscow calendar days, both ends inclusive, in either date format', async () => {
    const days = [...new Set(all.map((o) => o.moscow_day))].sort();
    const start = days[Math.floor(days.length / 2)];
    const end = days[Math.floor(days.length / 2) + 5];
    const expected = all.filter((o) => o.moscow_day >= start && o.moscow_day <= end);
    const res = await list({ date_start: start, date_end: end, limit: 36 });
    expect(res.NAV.CNT).toBe(expected.length);
    expect(ids(res.ITEMS)).toEqual(
      expected
        .sort(newest)
        .slice(0, 36)
        .map((o) => o.id),
    );
    const ru = (d: string) => d.split('-').reverse().join('.');
    expect((await list({ date_start: ru(start), date_end: ru(end) })).NAV.CNT).toBe(expected.length);
    const oneDay = all.filter((o) => o.moscow_day === end).length;
    expect((await list({ date_start: end, date_end: end })).NAV.CNT).toBe(oneDay);
    expect((await k.as('orders').get(listUrl({ date_start: '2026-02-31' }))).statusCode).toBe(400);
  });

  it('finds by order number, client name, phone digits or e-mail, case-insensitively', async () => {
    const sample = [...all].sort(newest)[3];
    const byNumber = await list({ query: sample.order_number.toLowerCase() });
    expect(ids(byNumber.ITEMS)).toContain(sample.id);
    expect(byNumber.NAV.CNT).toBe(all.filter((o) => o.order_number.toLowerCase().includes(sample.order_number.toLowerCase())).length);

    const namePart = sample.client_name
      .replace(/^ООО «|^ИП |^АО «/, '')
      .slice(0, 5)
      .toUpperCase();
    const byName = await list({ query: namePart, limit: 36 });
    const nameMatches = all.filter(
      (o) =>
        o.client_name.toLowerCase().includes(namePart.toLowerCase()) ||
        o.order_number.toLowerCase().includes(namePart.toLowerCase()) ||
        (o.contact_email ?? '').toLowerCase().includes(namePart.toLowerCase()),
    );
    expect(byName.NAV.CNT).toBe(nameMatches.length);
    expect(byName.NAV.CNT).toBeGreaterThan(0);

    const phone = sample.contact_phone!;
    const digits = phone.replace(/\D/g, '').slice(1);
    const byPhone = await list({ query: `${digits.slice(0, 3)} ${digits.slice(3, 6)}-${digits.slice(6)}`, limit: 36 });
    expect(byPhone.NAV.CNT).toBe(all.filter((o) => (o.contact_phone ?? '').replace(/\D/g, '').includes(digits)).length);
    expect(ids(byPhone.ITEMS)).toContain(sample.id);

    const mail = sample.contact_email!.split('@')[0].toUpperCase();
    const byMail = await list({ query: mail, limit: 36 });
    expect(ids(byMail.ITEMS)).toContain(sample.id);

    const none = await list({ query: 'нет-такого-заказа-%_' });
    expect(none).toMatchObject({ ITEMS: [], NAV: { CNT: 0, CNT_ALL: all.length } });
  });

  it('finds a part of a number or a phone anywhere in it, at any length, and takes any character as itself', async () => {
    const sample = [...all].sort(newest)[5];
    const contains = (text: string) =>
      all.filter(
        (o) =>
          o.order_number.toLowerCase().includes(text) ||
          o.client_name.toLowerCase().includes(text) ||
          (o.contact_email ?? '').toLowerCase().includes(text) ||
          (/^[\d\s()+-]+$/.test(text) &&
            text.replace(/\D/g, '').length >= 3 &&
            (o.contact_phone ?? '').replace(/\D/g, '').includes(text.replace(/\D/g, ''))),
      ).length;
    const number = sample.order_number.toLowerCase();
    // The middle of a number, its last two characters (shorter than the indexed suffixes), its last four.
    for (const part of [number.slice(2, -1), number.slice(-2), number.slice(-4)]) {
      expect((await list({ query: part })).NAV.CNT, part).toBe(Math.min(contains(part), 1000));
    }
    const digits = sample.contact_phone!.replace(/\D/g, '');
    for (const part of [digits.slice(4, 7), digits.slice(-5)]) {
      const found = await list({ query: part, limit: 36 });
      expect(found.NAV.CNT, part).toBe(Math.min(contains(part), 1000));
    }
    // A number ending in a character of two UTF-16 units: its last two characters are shorter than the indexed suffixes.
    const client = await k.db.selectFrom('clients').select('id').where('partner_id', '=', k.main).limit(1).executeTakeFirstOrThrow();
    const odd = await k.db
      .insertInto('orders')
      .values({ partner_id: k.main, order_number: 'Ю-7😀', client_id: client.id, status: 'NEW', position_sum: '1.0000', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(ids((await list({ query: '7😀' })).ITEMS)).toEqual([odd.id]);
    } finally {
      await k.db.deleteFrom('orders').where('id', '=', odd.id).execute();
    }
    // Quotes, backslashes and the tsquery's operators are the text's own characters, not syntax.
    for (const odd of ["o'brien", 'a\\b', '1 & 2', '!12:*', "'", "'\\".repeat(100)]) {
      const res = await k.as('orders').get(listUrl({ query: odd }));
      expect(res.statusCode, odd).toBe(200);
      expect((res.json() as OrderListAnswer).NAV.CNT, odd).toBe(contains(odd));
    }
  });

  const RANK: Record<OrderStatus, number> = { NEW: 1, VIEWED: 2, IN_BASKET: 3, COMPLETED: 4, CANCELED: 5 };
  const KEYS: Record<string, (o: Row) => number | string> = {
    CREATE_DATE: (o) => o.created_at.getTime(),
    ORDER_NUMBER: (o) => o.order_number,
    STATUS: (o) => RANK[o.status],
    POSITION_COUNT: (o) => o.position_count,
    POSITION_SUM: (o) => new Decimal(o.position_sum).toNumber(),
  };
  it.each(
    Object.keys(KEYS).flatMap((s) => [
      [s, 'ASC'],
      [s, 'DESC'],
    ]),
  )('sorts by %s %s, ties by id', async (sort, order) => {
    const key = KEYS[sort];
    const sign = order === 'ASC' ? 1 : -1;
    const cmp = (a: Row, b: Row) => {
      const x = key(a);
      const y = key(b);
      return sign * (x < y ? -1 : x > y ? 1 : a.id - b.id);
    };
    const res = await list({ sort, order, limit: 24, offset: 24 });
    expect(ids(res.ITEMS)).toEqual(
      [...all]
        .sort(cmp)
        .slice(24, 48)
        .map((o) => o.id),
    );
  });

  it('sorts by client name', async () => {
    const expected = (
      await sql<{ id: number }>`select o.id from orders o join clients c on c.partner_id = o.partner_id and c.id = o.client_id
        where o.partner_id = ${k.main} order by lower(c.name) asc, o.id asc limit 12`.execute(k.db)
    ).rows.map((r) => r.id);
    expect(ids((await list({ sort: 'CLIENT', order: 'asc' })).ITEMS)).toEqual(expected);
  });

  it('pages without gaps or overlaps, with the page sizes 12, 24, 36 (others fall back to 12)', async () => {
    const pages = await Promise.all([0, 12, 24].map((offset) => list({ offset })));
    const first36 = await list({ limit: 36 });
    expect(pages.flatMap((p) => ids(p.ITEMS))).toEqual(ids(first36.ITEMS));
    expect(first36.ITEMS).toHaveLength(36);
    expect((await list({ limit: 24 })).ITEMS).toHaveLength(24);
    expect((await list({ limit: 50 })).ITEMS).toHaveLength(12);
    expect((await list({ offset: all.length })).ITEMS).toEqual([]);
    expect((await list({ sort: 'NOPE', order: 'sideways' })).ITEMS[0].ID).toBe(pages[0].ITEMS[0].ID);
  });

  it("shop_id: the partner's own shop lists its orders, another shop none", async () => {
    expect((await list({ shop_id: k.main })).NAV.CNT).toBe(all.length);
    const foreign = await list({ shop_id: k.second });
    expect(foreign).toMatchObject({ ITEMS: [], NAV: { CNT: 0, CNT_ALL: all.length } });
  });

  it('shows each partner only its own orders, and every role may read the list', async () => {
    const second = await list({ limit: 36 }, 'second');
    const secondCount = Number(
      (
        await k.db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('partner_id', '=', k.second)
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(second.NAV.CNT_ALL).toBe(secondCount);
    expect(second.ITEMS.every((i) => i.ORDER_NUMBER.startsWith('ОМ-'))).toBe(true);
    for (const who of ['price', 'clients', 'loyalty', 'admin', 'owner'] as const) {
      expect((await list({}, who)).NAV.CNT_ALL).toBe(all.length);
    }
    expect((await k.as(null).get(listUrl())).statusCode).toBe(401);
  });
});

describe('GET /v3/api/partner/orderlist/?action=export', () => {
  it('exports the whole filtered list to a real .xlsx that only its requester downloads', async () => {
    const expected = all.filter((o) => o.status === 'COMPLETED').sort((a, b) => a.position_count - b.position_count || a.id - b.id);
    const res = await k.as('price').get(listUrl({ status: 'COMPLETED', sort: 'POSITION_COUNT', order: 'ASC', action: 'export' }));
    expect(res.json()).toMatchObject({ SUCCESS: 'Y', JOB_ID: expect.any(Number) });
    const answer = await finishedExport(t, k.tokens.price, res.json());
    expect(answer).toMatchObject({ FILENAME: expect.stringMatching(/^Заказы \d{2}\.\d{2}\.\d{4}\.xlsx$/) });
    expect(answer.URL).toMatch(/^\/v3\/api\/partner\/file\/[0-9a-f-]{36}\/$/);

    // The file is its requester's (issue 37.6): a colleague of the same partner gets 404.
    expect((await downloadXlsx(k, 'clients', answer.URL)).res.statusCode).toBe(404);
    const { res: file, book } = await downloadXlsx(k, 'price', answer.URL);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(file.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent(answer.FILENAME)}`);
    const sheet = book.getWorksheet('Заказы')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Номер заказа',
      'Дата',
      'Статус',
      'Клиент',
      'Контактное лицо',
      'Телефон',
      'E-mail',
      'Адрес доставки',
      'Способ оплаты',
      'Позиций',
      'Сумма, руб.',
      'Валюта',
      'Сумма в валюте заказа',
    ]);
    expect(sheet.actualRowCount).toBe(expected.length + 1);
    const numbers: string[] = [];
    sheet.eachRow((row, n) => n > 1 && numbers.push(String(row.getCell(1).value)));
    expect(numbers).toEqual(expected.map((o) => o.order_number));
    const firstRow = sheet.getRow(2);
    const sum = firstRow.getCell(11);
    expect(sum.value).toBe(new Decimal(expected[0].position_sum).toDecimalPlaces(2).toNumber());
    expect(sum.numFmt).toBe('#,##0.00');
    const date = firstRow.getCell(2).value as Date;
    expect(date).toBeInstanceOf(Date);
    expect(date.getTime()).toBe(Math.floor(expected[0].created_at.getTime() / 1000) * 1000 + 3 * 3600_000);
    expect(firstRow.getCell(3).value).toBe('Исполнен');

    const stored = await k.db.selectFrom('files').selectAll().where('partner_id', '=', k.main).where('purpose', '=', 'export.orders').execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].storage_path.startsWith(path.join('files', String(k.main)))).toBe(true);
    expect(stored[0].size).toBe(file.rawPayload.length);

    const fileId = answer.URL.split('/').at(-2);
    expect((await k.as('second').get(answer.URL)).statusCode).toBe(404);
    expect((await k.as(null).get(answer.URL)).statusCode).toBe(401);
    expect((await k.as('owner').get('/v3/api/partner/file/not-a-uuid/')).statusCode).toBe(404);
    expect((await k.as('owner').get(`/v3/api/partner/file/${fileId!.replace(/^./, fileId![0] === 'a' ? 'b' : 'a')}/`)).statusCode).toBe(404);
  });

  it('an empty filter result still exports a file with the header row', async () => {
    const answer = await finishedExport(t, k.tokens.orders, (await k.as('orders').get(listUrl({ query: 'нет-такого', action: 'export' }))).json());
    const { book } = await downloadXlsx(k, 'orders', answer.URL);
    expect(book.getWorksheet('Заказы')!.actualRowCount).toBe(1);
    expect(book).toBeInstanceOf(ExcelJS.Workbook);
  });
});
