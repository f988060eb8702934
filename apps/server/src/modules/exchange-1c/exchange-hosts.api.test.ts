import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Decimal from 'decimal.js';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { startS3Server, type TestS3Server } from '@/test/s3-server';
import { createTestApp, type TestApp } from '@/test/test-app';
import { TEST_CONFIG, tempDataDir } from '@/test/test-config';
import { priceListsOf } from '../clients/clients-test-fixtures';
import { exchange1cClient, setExchangeAccount, type Exchange1cClient } from './exchange-1c-client';
import { sessionFiles } from './exchange-files';
import { FIXTURE_EXCHANGES, FIXTURE_IDS, fixtureBytes } from './fixtures/offers-generator';

/*
 * Issue 42: the 1C exchange on two hosts. Two apps on different data directories share one database and one bucket
 * of a real S3-compatible server, behind a balancer taking 1C's calls in turn: the parts of each file land on A and
 * B alternately, and the import job is run by B alone. The session's files are in the store only (no host's data
 * directory holds them, no scratch is left), and the fixtures' prices and stock are applied as on one host.
 */

const LOGIN = 'hosts-1c@partner.demo';
const PASSWORD = 'hosts-secret-42';

let s3: TestS3Server;
/** Host A: the test app, its database the one both hosts share. */
let t: TestApp;
/** Host B: another app on the same database, its own data directory, the same bucket. */
let b: FastifyInstance;
let bDataDir: string;
let partnerId: number;
let wholesaleId: number;
let addresses = 0;
/** The host each mode=file call went to, by file name. */
const filesTakenBy = new Map<string, Set<'A' | 'B'>>();

/** 1C's calls spread over the two hosts in turn, as a round-robin balancer spreads them. */
function balancer(): FastifyInstance {
  let turn = 0;
  const inject = (req: InjectOptions) => {
    const host = turn++ % 2 === 0 ? 'A' : 'B';
    const url = new URL(String(req.url), 'http://host');
    if (url.searchParams.get('mode') === 'file') {
      const name = url.searchParams.get('filename')!;
      filesTakenBy.set(name, (filesTakenBy.get(name) ?? new Set()).add(host));
    }
    return (host === 'A' ? t.app : b).inject(req);
  };
  return { inject } as unknown as FastifyInstance;
}

const client = (partBytes: number) =>
  exchange1cClient({
    app: balancer(),
    login: LOGIN,
    password: PASSWORD,
    address: `10.44.0.${++addresses}`,
    partBytes,
    // Only B works the queue (neither app runs jobs by itself): every import is B's.
    betweenPolls: () => b.services.jobs.runUntilIdle(),
  });

const filesOf = (folder: keyof typeof FIXTURE_EXCHANGES) =>
  FIXTURE_EXCHANGES[folder].files.map((name) => ({ name, data: fixtureBytes(`${folder}/${name}`) }));

/** The wholesale list's price and the partner's remains of a catalogue code, by plain SQL (null: none). */
async function priceAndStock(code: string): Promise<{ price: string | null; stock: number | null }> {
  const db = t.database.db;
  const product = await db.selectFrom('catalog_products').select('id').where('up_code_1c', '=', code).executeTakeFirstOrThrow();
  const price = await sql<{ site_price: string }>`select site_price from price_list_products
    where partner_id = ${partnerId} and price_list_id = ${wholesaleId} and product_id = ${product.id}
      and (valid_until is null or valid_until > now())`.execute(db);
  const stock = await sql<{ quantity: number }>`select quantity from partner_product_remains
    where partner_id = ${partnerId} and product_id = ${product.id}`.execute(db);
  return {
    price: price.rows[0] ? new Decimal(price.rows[0].site_price).toFixed(2) : null,
    stock: stock.rows[0] ? Number(stock.rows[0].quantity) : null,
  };
}

/** The session's files as the store holds them: name → parts. */
async function storedFiles(c: Exchange1cClient) {
  const row = await t.database.db
    .selectFrom('exchange_1c_sessions')
    .select(['partner_id', 'id'])
    .where('token_hash', '=', createHash('sha256').update(c.cookie!.value).digest('hex'))
    .executeTakeFirstOrThrow();
  const files = await sessionFiles(t.app.services.blobs, Number(row.partner_id), Number(row.id));
  return Object.fromEntries([...files].map(([name, file]) => [name, file.parts.length]));
}

/** What a host's data directory holds of the exchange: its session folders and its scratch files. */
const onDisk = (dataDir: string) => ({
  exchange: fs.existsSync(path.join(dataDir, 'exchange-1c')),
  scratch: fs.existsSync(path.join(dataDir, 'tmp')) ? fs.readdirSync(path.join(dataDir, 'tmp')) : [],
});

