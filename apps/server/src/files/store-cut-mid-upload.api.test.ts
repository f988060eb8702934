import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { s3BlobStore } from '@/files/s3-blob-store';
import { multipart } from '@/test/multipart';
import { startS3Server, type TestS3Server } from '@/test/s3-server';
import { startTcpProxy, type TcpProxy } from '@/test/tcp-proxy';
import { scratchLeft } from '@/test/scratch-left';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf, priceListsOf } from '../modules/clients/clients-test-fixtures';

/**
 * Issue 42: the S3-compatible store goes away in the middle of an upload. The server talks to a real S3 server
 * (s3rver) through a TCP proxy that, once 3 MB of a 9 MB price file have gone towards the store, resets every
 * connection and stops listening. The upload is answered with the Russian «Хранилище файлов недоступно…» (503),
 * no row and no object of it stay, /health says the store is unreachable until it is back, and the same upload
 * then succeeds.
 */
describe('the file store cut off mid-upload', () => {
  let s3: TestS3Server;
  let proxy: TcpProxy;
  let t: TestApp;
  let token = '';
  let pid = 0;
  let listId = 0;
  const PREFIX = 'cut';

  beforeAll(async () => {
    s3 = await startS3Server();
    proxy = await startTcpProxy([s3.port]);
    t = await createTestApp({ s3: { ...s3.settings(PREFIX), endpoint: `http://127.0.0.1:${proxy.port}` } });
    token = await t.login('price@partner.demo');
    pid = await partnerIdOf(t.database.db, 'price@partner.demo');
    listId = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!.id;
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await s3?.close();
  });

  /** A price file of `bytes` (csv, as Russian Excel saves it): the header, then rows of codes and prices. */
  function priceCsv(bytes: number): Buffer {
    const lines = ['Код товара;Наименование;Закупочная цена;Текущая цена;Цена на сайте;Скидка/наценка, %'];
    let size = 0;
    for (let i = 0; size < bytes; i++) {
      const line = `T${String(i).padStart(7, '0')};Тетрадь школьная в клетку 48 листов, обложка №${i};10.50;12.00;${(12 + (i % 100) / 100).toFixed(2)};`;
      lines.push(line);
      size += Buffer.byteLength(line) + 1;
    }
    return Buffer.from(`${lines.join('\n')}\n`);
  }

  const upload = (file: Buffer) => {
    const body = multipart([
      { name: 'keep', value: 'N' },
      { name: 'file', filename: 'прайс.csv', value: file, type: 'text/csv' },
    ]);
    return t.app.inject({
      method: 'POST',
      url: `/v3/api/partner/pricing/excel/pricelist/${listId}/`,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
    });
  };
  const counts = async () => {
    const { db } = t.database;
    const files = await db
      .selectFrom('files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
    const uploads = await db
      .selectFrom('price_uploads')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('partner_id', '=', pid)
      .executeTakeFirstOrThrow();
    return { files: Number(files.n), uploads: Number(uploads.n) };
  };
  const health = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    return { status: res.statusCode, body: res.json() };
  };
  /** The objects under files/ of this app's folder, read from the S3 server directly (not through the proxy). */
  async function objectsInBucket(): Promise<string[]> {
    const direct = s3BlobStore(s3.settings(PREFIX));
    const keys: string[] = [];
    for await (const entry of direct.list('files/')) keys.push(entry.key);
    direct.client.destroy();
    return keys;
  }
  /** The app's scratch files (DATA_DIR/tmp): the request's spooled upload goes once it is answered. */
  const scratchLeftOfApp = () => scratchLeft(t.dataDir);

  it('fails the upload with the Russian store message, keeps no row, object or scratch file, and recovers', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', store: 'ok', store_kind: 's3' } });
    const file = priceCsv(9 * 1024 * 1024);
    expect(file.length).toBeLessThan(10 * 1024 * 1024);
    const before = await counts();

    const cutting = proxy.cutAfter(3 * 1024 * 1024).then(() => 'cut');
    const res = await upload(file);
    expect(await Promise.race([cutting, new Promise((r) => setTimeout(() => r('never cut'), 2000))])).toBe('cut');
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({ error: 'store_unavailable', error_description: MSG.fileStoreUnavailable });
    expect(MSG.fileStoreUnavailable).toMatch(/^Хранилище файлов недоступно: /);
    expect(res.headers['retry-after']).toBe('30');
    expect(await counts()).toEqual(before);
    expect(await scratchLeftOfApp()).toEqual([]);

    expect(await health()).toEqual({ status: 503, body: { status: 'error', database: 'ok', store: 'unreachable', store_kind: 's3' } });
    await proxy.listen();
    expect(await health()).toEqual({ status: 200, body: { status: 'ok', database: 'ok', store: 'ok', store_kind: 's3' } });
    // Nothing half-written became an object. (Incomplete multipart uploads cannot be listed here: s3rver implements
    // neither ListMultipartUploads nor AbortMultipartUpload; a real store's lifecycle rule expires them.)
    expect(await objectsInBucket()).toEqual([]);

    // The store back, the same upload is taken and stored whole.
    const again = await upload(file);
    expect(again.json(), again.body).toMatchObject({ SUCCESS: 'Y', UPLOAD_ID: expect.any(Number) });
    expect(await counts()).toEqual({ files: before.files + 1, uploads: before.uploads + 1 });
    const stored = await objectsInBucket();
    expect(stored).toHaveLength(1);
    const direct = s3BlobStore(s3.settings(PREFIX));
    expect(await direct.size(stored[0])).toBe(file.length);
    direct.client.destroy();
  });
});
