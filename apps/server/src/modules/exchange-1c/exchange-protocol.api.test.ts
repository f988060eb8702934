import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { EXCHANGE_1C_PROTOCOL_ROUTES } from '@b2b/contracts/routes/exchange-1c-protocol';
import { readAll } from '@/files/blob-store';
import { zipBombXlsx } from '@/files/spreadsheet-test-files';
import { createTestApp, type TestApp } from '@/test/test-app';
import { partnerIdOf } from '../clients/clients-test-fixtures';
import { exchange1cClient, setExchangeAccount, zipFiles, type Exchange1cClient } from './exchange-1c-client';
import { sessionFiles, sessionPrefix } from './exchange-files';
import { EXCHANGE_COOKIE } from './exchange-protocol.service';

/*
 * Issue 41, the protocol: every mode 1C calls and every refusal, each a `failure` line with its Russian reason and
 * HTTP 200 (never a 500), the server answering after all of them. The imports' own content is the sequence test's.
 */

const LOGIN = 'Proto-1C@partner.demo';
const PASSWORD = 'proto-secret-41';

let t: TestApp;
let partnerId: number;
let addresses = 0;
const nextAddress = () => `10.41.${++addresses >> 8}.${addresses & 255}`;

const client = (extra: Partial<Parameters<typeof exchange1cClient>[0]> = {}) =>
  exchange1cClient({
    app: t.app,
    login: LOGIN,
    password: PASSWORD,
    address: nextAddress(),
    betweenPolls: () => t.app.services.jobs.runUntilIdle(),
    ...extra,
  });

/** A client signed in and initialised (catalog). */
async function session(): Promise<Exchange1cClient> {
  const c = client();
  expect((await c.checkauth()).lines[0]).toBe('success');
  await c.init();
  return c;
}

const sessionRow = async (c: Exchange1cClient) =>
  t.database.db
    .selectFrom('exchange_1c_sessions')
    .selectAll()
    .where('token_hash', '=', createHash('sha256').update(c.cookie!.value).digest('hex'))
    .executeTakeFirstOrThrow();

/** The session's files as the store holds them (exchange-files.ts): name → parts in order. */
const filesOf = async (c: Exchange1cClient) => {
  const row = await sessionRow(c);
  return sessionFiles(t.app.services.blobs, Number(row.partner_id), Number(row.id));
};

/** A file of the session as stored: its parts joined in order (undefined: none stored). */
async function storedFile(c: Exchange1cClient, name: string): Promise<string | undefined> {
  const file = (await filesOf(c)).get(name);
  if (!file) return undefined;
  const pieces: Buffer[] = [];
  for (const part of file.parts) pieces.push(await readAll((await t.app.services.blobs.get(part.key))!.body));
  return Buffer.concat(pieces).toString('utf8');
}

/** Every object under the session's prefix. */
async function sessionKeys(c: Exchange1cClient): Promise<string[]> {
  const row = await sessionRow(c);
  const keys: string[] = [];
  for await (const entry of t.app.services.blobs.list(sessionPrefix(Number(row.partner_id), Number(row.id)))) keys.push(entry.key);
  return keys;
}

/** The scratch files (DATA_DIR/tmp) left on this host: none once a call or a job is done. */
const scratchLeft = () => (fs.existsSync(path.join(t.dataDir, 'tmp')) ? fs.readdirSync(path.join(t.dataDir, 'tmp')) : []);

const expectFailure = (reply: { status: number; lines: string[]; contentType: string }, reason: string) => {
  expect(reply.status).toBe(200);
  expect(reply.contentType).toBe('text/plain; charset=utf-8');
  expect(reply.lines).toEqual(['failure', reason]);
};

beforeAll(async () => {
  t = await createTestApp();
  partnerId = await partnerIdOf(t.database.db, 'owner@partner.demo');
  await setExchangeAccount(t.database.db, partnerId, LOGIN, PASSWORD);
}, 60_000);
afterAll(() => t?.close());

