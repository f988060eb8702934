import ExcelJS from 'exceljs';
import type { Db } from '@/db/database';
import { bearer, type TestApp } from '@/test/test-app';

/*
 * Arrange helpers of the clients and groups API tests: rows written straight to the database, so that each
 * test knows exactly which clients, orders and loyalty members it looks at.
 */

export const partnerIdOf = async (db: Db, staffEmail: string) =>
  (await db.selectFrom('users').select('partner_id').where('email', '=', staffEmail).executeTakeFirstOrThrow()).partner_id!;

let serial = 0;
const unique = () => `${process.pid}-${Date.now() % 1e7}-${++serial}`;

export async function insertClient(
  db: Db,
  partnerId: number,
  c: { name: string; registeredAt: Date | string; priceListId?: number | null; columnId?: number | null; blacklisted?: boolean; withUser?: boolean },
): Promise<number> {
  const { id } = await db
    .insertInto('clients')
    .values({
      partner_id: partnerId,
      name: c.name,
      email: `client-${unique()}@example.ru`,
      registered_at: c.registeredAt,
      price_list_id: c.priceListId ?? null,
      price_column_id: c.columnId ?? null,
      blacklisted: c.blacklisted ?? false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (c.withUser) {
    await db
      .insertInto('users')
      .values({
        kind: 'CLIENT',
        partner_id: partnerId,
        client_id: id,
        email: `user-${unique()}@example.ru`,
        name: 'анна',
        surname: 'петрова',
        phone: '79161234567',
      })
      .execute();
  }
  return id;
}

export async function insertOrder(
  db: Db,
  partnerId: number,
  clientId: number,
  o: { status: 'NEW' | 'VIEWED' | 'IN_BASKET' | 'COMPLETED' | 'CANCELED'; sum: string; createdAt: Date | string },
): Promise<{ id: number; number: string }> {
  const number = `T-${unique()}`;
  const { id } = await db
    .insertInto('orders')
    .values({
      partner_id: partnerId,
      client_id: clientId,
      order_number: number,
      status: o.status,
      position_sum: o.sum,
      position_count: 1,
      created_at: o.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, number };
}

export async function insertLoyaltyMember(
  db: Db,
  partnerId: number,
  clientId: number,
  m: { statusSort: number; balance: string; cardCode: string; enabled: boolean; enabledAt: Date | string },
): Promise<void> {
  const status = await db
    .selectFrom('loyalty_statuses')
    .select('id')
    .where('partner_id', '=', partnerId)
    .where('sort', '=', m.statusSort)
    .executeTakeFirstOrThrow();
  await db
    .insertInto('loyalty_members')
    .values({
      partner_id: partnerId,
      client_id: clientId,
      status_id: status.id,
      balance: m.balance,
      card_code: m.cardCode,
      enabled: m.enabled,
      enabled_at: m.enabledAt,
    })
    .execute();
}

export const priceListsOf = (db: Db, partnerId: number) =>
  db.selectFrom('price_lists').select(['id', 'kind', 'name', 'is_base']).where('partner_id', '=', partnerId).orderBy('id').execute();

/** Downloads a file the API answered with URL and reads it as a workbook: the rows of its first sheet. */
export async function downloadXlsxRows(t: TestApp, token: string, url: string): Promise<unknown[][]> {
  const res = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`download ${url}: ${res.statusCode}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}
