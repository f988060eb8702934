import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_COLUMN_TITLE } from '@b2b/contracts/clients';
import type { Access } from '@b2b/contracts/http/route';
import { LIMITS } from '@b2b/contracts/limits';
import { CLIENT_ROUTES } from '@b2b/contracts/routes/clients';
import { COMMERCIAL_OFFER_ROUTES } from '@b2b/contracts/routes/commercial-offer';
import { DELIVERY_ROUTES } from '@b2b/contracts/routes/delivery';
import { LOYALTY_ROUTES } from '@b2b/contracts/routes/loyalty';
import { OFFER_ROUTES } from '@b2b/contracts/routes/offers';
import { PRICE_FILE_ROUTES } from '@b2b/contracts/routes/pricing';
import { SHOP_SETTINGS_ROUTES } from '@b2b/contracts/routes/shop-settings';
import { finishedExport } from '@/test/export-job';
import { accessAllows, signInSuiteAccounts, type SuiteAccount } from '@/test/security/accounts';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import type { FilePurpose, GeneratedPurpose } from './file-purposes';
import { XLSX_MIME } from './file-store';

/*
 * Issue 37.6: a stored file is served by right, not by knowing its address. The owner's client export (with «Тип
 * цен», «Баланс баллов», «Номер карты») reached the ORDERS and LOYALTY roles; it is now its requester's alone, and
 * expires: the hourly purge deletes its row and its bytes, and collects bytes whose row is gone.
 */

let t: TestApp;
let accounts: SuiteAccount[];
let main: number;
const who = (email: string) => accounts.find((a) => a.email === email)!;
const userId = async (email: string) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
const get = (url: string, email: string | null) => t.app.inject({ method: 'GET', url, headers: email ? bearer(who(email).token!) : {} });
const fileUrl = (id: string) => `/v3/api/partner/file/${id}/`;
const rowOf = (id: string) => t.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
/** Whether the app's file store (DATA_DIR or the api-s3 project's bucket) holds the object. */
const inStore = async (storagePath: string) => (await t.app.services.blobs.size(storagePath)) !== undefined;

const STAFF = [
  'owner@partner.demo',
  'admin@partner.demo',
  'orders@partner.demo',
  'price@partner.demo',
  'clients@partner.demo',
  'loyalty@partner.demo',
];

/** A file stored through the file store, as a module stores it. */
async function stored(purpose: FilePurpose, createdBy: number | null, partnerId = main) {
  return t.app.services.files.save(
    { partnerId, purpose, originalName: `${purpose}.xlsx`, mime: XLSX_MIME, createdBy },
    Buffer.from(`bytes of ${purpose}`),
    t.database.db,
  );
}

/** The owner's export of the client list, done: its link. */
async function ownerClientExport(): Promise<string> {
  const answer = (await get('/v3/api/partner/client/?action=export', 'owner@partner.demo')).json();
  return (await finishedExport(t, who('owner@partner.demo').token!, answer)).URL;
}

beforeAll(async () => {
  t = await createTestApp();
  accounts = await signInSuiteAccounts(t, t.database.db);
  main = who('owner@partner.demo').partnerId!;
  await t.database.db.updateTable('partners').set({ loyalty_enabled: true }).where('id', '=', main).execute();
});
afterAll(() => t?.close());

describe("the owner's client export", () => {
  it('is served to the owner with its price type and loyalty columns, and to nobody else: ORDERS, LOYALTY, ADMIN, another partner', async () => {
    const url = await ownerClientExport();
    const res = await get(url, 'owner@partner.demo');
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = (book.worksheets[0].getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining([CLIENT_COLUMN_TITLE.PRICE_TYPE, CLIENT_COLUMN_TITLE.BALANCE, CLIENT_COLUMN_TITLE.CARD_CODE]));

    for (const email of [
      'orders@partner.demo',
      'loyalty@partner.demo',
      'admin@partner.demo',
      'price@partner.demo',
      'clients@partner.demo',
      'owner@second.demo',
    ]) {
      const other = await get(url, email);
      expect(other.statusCode, email).toBe(404);
      expect(other.body, email).not.toContain('PK');
    }
    expect((await get(url, 'manager@platform.demo')).statusCode).toBe(403);
    expect((await get(url, 'buyer@client.demo')).statusCode).toBe(403);
    expect((await get(url, null)).statusCode).toBe(401);
  });

  it('expires a day after it is made', async () => {
    const url = await ownerClientExport();
    const row = (await rowOf(url.split('/').at(-2)!))!;
    expect(row.purpose).toBe('export.clients');
    expect(row.created_by).toBe(await userId('owner@partner.demo'));
    const ttl = row.expires_at!.getTime() - row.created_at.getTime();
    expect(Math.abs(ttl - LIMITS.generatedFileTtlHours * 3600_000)).toBeLessThan(60_000);
  });
});