describe('checkauth', () => {
  it('answers success, the cookie and sessid, storing only the cookie’s hash', async () => {
    const c = client({ login: LOGIN.toLowerCase() });
    const reply = await c.checkauth();
    expect(reply.status).toBe(200);
    expect(reply.contentType).toBe('text/plain; charset=utf-8');
    expect(reply.lines).toHaveLength(5);
    const [word, name, value, sessid, timestamp] = reply.lines;
    expect([word, name]).toEqual(['success', EXCHANGE_COOKIE]);
    expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(sessid).toBe(`sessid=${value}`);
    expect(Math.abs(Number(timestamp.split('=')[1]) - Date.now() / 1000)).toBeLessThan(60);
    const row = await sessionRow(c);
    expect(Number(row.partner_id)).toBe(partnerId);
    expect(row.token_hash).not.toContain(value);
  });

  it('refuses no credentials, a wrong password and an unknown login with a failure line', async () => {
    expectFailure(await client().call('catalog', 'checkauth'), EXCHANGE_1C_MSG.noCredentials);
    expectFailure(await client().checkauth('catalog', 'wrong-password'), EXCHANGE_1C_MSG.wrongCredentials);
    expectFailure(await client({ login: 'nobody@1c.test' }).checkauth(), EXCHANGE_1C_MSG.wrongCredentials);
    const garbage = await client().call('catalog', 'checkauth', { headers: { authorization: 'Basic %%%' } });
    expectFailure(garbage, EXCHANGE_1C_MSG.noCredentials);
  });

  it('judges at most 10 of 30 parallel wrong passwords; the rest, and then the right one, are told to wait', async () => {
    const login = 'limited-1c@partner.demo';
    const second = (await t.database.db.selectFrom('users').select('partner_id').where('email', '=', 'owner@second.demo').executeTakeFirstOrThrow())
      .partner_id!;
    await setExchangeAccount(t.database.db, second, login, PASSWORD);
    const replies = await Promise.all(Array.from({ length: 30 }, () => client({ login }).checkauth('catalog', 'wrong-password')));
    const reasons = replies.map((r) => r.lines[1]);
    expect(replies.every((r) => r.status === 200 && r.lines[0] === 'failure')).toBe(true);
    const judged = reasons.filter((r) => r === EXCHANGE_1C_MSG.wrongCredentials).length;
    expect(judged).toBeLessThanOrEqual(10);
    expect(judged).toBeGreaterThan(0);
    expect(reasons.filter((r) => r === EXCHANGE_1C_MSG.tooManyAttempts).length).toBe(30 - judged);
    expectFailure(await client({ login }).checkauth(), EXCHANGE_1C_MSG.tooManyAttempts);
  }, 60_000);
});

describe('a call without a live session', () => {
  it('is refused for no cookie, an unknown one, and a session past sessionHours; sessid in the query is accepted', async () => {
    expectFailure(await client().call('catalog', 'init'), EXCHANGE_1C_MSG.noSession);
    const unknown = await client().call('catalog', 'init', { headers: { cookie: `${EXCHANGE_COOKIE}=${'0'.repeat(64)}` } });
    expectFailure(unknown, EXCHANGE_1C_MSG.noSession);

    const c = await session();
    const bySessid = await client().call('catalog', 'init', { query: { sessid: c.cookie!.value } });
    expect(bySessid.lines[0]).toBe('zip=yes');

    const row = await sessionRow(c);
    await t.database.db
      .updateTable('exchange_1c_sessions')
      .set({ last_seen_at: new Date(Date.now() - (EXCHANGE_1C_LIMITS.sessionHours + 1) * 3600_000) })
      .where('id', '=', row.id)
      .execute();
    expectFailure(await c.call('catalog', 'init'), EXCHANGE_1C_MSG.noSession);
  });
});

