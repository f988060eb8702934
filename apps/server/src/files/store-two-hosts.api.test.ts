import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { s3BlobStore } from '@/files/s3-blob-store';
import { startS3Server, type TestS3Server } from '@/test/s3-server';
import { buildServerMain, startServerMain, type ServerMain } from '@/test/server-main';
import { startTcpProxy, type TcpProxy } from '@/test/tcp-proxy';
import { copyPostgresTemplate, DEMO_PASSWORD, WEB_CLIENT } from '@/test/test-app';
import { multipart } from '@/test/multipart';

const postgres = process.env.TEST_DB_ENGINE === 'postgres';

/** A PNG of random colours (w × h, RGB): its compressed pixels (IDAT) go into a PDF as they are, so the PDF shows it. */
function noisePng(w: number, h: number): { png: Buffer; idat: Buffer } {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])), 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Array.from({ length: h }, () => Buffer.concat([Buffer.from([0]), randomBytes(w * 3)]));
  const idat = zlib.deflateSync(Buffer.concat(rows));
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return { png: Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]), idat };
}

/**
 * Issue 42: two server processes on different data directories, as two hosts would be, on one PostgreSQL and one
 * S3-compatible store (s3rver), behind one port (a round-robin TCP proxy: each connection to the next host). A file
 * uploaded through one host, an export made by whichever host took its job and the PDF that embeds the uploaded logo
 * are served by both; neither data directory holds a file.
 */
