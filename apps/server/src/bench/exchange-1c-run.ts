import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { once } from 'node:events';
import { sql } from 'kysely';
import { openDatabase, type Db } from '../db/database';
import { createJobQueue, type JobContext } from '../jobs/job-queue';
import { applyOffers } from '../modules/exchange-1c/apply-offers';
import { readOffers } from '../modules/exchange-1c/commerceml/read-offers';
import { exchangeRunsRepo } from '../modules/exchange-1c/exchange-runs.repo';
import { exchangeSale } from '../modules/exchange-1c/exchange-sale';
import { fileStore } from '../files/file-store';
import { localBlobStore } from '../files/blob-store';
import { priceEngine } from '../modules/pricing/price-engine.service';
import { priceUploadFromRows } from '../modules/pricing/price-upload-from-rows.service';
import { registerPriceUploadJobs } from '../modules/pricing/price-upload-jobs';
import { priceUploadsRepo } from '../modules/pricing/price-uploads.repo';
import { IMPORT_ROWS, topUpCatalogue } from './import-run';
import type { EngineSetup } from './data-set';

/*
 * The 1C exchange of issue 41, in-process on the bench's database before the server takes it: an offers.xml of
 * 100,000 offers (a price of the partner's first price list and a quantity each, CommerceML 2.07 as 1C writes it)
 * read and applied as the import job does (targets: 15 s on PostgreSQL, 30 s on PGlite), then rolled back so that
 * the next run starts from the same prices and stock; and the sale query of 1,000 orders (target 2 s).
 */

