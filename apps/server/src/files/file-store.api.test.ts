import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { multipart, PDF } from '@/modules/shop/test-files';
import { startS3Server, type TestS3Server } from '@/test/s3-server';
import { scratchLeft } from '@/test/scratch-left';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { XLSX_MIME } from './file-store';
import type { FilePurpose } from './file-purposes';

/*
 * Issue 42: the file store's rows and the S3 store's objects go together. The purge deletes an expired file's object
 * with its row and collects objects whose row is gone (once older than a day); a store that fails a write leaves
 * neither a row nor an object, and the user gets 503 with the Russian message.
 */

let s3: TestS3Server;
let t: TestApp;
let main: number;
let second: number;
let owner: { id: number; token: string };
let admin: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.settings('file-store') });
  const partners = await t.database.db.selectFrom('partners').select('id').orderBy('id').limit(2).execute();
  [main, second] = partners.map((p) => p.id);
  const { id } = await t.database.db.selectFrom('users').select('id').where('email', '=', 'owner@partner.demo').executeTakeFirstOrThrow();
  owner = { id, token: await t.login('owner@partner.demo') };
  admin = await t.login('admin@partner.demo');
});
afterAll(async () => {
  await t?.close();
  await s3?.close().catch(() => {});
});

const blobs = () => t.app.services.blobs;
const inStore = async (key: string) => (await blobs().size(key)) !== undefined;
const rowOf = (id: string) => t.database.db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
const fileRows = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('files')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const stored = (purpose: FilePurpose, createdBy: number | null, partnerId = main) =>
  t.app.services.files.save(
    { partnerId, purpose, originalName: `${purpose}.xlsx`, mime: XLSX_MIME, createdBy },
    Buffer.from(`bytes of ${purpose}`),
    t.database.db,
  );
const HOUR = 3600_000;

describe('the file store on an S3 bucket', () => {
  it('stores in the bucket, under the app’s prefix, and serves the bytes back', async () => {
    expect(blobs().kind).toBe('s3');
    const file = await stored('shop-file', null);
    const row = (await rowOf(file.id))!;
    expect(row.storage_path).toMatch(new RegExp(`^files/${main}/\\d{4}-\\d{2}/${file.id}\\.xlsx$`));
    expect(await blobs().size(row.storage_path)).toBe(Buffer.byteLength('bytes of shop-file'));
    // Nothing of it on this host's disk, and no scratch file left.
    expect(fs.existsSync(path.join(t.dataDir, 'files'))).toBe(false);
    expect(await scratchLeft(t.dataDir)).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/client/shop/file/${main}/${file.id}/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('bytes of shop-file');
  });

  it('the purge deletes the objects of expired rows with their rows, and keeps the rest', async () => {
    const expiring = await stored('export.orders', owner.id);
    const keep = await stored('shop-file', null);
    const [expiredPath, keptPath] = [(await rowOf(expiring.id))!.storage_path, (await rowOf(keep.id))!.storage_path];
    await t.database.db
      .updateTable('files')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', expiring.id)
      .execute();

    const purged = await t.app.services.files.purge();
    expect(purged.expired).toBeGreaterThanOrEqual(1);
    expect(await rowOf(expiring.id)).toBeUndefined();
    expect(await inStore(expiredPath)).toBe(false);
    expect(await rowOf(keep.id)).toBeDefined();
    expect(await inStore(keptPath)).toBe(true);
  });

  it('collects objects whose row is gone once older than a day, any partner’s; keeps young ones, rowed ones and others', async () => {
    // s3rver dates every object «now»: a day later is a purge with `now` a day and more ahead.
    const orphans = [
      `files/${main}/2026-01/${randomUUID()}.xlsx`,
      `files/${second}/2025-12/${randomUUID()}.pdf`,
      `files/${main}/2026-01/${randomUUID()}`,
    ];
    const others = [`files/${main}/2026-01/readme.txt`, `files/${main}/${randomUUID()}.xlsx`, `exchange-1c/${main}/1/parts/import.xml/0`];
    for (const key of [...orphans, ...others]) await blobs().put(key, Buffer.from('orphan'));
    const keep = await stored('shop-file', null);
    const keptPath = (await rowOf(keep.id))!.storage_path;
    const removed = await stored('shop-file', null);
    const removedPath = (await rowOf(removed.id))!.storage_path;
    // A crash between the row's delete and the object's: the row gone, the object left.
    await t.database.db.deleteFrom('files').where('id', '=', removed.id).execute();

    // Young: written a moment ago, each may be a file being stored right now.
    expect((await t.app.services.files.purge(new Date(Date.now() + 23 * HOUR))).orphans).toBe(0);
    for (const key of [...orphans, removedPath]) expect(await inStore(key), key).toBe(true);

    const purged = await t.app.services.files.purge(new Date(Date.now() + 25 * HOUR));
    expect(purged.orphans).toBe(orphans.length + 1);
    for (const key of [...orphans, removedPath]) expect(await inStore(key), key).toBe(false);
    for (const key of [...others, keptPath]) expect(await inStore(key), key).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/client/shop/file/${main}/${keep.id}/` });
    expect(res.statusCode).toBe(200);
  });
});

describe('the file store with the S3 server stopped', () => {
  let orderId: number;
  let exportsBefore: number;
  beforeAll(async () => {
    const order = await t.database.db.selectFrom('orders').select('id').where('partner_id', '=', main).orderBy('id').executeTakeFirstOrThrow();
    orderId = order.id;
    // While the store answers, the order's export works.
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/partner/order/${orderId}/?action=export`, headers: bearer(owner.token) });
    expect(res.json()).toMatchObject({ SUCCESS: 'Y' });
    exportsBefore = await exportsOf(orderId);
    await s3.close();
  });

  const exportsOf = async (id: number) =>
    (
      await t.database.db
        .selectFrom('order_history')
        .select('id')
        .where('partner_id', '=', main)
        .where('order_id', '=', id)
        .where('action', '=', 'EXPORT')
        .execute()
    ).length;

  const refused = (res: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.json()).toEqual({ error: 'store_unavailable', error_description: MSG.fileStoreUnavailable });
  };

  it('an export answers 503 with the Russian message: no row, no history line, no scratch file left', async () => {
    const rows = await fileRows();
    const res = await t.app.inject({ method: 'GET', url: `/v3/api/partner/order/${orderId}/?action=export`, headers: bearer(owner.token) });
    refused(res);
    expect(await fileRows()).toBe(rows);
    expect(await exportsOf(orderId)).toBe(exportsBefore);
    expect(await scratchLeft(t.dataDir)).toEqual([]);
  });

  it('an upload answers 503 with the Russian message and stores nothing: the shop’s files are as before', async () => {
    const rows = await fileRows();
    const filesBefore = await t.database.db.selectFrom('files').select('id').where('purpose', '=', 'shop-file').execute();
    const body = multipart({ type: 'shop' }, [{ field: 'shop_file[0]', filename: 'Договор.pdf', data: PDF }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v3/api/partner/shop/',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin) },
    });
    refused(res);
    expect(await fileRows()).toBe(rows);
    expect(await t.database.db.selectFrom('files').select('id').where('purpose', '=', 'shop-file').execute()).toEqual(filesBefore);
    expect(await scratchLeft(t.dataDir)).toEqual([]);
  });
});