describe('generated files (exports)', () => {
  const GENERATED: GeneratedPurpose[] = [
    'export.orders',
    'export.order',
    'export.clients',
    'export.group_members',
    'export.groups',
    'export.price_file',
  ];

  it.each(GENERATED)('%s: its requester only, while holding the right of its kind', async (purpose) => {
    const mine = await stored(purpose, await userId('owner@partner.demo'));
    expect((await get(mine.url, 'owner@partner.demo')).statusCode).toBe(200);
    for (const email of STAFF.filter((e) => e !== 'owner@partner.demo')) expect((await get(mine.url, email)).statusCode, email).toBe(404);
    expect((await get(mine.url, 'owner@second.demo')).statusCode).toBe(404);
  });

  it("a requester who no longer holds the kind's right (price file without PRICE or CLIENTS) gets 404", async () => {
    const file = await stored('export.price_file', await userId('orders@partner.demo'));
    expect((await get(file.url, 'orders@partner.demo')).statusCode).toBe(404);
    const own = await stored('export.price_file', await userId('price@partner.demo'));
    expect((await get(own.url, 'price@partner.demo')).statusCode).toBe(200);
  });
});

describe("the partner's stored files: the rights of the screen that lists each", () => {
  /** The route whose answer links each purpose's files: who may call it may download them. */
  const LISTED_BY: Record<Exclude<FilePurpose, GeneratedPurpose>, Access> = {
    'price-upload': PRICE_FILE_ROUTES.list.history.access,
    'price-upload-errors': PRICE_FILE_ROUTES.list.history.access,
    'delivery-exclude': DELIVERY_ROUTES.exclude.access,
    'offer-banner': OFFER_ROUTES.card.access,
    'offer-products': OFFER_ROUTES.card.access,
    'loyalty-logo': LOYALTY_ROUTES.shop.access,
    'loyalty-offer_file': LOYALTY_ROUTES.shop.access,
    'offer-logo': COMMERCIAL_OFFER_ROUTES.view.access,
    'offer-stamp': COMMERCIAL_OFFER_ROUTES.view.access,
    'shop-logo': SHOP_SETTINGS_ROUTES.view.access,
    'shop-file': SHOP_SETTINGS_ROUTES.view.access,
    'shop-image': SHOP_SETTINGS_ROUTES.view.access,
    'client-file': CLIENT_ROUTES.card.access,
  };

  it.each(Object.entries(LISTED_BY))('%s', async (purpose, access) => {
    const file = await stored(purpose as FilePurpose, await userId('admin@partner.demo'));
    expect((await rowOf(file.id))!.expires_at).toBeNull();
    for (const email of STAFF) {
      const res = await get(file.url, email);
      expect(res.statusCode, email).toBe(accessAllows(access, who(email)) ? 200 : 404);
      if (res.statusCode === 200) expect(res.body).toBe(`bytes of ${purpose}`);
    }
    expect((await get(file.url, 'owner@second.demo')).statusCode).toBe(404);
  });

  it('the ORDERS role is refused a price file, LOYALTY a client file, though any role may call the download route', async () => {
    const price = await stored('price-upload', null);
    expect((await get(price.url, 'orders@partner.demo')).statusCode).toBe(404);
    expect((await get(price.url, 'price@partner.demo')).statusCode).toBe(200);
    const loyaltyLogo = await stored('loyalty-logo', null);
    expect((await get(loyaltyLogo.url, 'orders@partner.demo')).statusCode).toBe(404);
    expect((await get(loyaltyLogo.url, 'loyalty@partner.demo')).statusCode).toBe(200);
  });

  it('a purpose no right names (a row written before the purposes were listed) is served to nobody', async () => {
    const id = randomUUID();
    await t.database.db
      .insertInto('files')
      .values({
        partner_id: main,
        id,
        purpose: 'export',
        original_name: 'old.xlsx',
        mime: XLSX_MIME,
        size: 1,
        sha256: '0'.repeat(64),
        storage_path: 'files/old.xlsx',
        created_by: await userId('owner@partner.demo'),
      })
      .execute();
    await t.app.services.blobs.put('files/old.xlsx', Buffer.from('x'));
    expect((await get(fileUrl(id), 'owner@partner.demo')).statusCode).toBe(404);
  });

  it("the shop's public pictures and files stay public on their own routes, and only they", async () => {
    const banner = await stored('offer-banner', null);
    const shopFile = await stored('shop-file', null);
    const exported = await stored('export.clients', await userId('owner@partner.demo'));
    expect((await get(`/v3/api/client/offer/banner/${main}/${banner.id}/`, null)).statusCode).toBe(200);
    expect((await get(`/v3/api/client/shop/file/${main}/${shopFile.id}/`, null)).statusCode).toBe(200);
    expect((await get(`/v3/api/client/shop/file/${main}/${exported.id}/`, null)).statusCode).toBe(404);
    expect((await get(`/v3/api/client/offer/banner/${main}/${exported.id}/`, null)).statusCode).toBe(404);
  });
});

