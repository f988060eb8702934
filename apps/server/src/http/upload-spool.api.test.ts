import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { readAll } from '@/files/blob-store';
import { FILE_HEADERS } from '@/modules/pricing/price-file-rows';
import { partnerIdOf, priceListsOf } from '@/modules/clients/clients-test-fixtures';
import { multipart } from '@/test/multipart';
import { scratchLeft, scratchNow } from '@/test/scratch-left';
import { bearer, createTestApp, type TestApp } from '@/test/test-app';

/*
 * Issue 42: an upload streams to a scratch file under DATA_DIR/tmp as it arrives, within its route's cap, and the
 * request removes its scratch files when it ends, however it ends. The server's memory does not hold the uploads.
 */

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

const PRICE_USER = 'price@partner.demo';

const scratchOf = (t: TestApp) => scratchNow(t.dataDir);
const leftovers = (t: TestApp, within?: number) => scratchLeft(t.dataDir, within);

/** A price file in csv of about `bytes` bytes: the header, then rows of real codes with long names. */
function priceCsv(codes: string[], bytes: number): Buffer {
  const lines = [FILE_HEADERS.PRICE.join(';')];
  let size = Buffer.byteLength(lines[0]) + 1;
  for (let i = 0; size < bytes - 200; i++) {
    const line = `${codes[i % codes.length]};Товар ${'для проверки '.repeat(5)}${i};;;${100 + (i % 50)};`;
    lines.push(line);
    size += Buffer.byteLength(line) + 1;
  }
  return Buffer.from(lines.join('\n') + '\n');
}

interface Sent {
  status: number;
  body: string;
}

/**
 * A multipart POST over a real connection, the file written in 64 KB slices of `file` as the socket takes them (no
 * copy of it is made here). With `abortAfter`, the client sends that many bytes of the file, awaits `beforeAbort` and
 * drops the connection.
 */
function postFile(
  base: string,
  url: string,
  token: string,
  file: { field: string; name: string; data: Buffer },
  options: { abortAfter?: number; beforeAbort?: () => Promise<void> } = {},
): Promise<Sent> {
  const boundary = '----b2b-spool';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${url}`, {
      method: 'POST',
      headers: {
        ...bearer(token),
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': head.length + file.data.length + tail.length,
      },
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', (err) => (options.abortAfter === undefined ? reject(err) : resolve({ status: 0, body: '' })));
    const write = (chunk: Buffer) => (req.write(chunk) ? Promise.resolve() : new Promise<void>((drained) => req.once('drain', drained)));
    void (async () => {
      await write(head);
      const end = options.abortAfter ?? file.data.length;
      for (let at = 0; at < end; at += 64 * 1024) await write(file.data.subarray(at, Math.min(end, at + 64 * 1024)));
      if (options.abortAfter !== undefined) {
        await options.beforeAbort?.();
        req.destroy();
        resolve({ status: 0, body: '' });
        return;
      }
      req.end(tail);
    })().catch(reject);
  });
}

async function listen(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

async function productCodes(t: TestApp): Promise<string[]> {
  const rows = await t.database.db.selectFrom('catalog_products').select('up_code_1c').where('active', '=', true).orderBy('id').limit(20).execute();
  return rows.map((r) => r.up_code_1c);
}

describe('uploads are spooled to scratch files', () => {
  let t: TestApp;
  let base: string;
  let priceToken: string;
  let ownerToken: string;
  let pricePath: string;
  let codes: string[];

  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    priceToken = await t.login(PRICE_USER);
    ownerToken = await t.login('owner@partner.demo');
    const pid = await partnerIdOf(t.database.db, PRICE_USER);
    const list = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!;
    pricePath = `/v3/api/partner/pricing/excel/pricelist/${list.id}/`;
    codes = await productCodes(t);
  }, 60_000);
  afterAll(() => t.close());

  const inject = (url: string, token: string, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...bearer(token) } });
  };

  it("refuses a file over its route's cap with the route's own message, and keeps no scratch file", async () => {
    const price = await inject(pricePath, priceToken, [
      { name: 'file', filename: 'prices.csv', value: Buffer.alloc(LIMITS.uploadMaxBytes + 1, 0x41) },
    ]);
    expect(price.json()).toEqual({ SUCCESS: 'N', errors: { error_upload_file: MSG.fileTooLarge } });
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(LIMITS.shopFileMaxBytes)]);
    const image = await inject('/v3/api/partner/shop/image/', ownerToken, [{ name: 'image', filename: 'big.png', value: png }]);
    expect(image.json()).toEqual({ SUCCESS: 'N', errors: { image: SHOP_MSG.shopFileTooLarge } });
    expect(await leftovers(t)).toEqual([]);
  });

  it('stores an accepted upload byte for byte, refuses a wrong one, and keeps no scratch file after either', async () => {
    const wrong = await inject(pricePath, priceToken, [{ name: 'file', filename: 'prices.csv', value: Buffer.from('%PDF-1.4 not a sheet\x00\x01') }]);
    expect(wrong.json()).toEqual({ SUCCESS: 'N', errors: { error_upload_file: MSG.fileFormatUnsupported } });
    expect(await leftovers(t)).toEqual([]);

    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(300_000, 7)]);
    const image = await inject('/v3/api/partner/shop/image/', ownerToken, [{ name: 'image', filename: 'picture.png', value: png }]);
    const id = image.json().FILE.ID as string;
    const pid = await partnerIdOf(t.database.db, 'owner@partner.demo');
    const stored = await t.app.services.files.open(pid, id);
    expect(stored?.row.size).toBe(png.length);
    expect((await readAll(stored!.stream())).equals(png)).toBe(true);

    const csv = priceCsv(codes.slice(0, 3), 2000);
    const price = await inject(pricePath, priceToken, [{ name: 'file', filename: 'prices.csv', value: csv }]);
    expect(price.json()).toMatchObject({ SUCCESS: 'Y', MESSAGE: PRICING_MSG.uploadQueued });
    expect(await leftovers(t)).toEqual([]);
    const upload = await t.database.db
      .selectFrom('price_uploads')
      .select('file_id')
      .where('id', '=', price.json().UPLOAD_ID as number)
      .executeTakeFirstOrThrow();
    const pricePid = await partnerIdOf(t.database.db, PRICE_USER);
    const file = await t.app.services.files.open(pricePid, String(upload.file_id));
    expect((await readAll(file!.stream())).equals(csv)).toBe(true);
  });

  it('removes the scratch file of a body the client drops halfway', async () => {
    const data = Buffer.alloc(4 * 1024 * 1024, 0x41);
    let seen: string[] = [];
    await postFile(
      base,
      pricePath,
      priceToken,
      { field: 'file', name: 'prices.csv', data },
      {
        abortAfter: 2 * 1024 * 1024,
        // The part is being written to its scratch file when the client goes.
        beforeAbort: async () => {
          const until = Date.now() + 3000;
          while (!(seen = scratchOf(t)).length && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
        },
      },
    );
    expect(seen).toHaveLength(1);
    expect(await leftovers(t)).toEqual([]);
  });

  // A body that ends inside a part makes busboy fail every open part's stream: unheard, that error ended the process
  // (the security suite's truncated bodies, 20 uncaught exceptions), for a named file part and a nameless one alike.
  it.each([
    ['a file part', 'filename="prices.csv"'],
    ['a part with an empty file name', 'filename=""'],
  ])('answers a body cut inside %s with 400, keeps no scratch file, and the process stays up', async (_what, disposition) => {
    const boundary = 'cut-body-boundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: text/csv\r\n\r\n`),
      Buffer.alloc(200_000, 0x41),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: pricePath,
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(priceToken) },
    });
    expect(res.statusCode).toBe(400);
    expect(await leftovers(t)).toEqual([]);
    const after = await t.app.inject({ method: 'GET', url: '/health' });
    expect(after.statusCode).toBe(200);
  });
});