describe('init, modes and types', () => {
  it('answers zip, file_limit, sessid and version at init', async () => {
    const c = client();
    await c.checkauth();
    const reply = await c.init();
    expect(reply.lines).toEqual(['zip=yes', `file_limit=${EXCHANGE_1C_LIMITS.filePartBytes}`, `sessid=${c.cookie!.value}`, 'version=2.08']);
    expect(c.fileLimit).toBe(EXCHANGE_1C_LIMITS.filePartBytes);
  });

  it('refuses an unknown mode and an unknown type; deactivate and complete answer success', async () => {
    const c = await session();
    expectFailure(await c.call('catalog', 'explode'), EXCHANGE_1C_MSG.unknownMode);
    expectFailure(await c.call('catalog', 'query'), EXCHANGE_1C_MSG.unknownMode);
    expectFailure(await c.call('reference', 'init'), EXCHANGE_1C_MSG.unknownType);
    expectFailure(await c.call('', 'checkauth'), EXCHANGE_1C_MSG.unknownType);
    expect((await c.call('catalog', 'deactivate')).lines).toEqual(['success']);
    expect((await c.call('catalog', 'complete')).lines).toEqual(['success']);
  });

  it('serves the same at /bitrix/admin/1c_exchange.php, and answers in windows-1251 when asked', async () => {
    const bitrix = client({ path: '/bitrix/admin/1c_exchange.php', charset: 'windows-1251' });
    const reply = await bitrix.checkauth('catalog', 'wrong-password');
    expect(reply.contentType).toBe('text/plain; charset=windows-1251');
    expect(reply.raw.equals(Buffer.from(reply.text, 'utf8'))).toBe(false);
    expect(reply.lines).toEqual(['failure', EXCHANGE_1C_MSG.wrongCredentials]);
    const byQuery = await client().call('catalog', 'init', { query: { encoding: 'windows-1251' } });
    expect(byQuery.contentType).toBe('text/plain; charset=windows-1251');
    expect(byQuery.lines).toEqual(['failure', EXCHANGE_1C_MSG.noSession]);
  });

  it('is on the route table with its contract: public to the table, a raw body on POST', () => {
    for (const contract of Object.values(EXCHANGE_1C_PROTOCOL_ROUTES)) {
      const entry = t.app.routeTable.find((r) => r.url === contract.path && r.method === contract.method);
      expect(entry).toMatchObject({ access: 'public', body: contract.method === 'POST' });
      expect(entry!.contract).toBe(contract);
    }
  });
});