describe('expiry and the purge', () => {
  it('an expired export answers 404; the purge deletes its row and its bytes, and leaves the rest', async () => {
    const url = await ownerClientExport();
    const id = url.split('/').at(-2)!;
    const kept = await stored('export.orders', await userId('owner@partner.demo'));
    const upload = await stored('price-upload', null);
    const { storage_path } = (await rowOf(id))!;
    expect(await inStore(storage_path)).toBe(true);

    await t.database.db
      .updateTable('files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect((await get(url, 'owner@partner.demo')).statusCode).toBe(404);

    const purged = await t.app.services.files.purge();
    expect(purged.expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(id)).toBeUndefined();
    expect(await inStore(storage_path)).toBe(false);
    for (const file of [kept, upload]) {
      const row = (await rowOf(file.id))!;
      expect(row).toBeDefined();
      expect(await inStore(row.storage_path)).toBe(true);
    }
    expect((await get(kept.url, 'owner@partner.demo')).statusCode).toBe(200);
  });

  it('an expired row whose bytes are already gone (a purge that stopped between the two) is deleted by the next purge', async () => {
    const file = await stored('export.groups', await userId('owner@partner.demo'));
    const { storage_path } = (await rowOf(file.id))!;
    await t.app.services.blobs.delete(storage_path);
    await t.database.db
      .updateTable('files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', file.id)
      .execute();
    await t.app.services.files.purge();
    expect(await rowOf(file.id)).toBeUndefined();
  });

  it('collects stored bytes whose row is gone once they are older than a day; younger ones may be being written', async () => {
    // The store's objects are all new: «a day later» is a purge run with `now` a day and more ahead.
    const dir = `files/${main}/2026-01`;
    const orphan = `${dir}/${randomUUID()}.xlsx`;
    const notOurs = `${dir}/readme.txt`;
    for (const key of [orphan, notOurs]) await t.app.services.blobs.put(key, Buffer.from('orphan'));
    // A stored file as old keeps its bytes: it has its row.
    const keep = await stored('shop-file', null);
    const keepPath = (await rowOf(keep.id))!.storage_path;

    expect((await t.app.services.files.purge()).orphans).toBe(0);
    expect(await inStore(orphan)).toBe(true);

    const purged = await t.app.services.files.purge(new Date(Date.now() + 25 * 3600_000));
    expect(purged.orphans).toBeGreaterThanOrEqual(1);
    expect(await inStore(orphan)).toBe(false);
    expect(await inStore(notOurs)).toBe(true);
    expect(await inStore(keepPath)).toBe(true);
    expect((await get(keep.url, 'owner@partner.demo')).statusCode).toBe(200);
  });
});

describe('a public file route asked for a file it does not serve', () => {
  it('answers 404 without opening the object (a dropped stream would hold a descriptor or a store connection)', async () => {
    const id = new URL(await ownerClientExport(), 'http://host').pathname.split('/').at(-2)!;
    const blobs = t.app.services.blobs;
    const original = blobs.get;
    let opened = 0;
    blobs.get = (...args) => {
      opened += 1;
      return original.apply(blobs, args);
    };
    try {
      for (const url of [`/v3/api/client/offer/banner/${main}/${id}/`, `/v3/api/client/shop/file/${main}/${id}/`]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
      expect(opened).toBe(0);
      // Its owner still downloads it: the object is opened then.
      expect((await get(fileUrl(id), 'owner@partner.demo')).statusCode).toBe(200);
      expect(opened).toBe(1);
    } finally {
      blobs.get = original;
    }
  });
});