beforeAll(async () => {
  s3 = await startS3Server();
  const store = s3.settings('two-hosts');
  t = await createTestApp({ s3: store });
  bDataDir = tempDataDir();
  b = await buildApp({ db: t.database.db, config: { ...TEST_CONFIG, dataDir: bDataDir, s3: store, runJobs: false } });
  await b.ready();
  const db = t.database.db;
  partnerId = (await db.selectFrom('users').select('partner_id').where('email', '=', 'owner@partner.demo').executeTakeFirstOrThrow()).partner_id!;
  await setExchangeAccount(db, partnerId, LOGIN, PASSWORD);
  wholesaleId = (await priceListsOf(db, partnerId)).find((l) => l.name === 'Оптовый прайс')!.id;
  await db
    .updateTable('exchange_1c_settings')
    .set({ price_map: JSON.stringify([{ typeId: FIXTURE_IDS.priceTypes.wholesale, typeName: 'Оптовая', priceListId: wholesaleId }]) })
    .where('partner_id', '=', partnerId)
    .execute();
  const codes = [...new Set(Object.values(FIXTURE_EXCHANGES).flatMap((e) => e.matchedCodes))];
  await db.updateTable('catalog_products').set({ active: true }).where('up_code_1c', 'in', codes).execute();
}, 180_000);

afterAll(async () => {
  await b?.close();
  await t?.close();
  await s3?.close();
  fs.rmSync(bDataDir, { recursive: true, force: true });
});

describe('the exchange on two hosts sharing one database and one S3 store', () => {
  it('CommerceML 2.07 in parts taken by A and B in turn, imported by B: prices and stock applied, the files in the store only', async () => {
    expect([t.app.services.blobs.kind, b.services.blobs.kind]).toEqual(['s3', 's3']);
    const before = await priceAndStock('100001');
    const c = client(1000);
    const imports = await c.catalogExchange(filesOf('cml-2.07'));
    expect(imports['import.xml']).toMatchObject({ result: 'success' });
    expect(imports['offers.xml']).toMatchObject({ result: 'success' });
    for (const name of ['import.xml', 'offers.xml']) expect([...filesTakenBy.get(name)!].sort(), name).toEqual(['A', 'B']);

    expect(before).not.toEqual({ price: '412.00', stock: 64 });
    expect(await priceAndStock('100001')).toEqual({ price: '412.00', stock: 64 });
    expect(await priceAndStock('100002')).toEqual({ price: '689.50', stock: 12 });
    expect(await priceAndStock('100004')).toEqual({ price: '14.20', stock: 1250 });
    const runs = await t.database.db
      .selectFrom('exchange_1c_runs')
      .select(['filename', 'status', 'files'])
      .where('partner_id', '=', partnerId)
      .where('filename', 'in', ['import.xml', 'offers.xml'])
      .orderBy('id')
      .execute();
    expect(runs).toEqual([
      { filename: 'import.xml', status: 'SUCCESS', files: [{ name: 'import.xml', bytes: fixtureBytes('cml-2.07/import.xml').length }] },
      { filename: 'offers.xml', status: 'SUCCESS', files: [{ name: 'offers.xml', bytes: fixtureBytes('cml-2.07/offers.xml').length }] },
    ]);

    // Each part its own object in the bucket; nothing of the exchange on either host's disk, no scratch left.
    expect(await storedFiles(c)).toEqual({
      'import.xml': Math.ceil(fixtureBytes('cml-2.07/import.xml').length / 1000),
      'offers.xml': Math.ceil(fixtureBytes('cml-2.07/offers.xml').length / 1000),
    });
    expect(onDisk(t.dataDir)).toEqual({ exchange: false, scratch: [] });
    expect(onDisk(bDataDir)).toEqual({ exchange: false, scratch: [] });

    // A new exchange of the session (init, on whichever host) empties it in the store.
    await c.init();
    expect(await storedFiles(c)).toEqual({});
  }, 120_000);

  it('a zip in parts taken by A and B in turn, unpacked by B at the import (windows-1251, CommerceML 2.05)', async () => {
    filesTakenBy.clear();
    const c = client(300);
    const imports = await c.catalogExchange(filesOf('cml-2.05-windows-1251'), { zipped: true });
    expect(imports['offers.xml']).toMatchObject({ result: 'success' });
    expect([...filesTakenBy.get('exchange.zip')!].sort()).toEqual(['A', 'B']);
    expect(await priceAndStock('100001')).toEqual({ price: '405.00', stock: 51 });
    expect(await priceAndStock('100004')).toEqual({ price: '14.05', stock: 1200 });
    expect(Object.keys(await storedFiles(c))).toEqual(['exchange.zip']);
    expect(onDisk(t.dataDir)).toEqual({ exchange: false, scratch: [] });
    expect(onDisk(bDataDir)).toEqual({ exchange: false, scratch: [] });
  }, 120_000);
});