describe('mode=file', () => {
  it('appends the parts of a file in order, of any media type, counting the session’s bytes', async () => {
    const c = await session();
    const parts = ['<?xml version="1.0"?>', '<КоммерческаяИнформация>', '</КоммерческаяИнформация>'];
    for (const [i, part] of parts.entries()) {
      const reply = await c.call('catalog', 'file', {
        filename: 'import.xml',
        body: Buffer.from(part),
        headers: { 'content-type': i === 1 ? 'application/x-www-form-urlencoded' : 'text/xml' },
      });
      expect(reply.lines).toEqual(['success']);
    }
    // Each part an object of its own in the store, joined in the order they came.
    expect((await filesOf(c)).get('import.xml')!.parts).toHaveLength(3);
    expect(await storedFile(c, 'import.xml')).toBe(parts.join(''));
    expect(Number((await sessionRow(c)).bytes_received)).toBe(Buffer.byteLength(parts.join('')));
    expect(scratchLeft()).toEqual([]);
    // A new catalogue exchange (init) starts from an empty session.
    await c.init();
    expect(await sessionKeys(c)).toEqual([]);
    expect(Number((await sessionRow(c)).bytes_received)).toBe(0);
  });

  it('accepts a chunked part (no declared length)', async () => {
    const c = await session();
    const res = await t.app.inject({
      method: 'POST',
      url: '/exchange/1c?type=catalog&mode=file&filename=offers.xml',
      headers: { cookie: `${EXCHANGE_COOKIE}=${c.cookie!.value}` },
      payload: Readable.from([Buffer.from('<a>'), Buffer.from('</a>')]),
    });
    expect(res.body).toBe('success');
    expect(await storedFile(c, 'offers.xml')).toBe('<a></a>');
  });

  it('keeps files in subfolders and drops pictures and other files, answering success', async () => {
    const c = await session();
    expect((await c.call('catalog', 'file', { filename: 'import_files/ab/picture.jpg', body: Buffer.from('jpeg') })).lines).toEqual(['success']);
    expect((await c.call('catalog', 'file', { filename: 'sub/dir/prices0_1.xml', body: Buffer.from('<x/>') })).lines).toEqual(['success']);
    expect([...(await filesOf(c)).keys()]).toEqual(['sub/dir/prices0_1.xml']);
    expect(await storedFile(c, 'sub/dir/prices0_1.xml')).toBe('<x/>');
  });

  it('refuses a name with .., an absolute path, a backslash, an empty segment or over 255 characters, writing nothing', async () => {
    const c = await session();
    const before = fs.readdirSync(t.dataDir, { recursive: true }).length;
    for (const filename of [
      '../escape.xml',
      '../../../../tmp/escape.xml',
      '/etc/escape.xml',
      'a\\..\\b.xml',
      'a//b.xml',
      'a/./b.xml',
      `${'я'.repeat(252)}.xml`,
      'C:/x.xml',
    ]) {
      expectFailure(await c.call('catalog', 'file', { filename, body: Buffer.from('<x/>') }), EXCHANGE_1C_MSG.badFileName);
    }
    expectFailure(await c.call('catalog', 'file', { body: Buffer.from('<x/>') }), EXCHANGE_1C_MSG.badFileName);
    // A NUL is refused by the input guard of every route, before the exchange reads the name.
    const nul = await c.call('catalog', 'file', { filename: 'a\u0000.xml', body: Buffer.from('<x/>') });
    expect(nul.status).toBe(400);
    expect(fs.readdirSync(t.dataDir, { recursive: true }).length).toBe(before);
    expect(fs.existsSync(path.join(t.dataDir, '..', 'escape.xml'))).toBe(false);
  });

  it('refuses a part over file_limit without reading it, and closes the connection', async () => {
    const c = await session();
    const big = Buffer.alloc(EXCHANGE_1C_LIMITS.filePartBytes + 1, 0x41);
    const res = await t.app.inject({
      method: 'POST',
      url: '/exchange/1c?type=catalog&mode=file&filename=import.xml',
      headers: { cookie: `${EXCHANGE_COOKIE}=${c.cookie!.value}`, 'content-type': 'application/octet-stream' },
      payload: big,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(`failure\n${EXCHANGE_1C_MSG.filePartTooLarge}`);
    expect(res.headers.connection).toBe('close');
    // Chunked: refused once it passes the limit, the part cut off again.
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/exchange/1c?type=catalog&mode=file&filename=import.xml',
      headers: { cookie: `${EXCHANGE_COOKIE}=${c.cookie!.value}` },
      payload: Readable.from(
        (function* () {
          for (let i = 0; i < 9; i++) yield Buffer.alloc(1024 * 1024, 0x42);
        })(),
      ),
    });
    expect(chunked.body).toBe(`failure\n${EXCHANGE_1C_MSG.filePartTooLarge}`);
    expect(await sessionKeys(c)).toEqual([]);
    expect(Number((await sessionRow(c)).bytes_received)).toBe(0);
    expect(scratchLeft()).toEqual([]);
  });

  it('refuses a part that would take the session past sessionBytes, also when parts arrive at once', async () => {
    const c = await session();
    const row = await sessionRow(c);
    await t.database.db
      .updateTable('exchange_1c_sessions')
      .set({ bytes_received: EXCHANGE_1C_LIMITS.sessionBytes - 250 })
      .where('id', '=', row.id)
      .execute();
    const replies = await Promise.all(
      Array.from({ length: 5 }, (_, i) => c.call('catalog', 'file', { filename: `offers${i}.xml`, body: Buffer.alloc(100, 0x43) })),
    );
    const ok = replies.filter((r) => r.lines[0] === 'success').length;
    expect(ok).toBe(2);
    for (const r of replies.filter((r) => r.lines[0] !== 'success')) expectFailure(r, EXCHANGE_1C_MSG.sessionTooLarge);
    expect(Number((await sessionRow(c)).bytes_received)).toBe(EXCHANGE_1C_LIMITS.sessionBytes - 50);
    // The refused parts left no object and no scratch file.
    expect((await filesOf(c)).size).toBe(2);
    expect(scratchLeft()).toEqual([]);
  });
});