describe.skipIf(!postgres)(
  'two hosts behind one port share their files through the S3 store (PostgreSQL only: the embedded database is one process)',
  () => {
    let s3: TestS3Server;
    let hosts: ServerMain[] = [];
    let proxy: TcpProxy;
    let drop: () => Promise<void> = async () => {};
    let removeBuild = () => {};
    const dataDirs = ['a', 'b'].map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `b2b-host-${name}-`)));
    const PREFIX = 'hosts';
    let owner = '';
    let buyer = '';

    beforeAll(async () => {
      const source = inject('testDatabase');
      if (source.engine !== 'postgres') throw new Error('PostgreSQL only');
      const [database, server] = await Promise.all([copyPostgresTemplate(source.template), startS3Server()]);
      s3 = server;
      drop = database.drop;
      const built = buildServerMain();
      removeBuild = built.remove;
      const env = { DATABASE_URL: database.url, S3_URL: testUrlWithPrefix(s3.url, PREFIX), SERVER_PROCESSES: '1' };
      hosts = await Promise.all(dataDirs.map((DATA_DIR) => startServerMain({ ...env, DATA_DIR }, built.main)));
      proxy = await startTcpProxy(hosts.map((h) => h.port));
    }, 170_000);

    afterAll(async () => {
      for (const host of hosts) if (host.process.exitCode === null) host.process.kill('SIGKILL');
      await proxy?.close();
      await s3?.close();
      await drop();
      removeBuild();
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
    });

    /** One request through the proxy on a connection of its own: answers it and the host (0 or 1) that served it. */
    async function call(url: string, init: RequestInit & { token?: string } = {}) {
      const { token, ...rest } = init;
      const headers = { connection: 'close', ...(token ? { authorization: `Bearer ${token}` } : {}), ...(rest.headers as Record<string, string>) };
      const host = proxy.next;
      const res = await fetch(`http://127.0.0.1:${proxy.port}${url}`, { ...rest, headers });
      return { res, host, bytes: Buffer.from(await res.arrayBuffer()) };
    }
    /** The next request goes to `host`: another host's request is spent on /health. */
    async function toHost(host: number) {
      while (proxy.next !== host) await call('/health');
    }
    const signIn = async (fields: Record<string, string>) => {
      const { res, bytes } = await call('/v3/oauth/token/', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'password', password: DEMO_PASSWORD, ...WEB_CLIENT, ...fields }).toString(),
      });
      expect(res.status, bytes.toString()).toBe(200);
      return (JSON.parse(bytes.toString()) as { access_token: string }).access_token;
    };
    /** GET `url` once through each host: both answers, host 0's first. */
    async function fromEachHost(url: string, token: string) {
      const answers = [];
      for (const host of [0, 1]) {
        await toHost(host);
        answers.push(await call(url, { token }));
      }
      return answers;
    }

    const logo = noisePng(48, 32);
    let logoUrl = '';
    let logoHost = -1;

    it('serves through both hosts the logo uploaded through one, byte for byte', async () => {
      owner = await signIn({ username: 'owner@partner.demo' });
      const body = multipart([{ name: 'logo', filename: 'логотип.png', value: logo.png, type: 'image/png' }]);
      const saved = await call('/v3/api/partner/commercial_offer/', { method: 'POST', token: owner, headers: body.headers, body: body.payload });
      logoHost = saved.host;
      const answer = JSON.parse(saved.bytes.toString());
      expect(answer, saved.bytes.toString()).toMatchObject({ SUCCESS: 'Y', ITEM: { logo: { NAME: 'логотип.png', SIZE: logo.png.length } } });
      logoUrl = answer.ITEM.logo.URL;

      const answers = await fromEachHost(logoUrl, owner);
      expect(answers.map((a) => a.host)).toEqual([0, 1]);
      for (const a of answers) {
        expect(a.res.status).toBe(200);
        expect(a.res.headers.get('content-type')).toBe('image/png');
        expect(a.bytes.equals(logo.png)).toBe(true);
      }
    });

    it('runs an export on whichever host takes its job, and both hosts serve its file', async () => {
      const queued = await call('/v3/api/partner/orderlist/?sort=CLIENT&order=ASC&action=export', { token: owner });
      const jobId = (JSON.parse(queued.bytes.toString()) as { JOB_ID: number }).JOB_ID;
      expect(jobId).toEqual(expect.any(Number));
      let state: { STATUS: string; URL?: string; FILENAME?: string } = { STATUS: 'QUEUED' };
      const since = Date.now();
      while (state.STATUS !== 'DONE' && state.STATUS !== 'FAILED' && Date.now() - since < 60_000) {
        await new Promise((r) => setTimeout(r, 200));
        const polled = await call(`/v3/api/partner/job/${jobId}/`, { token: owner });
        state = JSON.parse(polled.bytes.toString());
      }
      expect(state).toMatchObject({ STATUS: 'DONE', FILENAME: expect.stringMatching(/^Заказы .+\.xlsx$/) });
      // Both hosts tell the same state of the job, whichever ran it.
      const states = await fromEachHost(`/v3/api/partner/job/${jobId}/`, owner);
      expect(states.map((x) => JSON.parse(x.bytes.toString()))).toEqual([state, state]);

      const [a, b] = await fromEachHost(state.URL!, owner);
      expect([a.res.status, b.res.status]).toEqual([200, 200]);
      expect(a.bytes.equals(b.bytes)).toBe(true);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(a.bytes as unknown as ArrayBuffer);
      expect(book.worksheets[0].rowCount).toBeGreaterThan(1);
    });

    it('makes the commercial offer PDF on the other host, with the logo uploaded through the first', async () => {
      buyer = await signIn({ username: 'buyer@client.demo', domain: 'kancler' });
      const catalog = JSON.parse((await call('/v3/api/catalog/product/?limit=12', { token: buyer })).bytes.toString());
      for (const p of (catalog.ITEMS as { ID: number; MULTIPLICITY: number }[]).slice(0, 2)) {
        const added = await call('/v3/api/client/basket/', {
          method: 'POST',
          token: buyer,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ product_id: String(p.ID), quantity: String(p.MULTIPLICITY) }).toString(),
        });
        expect(JSON.parse(added.bytes.toString())).toMatchObject({ SUCCESS: 'Y' });
      }
      await toHost(1 - logoHost);
      const offer = await call('/v3/api/client/basket/offer/', { token: buyer });
      expect(offer.host).not.toBe(logoHost);
      expect(offer.res.status).toBe(200);
      expect(offer.res.headers.get('content-type')).toBe('application/pdf');
      expect(offer.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The logo's pixels, as uploaded, inside the PDF.
      expect(offer.bytes.includes(logo.idat)).toBe(true);
    });

    it('keeps the bytes in the bucket only: neither data directory has a files folder', async () => {
      for (const dir of dataDirs) expect(fs.existsSync(path.join(dir, 'files')), dir).toBe(false);
      const bucket = s3BlobStore(s3.settings(PREFIX));
      const keys: string[] = [];
      for await (const entry of bucket.list('files/')) keys.push(entry.key);
      // The logo and the export, at least.
      expect(keys.length).toBeGreaterThanOrEqual(2);
      expect(
        keys.some((k) =>
          logoUrl.includes(
            k
              .split('/')
              .pop()!
              .replace(/\.\w+$/, ''),
          ),
        ),
      ).toBe(true);
      bucket.client.destroy();
    });
  },
);

/** S3_URL with the bucket's folder after the bucket (config.ts: https://KEY:SECRET@host/bucket/prefix). */
function testUrlWithPrefix(url: string, prefix: string): string {
  const u = new URL(url);
  u.pathname = `${u.pathname.replace(/\/$/, '')}/${prefix}`;
  return u.toString();
}