const SALE_ORDERS = 1_000;
/** The embedded database's apply chunk, as serve.ts sets it. */
const EMBEDDED_APPLY_CHUNK = 2_000;
const PRICE_TYPE = { id: 'bench-opt-0000-0000-000000000001', name: 'Оптовая (бенчмарк)' };

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Writes the offers of the first `rows` active products to `file`, in parts, as 1C's exchange writes them. */
async function writeOffersXml(db: Db, file: string, rows: number): Promise<number> {
  const products = await db
    .selectFrom('catalog_products')
    .select(['up_code_1c', 'name'])
    .where('active', '=', true)
    .orderBy('id')
    .limit(rows)
    .execute();
  const out = fs.createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07" ДатаФормирования="2026-11-28T10:00:00">
  <ПакетПредложений СодержитТолькоИзменения="false">
    <Ид>bench-package#</Ид>
    <Наименование>Пакет предложений (Основной каталог товаров)</Наименование>
    <ИдКаталога>bench-catalog</ИдКаталога>
    <ИдКлассификатора>bench-classifier</ИдКлассификатора>
    <Владелец><Ид>bench-owner</Ид><Наименование>Бенчмарк</Наименование></Владелец>
    <ТипыЦен><ТипЦены><Ид>${PRICE_TYPE.id}</Ид><Наименование>${PRICE_TYPE.name}</Наименование><Валюта>руб</Валюта></ТипЦены></ТипыЦен>
    <Склады><Склад><Ид>bench-wh-1</Ид><Наименование>Основной склад</Наименование></Склад></Склады>
    <Предложения>
`);
  for (const [i, p] of products.entries()) {
    const price = `${100 + (i % 900)}.${String(i % 100).padStart(2, '0')}`;
    await write(`      <Предложение>
        <Ид>bench-${p.up_code_1c}</Ид>
        <Артикул>${p.up_code_1c}</Артикул>
        <Наименование>${xmlText(p.name)}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
        <Цены><Цена><Представление>${price} руб. за шт</Представление><ИдТипаЦены>${PRICE_TYPE.id}</ИдТипаЦены><ЦенаЗаЕдиницу>${price}</ЦенаЗаЕдиницу><Валюта>руб</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент></Цена></Цены>
        <Количество>${i % 250}</Количество>
        <Склад ИдСклада="bench-wh-1" КоличествоНаСкладе="${i % 250}"/>
      </Предложение>
`);
  }
  await write(`    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>
`);
  out.end();
  await once(out, 'finish');
  return products.length;
}

const jobContext = (partnerId: number): JobContext => ({
  id: 0,
  partnerId,
  attempt: 1,
  final: true,
  progress: async () => {},
  stopping: () => false,
});

/**
 * Measures the offers.xml apply and the sale query on the engine's data set (run it before the server starts: the
 * embedded database is one process's). Answers the figures for the report's extra lines.
 */
export async function benchExchange1c(setup: EngineSetup, dir: string, log: (m: string) => void): Promise<Record<string, number | string>> {
  const database = await openDatabase({ databaseUrl: setup.databaseUrl, dataDir: setup.dataDir });
  const db = database.db;
  try {
    const added = await topUpCatalogue(db, IMPORT_ROWS);
    if (added) log(`exchange 1C: the catalogue was topped up with ${added} products`);
    const list = await db
      .selectFrom('price_lists as l')
      .innerJoin('users as u', (j) => j.onRef('u.partner_id', '=', 'l.partner_id').on('u.email', '=', 'owner@partner.demo'))
      .select(['l.id', 'l.partner_id'])
      .where('l.kind', '=', 'PRICELIST')
      .where('l.is_base', '=', false)
      .where('l.deleted_at', 'is', null)
      .orderBy('l.id')
      .executeTakeFirstOrThrow();
    const partnerId = Number(list.partner_id);
    const mapping = JSON.stringify([{ typeId: PRICE_TYPE.id, typeName: PRICE_TYPE.name, priceListId: Number(list.id) }]);
    await sql`insert into exchange_1c_settings (partner_id, price_map) values (${partnerId}, ${mapping}::jsonb)
      on conflict (partner_id) do update set price_map = excluded.price_map`.execute(db);

    fs.mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'offers-100k.xml');
    const offers = await writeOffersXml(db, file, IMPORT_ROWS);
    const bytes = fs.statSync(file).size;

    const runs = exchangeRunsRepo(db);
    const session = await db
      .insertInto('exchange_1c_sessions')
      .values({ partner_id: partnerId, token_hash: randomBytes(32).toString('hex') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const run = await runs.createImport(partnerId, Number(session.id), 'catalog', 'offers.xml', [{ name: 'offers.xml', bytes }]);
    const runId = Number(run!.id);
    const engine = priceEngine(db);
    const applyChunk = setup.engine === 'pglite' ? EMBEDDED_APPLY_CHUNK : undefined;
    const uploads = priceUploadFromRows(db, { engine, applyChunk });

    log(`exchange 1C: offers.xml of ${offers} offers (${(bytes / 1048576).toFixed(1)} MB); applying`);
    const started = performance.now();
    const pkg = await readOffers(fs.createReadStream(file));
    const result = await applyOffers(
      db,
      { uploads, ctx: jobContext(partnerId) },
      { partnerId, runId, header: pkg.header, offers: pkg.offers, report: runs.report(partnerId, runId), fileName: 'offers.xml' },
    );
    const applySeconds = (performance.now() - started) / 1000;
    await runs.succeed(partnerId, runId, 'bench');

    // The next run starts from the same prices and stock: the uploads are rolled back as «Откатить» does it.
    const rollbackStarted = performance.now();
    const jobs = createJobQueue(db);
    registerPriceUploadJobs(db, { jobs, files: fileStore(db, localBlobStore(path.join(dir, 'files')), path.join(dir, 'files')), engine, applyChunk });
    for (const uploadId of [...result.uploads].reverse()) {
      await priceUploadsRepo(db).update(partnerId, uploadId, { price_status: 'ROLLING_BACK', progress: 0, errors: '[]' });
      await jobs.enqueue(db, 'pricing.rollback', { partnerId, uploadId }, { partnerId, maxAttempts: 1 });
    }
    await jobs.runUntilIdle();
    const rollbackSeconds = (performance.now() - rollbackStarted) / 1000;

    // The sale query: the 1,000 oldest orders of the statuses sent; not confirmed (success), so each run sends them.
    const sale = exchangeSale(db, { ordersPerQuery: SALE_ORDERS });
    await sale.saleQuery(partnerId, Number(session.id), 'utf-8');
    const saleStarted = performance.now();
    const answer = await sale.saleQuery(partnerId, Number(session.id), 'windows-1251');
    const saleSeconds = (performance.now() - saleStarted) / 1000;

    const figures = {
      'exchange 1C offers': result.offers,
      'exchange 1C offers.xml MB': Number((bytes / 1048576).toFixed(1)),
      'exchange 1C offers read + applied s': Number(applySeconds.toFixed(2)),
      'exchange 1C offers/s': Math.round(result.offers / applySeconds),
      'exchange 1C prices applied': result.prices,
      'exchange 1C stock rows applied': result.stock,
      'exchange 1C rollback of its uploads s': Number(rollbackSeconds.toFixed(2)),
      'exchange 1C sale query orders': answer.orders,
      'exchange 1C sale query s': Number(saleSeconds.toFixed(2)),
      'exchange 1C sale query KB': Math.round(answer.body.length / 1024),
    };
    log(`exchange 1C: ${JSON.stringify(figures)}`);
    return figures;
  } finally {
    await database.close();
  }
}