describe('mode=import refusals', () => {
  it('refuses the import of a file not received, and logs it', async () => {
    const c = await session();
    expectFailure(await c.call('catalog', 'import', { filename: 'import.xml' }), EXCHANGE_1C_MSG.fileNotFound);
    const row = await sessionRow(c);
    const run = await t.database.db.selectFrom('exchange_1c_runs').selectAll().where('session_id', '=', row.id).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'FAILURE', filename: 'import.xml', errors: [EXCHANGE_1C_MSG.fileNotFound] });
  });

  it('answers success for an XML it has nothing to do with (2.10’s groups, units)', async () => {
    const c = await session();
    await c.sendFile('catalog', 'groups___1.xml', Buffer.from('<x/>'));
    expect((await c.call('catalog', 'import', { filename: 'groups___1.xml' })).lines).toEqual(['success']);
  });

  const zipCases: [string, () => Buffer, string][] = [
    ['a zip bomb lying about its size', () => zipBombXlsx(1100, 'lying'), EXCHANGE_1C_MSG.zipTooLarge],
    ['a zip bomb declaring its size', () => zipBombXlsx(1100, 'honest'), EXCHANGE_1C_MSG.zipTooLarge],
    ['an encrypted zip', () => encrypted(zipFiles([{ name: 'import.xml', data: '<x/>' }])), EXCHANGE_1C_MSG.zipEncrypted],
    ['a broken zip', () => Buffer.from('PK\u0003\u0004 not a zip at all'), EXCHANGE_1C_MSG.zipBroken],
    ['a zip with ../ in an entry', () => zipFiles([{ name: '../import.xml', data: '<x/>' }]), EXCHANGE_1C_MSG.badFileName],
  ];
  for (const [what, zip, reason] of zipCases) {
    it(`refuses ${what} at the import, writing none of it`, async () => {
      const c = await session();
      const replies = await c.sendFile('catalog', 'exchange.zip', zip());
      expect(replies.every((r) => r.lines[0] === 'success')).toBe(true);
      expectFailure(await c.call('catalog', 'import', { filename: 'import.xml' }), reason);
      expect([...(await filesOf(c)).keys()]).toEqual(['exchange.zip']);
      expect(scratchLeft()).toEqual([]);
    }, 60_000);
  }

  it('unpacks a zip of parts in the import’s scratch folder: its XML read, the store keeping only what 1C sent', async () => {
    const c = client({ partBytes: 60 });
    await c.checkauth();
    await c.init();
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.07"><Каталог><Товары/></Каталог></КоммерческаяИнформация>';
    const zip = zipFiles([
      { name: 'import0_1.xml', data: xml },
      { name: 'import_files/ab/p.jpg', data: 'jpeg' },
    ]);
    expect((await c.sendFile('catalog', 'exchange.zip', zip)).length).toBeGreaterThan(2);
    expect((await filesOf(c)).get('exchange.zip')!.parts.length).toBeGreaterThan(2);
    // The import of an unknown kind unpacks nothing by itself; an import of a known file does, and reads it.
    expect(await c.importFile('catalog', 'import0_1.xml')).toMatchObject({ result: 'success' });
    const row = await sessionRow(c);
    const run = await t.database.db
      .selectFrom('exchange_1c_runs')
      .selectAll()
      .where('session_id', '=', row.id)
      .where('filename', '=', 'import0_1.xml')
      .executeTakeFirstOrThrow();
    expect(run).toMatchObject({ status: 'SUCCESS', files: [{ name: 'import0_1.xml', bytes: Buffer.byteLength(xml) }] });
    expect([...(await filesOf(c)).keys()]).toEqual(['exchange.zip']);
    expect(scratchLeft()).toEqual([]);
  });

  it('starts the import of 1C’s orders document once its root is closed, the closing tag cut across small parts', async () => {
    const c = client({ partBytes: 7 });
    expect((await c.checkauth('sale')).lines[0]).toBe('success');
    await c.init('sale');
    const doc = Buffer.from('<?xml version="1.0" encoding="UTF-8"?><КоммерческаяИнформация ВерсияСхемы="2.08"></КоммерческаяИнформация>');
    const row = await sessionRow(c);
    const runsOf = (filename: string) =>
      t.database.db.selectFrom('exchange_1c_runs').select('status').where('session_id', '=', row.id).where('filename', '=', filename).execute();
    // Not closed: no run. Closed, the last part a few bytes of the tag: its run started without mode=import.
    await c.sendFile('sale', 'open.xml', doc.subarray(0, doc.length - 5));
    expect(await runsOf('open.xml')).toEqual([]);
    expect((await c.sendFile('sale', 'orders.xml', doc)).every((r) => r.lines[0] === 'success')).toBe(true);
    expect((await filesOf(c)).get('orders.xml')!.parts.length).toBeGreaterThan(10);
    expect(await runsOf('orders.xml')).toHaveLength(1);
  });
});