describe('uploads and the server memory', () => {
  let t: TestApp;
  let base: string;
  const PARALLEL = 6;
  /** What stays reachable: after two full collections (the first one's array buffers may be swept later). */
  const retained = async () => {
    gc();
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, buffers: m.arrayBuffers };
  };
  let held: Awaited<ReturnType<typeof retained>> | undefined;

  beforeAll(async () => {
    // The local store: an S3 store's client buffers the parts it sends (lib-storage), which is not what is measured.
    t = await createTestApp({ s3: undefined }, (app) => {
      // The price uploads wait here, bodies read, until all of them are in: then the server holds them all at once.
      let arrived = 0;
      let release = () => {};
      const allIn = new Promise<void>((resolve) => (release = resolve));
      app.addHook('preHandler', async (request) => {
        if (!request.url.startsWith('/v3/api/partner/pricing/excel/')) return;
        if (++arrived === PARALLEL) {
          held = await retained();
          release();
        }
        await allIn;
      });
    });
    base = await listen(t);
  }, 60_000);
  afterAll(() => t.close());

  it('takes 6 parallel 10 MB price files without holding them in memory', async () => {
    const token = await t.login(PRICE_USER);
    const pid = await partnerIdOf(t.database.db, PRICE_USER);
    const list = (await priceListsOf(t.database.db, pid)).find((l) => l.name === 'Оптовый прайс')!;
    // One file in memory before the measure starts, sent six times.
    const csv = priceCsv(await productCodes(t), LIMITS.uploadMaxBytes - 1024);
    expect(csv.length).toBeLessThanOrEqual(LIMITS.uploadMaxBytes);

    const before = await retained();
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        postFile(base, `/v3/api/partner/pricing/excel/pricelist/${list.id}/`, token, { field: 'file', name: 'prices.csv', data: csv }),
      ),
    );
    const after = await retained();

    const replies = answers.map((a) => JSON.parse(a.body) as { SUCCESS: string; errors?: unknown });
    // One file of a target at a time: one is queued, the others are told the target is busy.
    expect(replies.filter((r) => r.SUCCESS === 'Y')).toHaveLength(1);
    for (const r of replies.filter((r) => r.SUCCESS === 'N'))
      expect(r).toEqual({ SUCCESS: 'N', errors: { error_upload_file: PRICING_MSG.uploadBusy } });
    const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
    const grown = {
      heldHeap: mb(held!.heap - before.heap),
      heldBuffers: mb(held!.buffers - before.buffers),
      afterHeap: mb(after.heap - before.heap),
    };
    console.log('upload-spool memory (MB):', grown);
    // 60 MB of files arrived; the server holds at most the parsers' and sockets' buffers of them.
    expect(grown.heldHeap).toBeLessThan(20);
    expect(grown.heldBuffers).toBeLessThan(20);
    expect(grown.afterHeap).toBeLessThan(20);
    expect(await leftovers(t)).toEqual([]);
  }, 120_000);
});