describe('over a real connection', () => {
  /** A 1 GB part POSTed on a socket of its own (chunked, or announced by its length): the answer and what was sent. */
  function bigPart(base: string, cookie: string, chunked: boolean) {
    const GB = 1024 ** 3;
    return new Promise<{ text: string; sent: number; ms: number }>((resolve, reject) => {
      let sent = 0;
      let done = false;
      const started = performance.now();
      const req = http.request(`${base}/exchange/1c?type=catalog&mode=file&filename=import.xml`, {
        method: 'POST',
        agent: false,
        headers: { cookie: `${EXCHANGE_COOKIE}=${cookie}`, ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(GB) }) },
      });
      const piece = Buffer.alloc(64 * 1024, 0x41);
      const pump = () => {
        while (!done && sent < GB) {
          sent += piece.length;
          if (!req.write(piece)) return void req.once('drain', pump);
        }
      };
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          done = true;
          req.destroy();
          resolve({ text: Buffer.concat(chunks).toString(), sent, ms: performance.now() - started });
        });
      });
      req.on('error', (err) => {
        if (!done) reject(err);
      });
      pump();
    });
  }

  it('answers a 1 GB part with the failure line soon, without reading it, and serves the next call', async () => {
    const c = await session();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const chunked of [true, false]) {
      const result = await bigPart(base, c.cookie!.value, chunked);
      expect(result.text).toBe(`failure\n${EXCHANGE_1C_MSG.filePartTooLarge}`);
      expect(result.sent).toBeLessThan(256 * 1024 * 1024);
      expect(result.ms).toBeLessThan(10_000);
    }
    const next = await fetch(`${base}/exchange/1c?type=catalog&mode=init`, { headers: { cookie: `${EXCHANGE_COOKIE}=${c.cookie!.value}` } });
    expect((await next.text()).split('\n')[0]).toBe('zip=yes');
    expect(Number((await sessionRow(c)).bytes_received)).toBe(0);
  }, 60_000);
});

describe('after all of it', () => {
  it('the server still answers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await client().checkauth()).lines[0]).toBe('success');
  });
});

/** The zip with its entries flagged encrypted (general purpose bit 0), in the local headers and the directory. */
function encrypted(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  for (let p = 0; p + 4 <= out.length; p++) {
    const sig = out.readUInt32LE(p);
    if (sig === 0x04034b50) out.writeUInt16LE(out.readUInt16LE(p + 6) | 1, p + 6);
    if (sig === 0x02014b50) out.writeUInt16LE(out.readUInt16LE(p + 8) | 1, p + 8);
  }
  return out;
}
