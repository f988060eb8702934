import Decimal from 'decimal.js';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import type { TestApp } from '@/test/test-app';
import { priceListsOf } from '../clients/clients-test-fixtures';
import { openOrdersTest, type OrdersKit } from '../orders/orders-test-kit';
import { declaredEncoding, readSaleDocument, validateSaleDocument } from './commerceml/sale-document-test-kit';
import { encodeText } from './commerceml/windows-1251';
import { exchange1cClient, setExchangeAccount } from './exchange-1c-client';

/*
 * Issue 41: 1C's exact sequence, end to end through HTTP, on both engines. The catalogue: checkauth → init →
 * import.xml and offers.xml in parts (then zipped) → import polled through its progress → success, the prices and
 * stock held to plain SQL. Sales: query (UTF-8 and windows-1251) → success → 1C's orders document back (file +
 * import) cancelling an order through its own action.
 */

const LOGIN = 'seq-1c@partner.demo';
const PASSWORD = 'seq-secret-41';
const PRICE_TYPE = { id: 'd6f0b2a1-8d2e-11ef-9b6a-00155d0a1f01', name: 'Оптовая' };

let t: TestApp;
let k: OrdersKit;
let wholesaleId: number;
let products: { id: number; code: string }[];
let addresses = 0;

const client = (extra: Partial<Parameters<typeof exchange1cClient>[0]> = {}) =>
  exchange1cClient({
    app: t.app,
    login: LOGIN,
    password: PASSWORD,
    address: `10.42.0.${++addresses}`,
    betweenPolls: () => t.app.services.jobs.runUntilIdle(),
    ...extra,
  });

const guid = (i: number) => `a3f1c2d4-8d2f-11ef-9b6a-${String(i).padStart(12, '0')}`;

/** import.xml as 1C writes it (CommerceML 2.07): the products, matched by Артикул = the catalogue's code, and one unknown. */
function importXml(): Buffer {
  const goods = products
    .map(
      (p, i) => `
      <Товар>
        <Ид>${guid(i)}</Ид>
        <Артикул>${p.code}</Артикул>
        <Наименование>Товар ${i} «из 1С»</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука" МеждународноеСокращение="PCE">шт</БазоваяЕдиница>
        <Группы><Ид>6b1d3e21-8d2e-11ef-9b6a-00155d0a1f01</Ид></Группы>
        <ЗначенияРеквизитов>
          <ЗначениеРеквизита><Наименование>ВидНоменклатуры</Наименование><Значение>Товар</Значение></ЗначениеРеквизита>
          <ЗначениеРеквизита><Наименование>Код</Наименование><Значение>${p.code}</Значение></ЗначениеРеквизита>
        </ЗначенияРеквизитов>
      </Товар>`,
    )
    .join('');
  const unknown = `
      <Товар><Ид>${guid(99)}</Ид><Артикул>НЕТ-В-КАТАЛОГЕ</Артикул><Наименование>Товар, которого нет</Наименование></Товар>`;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07" ДатаФормирования="2026-11-28T10:00:00">
  <Классификатор><Ид>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01</Ид><Наименование>Классификатор</Наименование>
    <Группы><Группа><Ид>6b1d3e21-8d2e-11ef-9b6a-00155d0a1f01</Ид><Наименование>Бытовая химия</Наименование></Группа></Группы>
  </Классификатор>
  <Каталог СодержитТолькоИзменения="false">
    <Ид>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01</Ид><ИдКлассификатора>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01</ИдКлассификатора>
    <Наименование>Основной каталог товаров</Наименование>
    <Товары>${goods}${unknown}
    </Товары>
  </Каталог>
</КоммерческаяИнформация>`);
}

/** offers.xml (2.07): a full package of «Оптовая» prices and quantities of the products, by their Ид. */
function offersXml(prices: string[], quantities: number[]): Buffer {
  const offers = products
    .map(
      (p, i) => `
      <Предложение>
        <Ид>${guid(i)}</Ид><Артикул>${p.code}</Артикул><Наименование>Товар ${i}</Наименование>
        <БазоваяЕдиница Код="796" НаименованиеПолное="Штука">шт</БазоваяЕдиница>
        <Цены><Цена>
          <Представление>${prices[i]} RUB за шт</Представление><ИдТипаЦены>${PRICE_TYPE.id}</ИдТипаЦены>
          <ЦенаЗаЕдиницу>${prices[i]}</ЦенаЗаЕдиницу><Валюта>RUB</Валюта><Единица>шт</Единица><Коэффициент>1</Коэффициент>
        </Цена></Цены>
        <Количество>${quantities[i]}</Количество>
      </Предложение>`,
    )
    .join('');
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<КоммерческаяИнформация xmlns="urn:1C.ru:commerceml_2" ВерсияСхемы="2.07" ДатаФормирования="2026-11-28T10:00:01">
  <ПакетПредложений СодержитТолькоИзменения="false">
    <Ид>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01#</Ид><Наименование>Пакет предложений</Наименование>
    <ИдКаталога>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01</ИдКаталога><ИдКлассификатора>4f3c9a70-8d2e-11ef-9b6a-00155d0a1f01</ИдКлассификатора>
    <ТипыЦен><ТипЦены><Ид>${PRICE_TYPE.id}</Ид><Наименование>${PRICE_TYPE.name}</Наименование><Валюта>RUB</Валюта></ТипЦены></ТипыЦен>
    <Предложения>${offers}
    </Предложения>
  </ПакетПредложений>
</КоммерческаяИнформация>`);
}

/** 1C's orders document back (2.08, windows-1251 as 1C 8.2 writes it): the order cancelled with its reason. */
function ordersBackXml(orderId: number, number: string, reason: string): Buffer {
  return encodeText(
    `<?xml version="1.0" encoding="windows-1251"?>
<КоммерческаяИнформация ВерсияСхемы="2.08" ДатаФормирования="2026-11-28T12:00:00">
  <Документ>
    <Ид>${orderId}</Ид><Номер>${number}</Номер><Дата>2026-11-28</Дата><ХозОперация>Заказ товара</ХозОперация><Роль>Продавец</Роль>
    <Валюта>руб</Валюта><Курс>1</Курс><Сумма>0</Сумма><Время>12:00:00</Время><Комментарий>${reason}</Комментарий>
    <ЗначенияРеквизитов>
      <ЗначениеРеквизита><Наименование>Проведен</Наименование><Значение>false</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Отменен</Наименование><Значение>true</Значение></ЗначениеРеквизита>
      <ЗначениеРеквизита><Наименование>Причина отмены</Наименование><Значение>${reason}</Значение></ЗначениеРеквизита>
    </ЗначенияРеквизитов>
  </Документ>
</КоммерческаяИнформация>`,
    'windows-1251',
  );
}

/** The list's prices and the partner's remains of the products, by plain SQL. */
async function pricesAndStock() {
  const ids = products.map((p) => p.id);
  const prices = await sql<{ product_id: string; site_price: string }>`select product_id, site_price from price_list_products
    where partner_id = ${k.main} and price_list_id = ${wholesaleId} and product_id = any(${ids}::bigint[])
      and (valid_until is null or valid_until > now())`.execute(k.db);
  const stock = await sql<{ product_id: string; quantity: number }>`select product_id, quantity from partner_product_remains
    where partner_id = ${k.main} and product_id = any(${ids}::bigint[])`.execute(k.db);
  const byProduct = (rows: { product_id: string }[], value: (r: never) => string | number) =>
    products.map((p) => {
      const row = rows.find((r) => Number(r.product_id) === p.id);
      return row ? value(row as never) : null;
    });
  return {
    prices: byProduct(prices.rows, (r: { site_price: string }) => new Decimal(r.site_price).toFixed(2)),
    stock: byProduct(stock.rows, (r: { quantity: number }) => Number(r.quantity)),
  };
}

const runOf = (filename: string) =>
  k.db
    .selectFrom('exchange_1c_runs')
    .selectAll()
    .where('partner_id', '=', k.main)
    .where('filename', '=', filename)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ t, k } = await openOrdersTest());
  await setExchangeAccount(k.db, k.main, LOGIN, PASSWORD);
  wholesaleId = (await priceListsOf(k.db, k.main)).find((l) => l.name === 'Оптовый прайс')!.id;
  await k.db
    .updateTable('exchange_1c_settings')
    .set({ price_map: JSON.stringify([{ typeId: PRICE_TYPE.id, typeName: PRICE_TYPE.name, priceListId: wholesaleId }]) })
    .where('partner_id', '=', k.main)
    .execute();
  products = (await k.db.selectFrom('catalog_products').select(['id', 'up_code_1c']).where('active', '=', true).orderBy('id').limit(3).execute()).map(
    (p) => ({ id: Number(p.id), code: String(p.up_code_1c).trim() }),
  );
  const made = new Set<number>();
  while ((await k.orderIds(k.main, 'NEW')).length < 3) made.add(await k.makeNewOrder(k.main, made));
}, 60_000);
afterAll(() => t?.close());

describe('the catalogue exchange', () => {
  it('checkauth → init → import.xml and offers.xml in parts → import polled → success; prices and stock applied', async () => {
    const c = client({ partBytes: 700 });
    expect((await c.checkauth()).lines[0]).toBe('success');
    expect((await c.init()).lines.slice(0, 2)).toEqual(['zip=yes', 'file_limit=8388608']);
    const files = { 'import.xml': importXml(), 'offers.xml': offersXml(['101.50', '0', '17.25'], [5, 0, 12]) };
    for (const [name, data] of Object.entries(files)) {
      const replies = await c.sendFile('catalog', name, data);
      expect(replies.length).toBeGreaterThan(2);
      expect(replies.every((r) => r.status === 200 && r.text === 'success')).toBe(true);
    }

    const catalog = await c.importFile('catalog', 'import.xml');
    expect(catalog).toMatchObject({ result: 'success' });
    expect(catalog.progress[0]).toBe(EXCHANGE_1C_MSG.importStarted);
    const catalogRun = await runOf('import.xml');
    expect(catalogRun).toMatchObject({ status: 'SUCCESS', products_matched: 3, unmatched_count: 1, progress: 100 });
    expect(catalogRun.files).toEqual([{ name: 'import.xml', bytes: files['import.xml'].length }]);
    expect(catalogRun.unmatched.map((u) => u.id)).toEqual([guid(99)]);
    const learnt = await k.db
      .selectFrom('exchange_1c_products')
      .select(['ext_id', 'product_id'])
      .where('partner_id', '=', k.main)
      .orderBy('ext_id')
      .execute();
    expect(learnt.map((r) => [r.ext_id, Number(r.product_id)])).toEqual(products.map((p, i) => [guid(i), p.id]));

    const offers = await c.importFile('catalog', 'offers.xml');
    expect(offers).toMatchObject({ result: 'success' });
    const offersRun = await runOf('offers.xml');
    expect(offersRun).toMatchObject({ status: 'SUCCESS', prices: 3, stock_rows: 3 });
    expect(offersRun.upload_ids.length).toBe(2);
    const uploads = await k.db.selectFrom('price_uploads').select(['source', 'status']).where('id', 'in', offersRun.upload_ids.map(Number)).execute();
    expect(uploads.every((u) => u.source === '1C' && u.status === 'APPLIED')).toBe(true);
    expect(await pricesAndStock()).toEqual({ prices: ['101.50', '0.00', '17.25'], stock: [5, 0, 12] });

    // Asked again (1C repeats a call whose answer it lost): the same run's answer, nothing applied twice.
    expect((await c.call('catalog', 'import', { filename: 'offers.xml' })).text).toBe('success');
    expect((await k.db.selectFrom('exchange_1c_runs').select('id').where('filename', '=', 'offers.xml').execute()).length).toBe(1);
    expect((await c.call('catalog', 'complete')).text).toBe('success');
  }, 120_000);

  it('the same exchange zipped, at 1C’s default address: the new prices replace the old', async () => {
    const c = client({ path: '/bitrix/admin/1c_exchange.php' });
    const imports = await c.catalogExchange(
      [
        { name: 'import.xml', data: importXml() },
        { name: 'offers.xml', data: offersXml(['99.00', '12.30', '18'], [1, 2, 3]) },
      ],
      { zipped: true },
    );
    expect(imports['import.xml'].result).toBe('success');
    expect(imports['offers.xml'].result).toBe('success');
    expect(await pricesAndStock()).toEqual({ prices: ['99.00', '12.30', '18.00'], stock: [1, 2, 3] });
  }, 120_000);

  it('an import cut by a restart: 1C polling reads progress meanwhile, the job runs again and applies once', async () => {
    const c = client();
    await c.checkauth();
    await c.init();
    await c.sendFile('catalog', 'offers.xml', offersXml(['55.00', '56.00', '57.00'], [7, 8, 9]));
    expect((await c.call('catalog', 'import', { filename: 'offers.xml' })).lines).toEqual(['progress', EXCHANGE_1C_MSG.importStarted]);
    // The worker took the job, wrote some progress and died with the process: the job is left RUNNING.
    const run = await runOf('offers.xml');
    await k.db
      .updateTable('jobs')
      .set({ status: 'RUNNING', locked_by: 'a-process-gone', locked_at: new Date(Date.now() - 3600_000), attempts: 1 })
      .where('id', '=', Number(run.job_id))
      .execute();
    await k.db.updateTable('exchange_1c_runs').set({ progress: 40, progress_text: 'Цены: 40 %' }).where('id', '=', run.id).execute();
    await t.app.services.jobs.runUntilIdle();
    expect((await c.call('catalog', 'import', { filename: 'offers.xml' })).lines).toEqual(['progress', 'Цены: 40 %']);
    // The next start takes the job again (jobs cut off by a stop are queued again: job-queue's requeueStale).
    await t.app.services.jobs.start();
    await t.app.services.jobs.stop();
    expect(await c.importFile('catalog', 'offers.xml')).toMatchObject({ result: 'success' });
    expect(await runOf('offers.xml')).toMatchObject({ status: 'SUCCESS', prices: 3, stock_rows: 3 });
    expect(await pricesAndStock()).toEqual({ prices: ['55.00', '56.00', '57.00'], stock: [7, 8, 9] });
    const job = await k.db.selectFrom('jobs').select(['status', 'attempts']).where('id', '=', Number(run.job_id)).executeTakeFirstOrThrow();
    expect(job.attempts).toBe(2);
  }, 120_000);

  it('a package no mapped price type names fails with the Russian reason', async () => {
    await k.db.updateTable('exchange_1c_settings').set({ price_map: '[]' }).where('partner_id', '=', k.main).execute();
    try {
      const c = client();
      const imports = await c.catalogExchange([{ name: 'offers.xml', data: offersXml(['1', '2', '3'], [1, 1, 1]) }]);
      expect(imports['offers.xml']).toMatchObject({ result: 'failure', reason: EXCHANGE_1C_MSG.noPriceMapping });
      expect(await pricesAndStock()).toEqual({ prices: ['55.00', '56.00', '57.00'], stock: [7, 8, 9] });
    } finally {
      await k.db
        .updateTable('exchange_1c_settings')
        .set({ price_map: JSON.stringify([{ typeId: PRICE_TYPE.id, typeName: PRICE_TYPE.name, priceListId: wholesaleId }]) })
        .where('partner_id', '=', k.main)
        .execute();
    }
  }, 120_000);
});

describe('the sale exchange', () => {
  /** The orders a query is to send, by plain SQL (the default statuses; nothing taken yet). */
  const expectedIds = async () =>
    (
      await sql<{ id: string }>`select id from orders where partner_id = ${k.main} and status in ('NEW', 'VIEWED', 'IN_BASKET')
        and routed_to_order_id is null order by created_at, id`.execute(k.db)
    ).rows.map((r) => Number(r.id));

  it('query (windows-1251, then UTF-8) → success → the next query is empty → 1C’s document back cancels an order', async () => {
    const expected = await expectedIds();
    expect(expected.length).toBeGreaterThanOrEqual(3);

    const cp1251 = await client({ charset: 'windows-1251' }).saleQuery();
    expect(cp1251.status).toBe(200);
    expect(cp1251.contentType).toBe('application/xml; charset=windows-1251');
    expect(declaredEncoding(cp1251.raw).toLowerCase()).toBe('windows-1251');
    expect(validateSaleDocument(cp1251.raw).valid).toBe(true);
    expect(readSaleDocument(cp1251.raw).documents.map((d) => Number(d.id))).toEqual(expected);

    const c = client();
    const query = await c.saleQuery();
    expect(query.contentType).toBe('application/xml; charset=utf-8');
    expect(validateSaleDocument(query.raw).valid).toBe(true);
    const documents = readSaleDocument(query.raw).documents;
    expect(documents.map((d) => Number(d.id))).toEqual(expected);
    expect((await c.saleSuccess()).text).toBe('success');
    const logged = await k.db
      .selectFrom('exchange_1c_runs')
      .select(['mode', 'orders_sent', 'status'])
      .where('partner_id', '=', k.main)
      .where('type', '=', 'sale')
      .orderBy('id')
      .execute();
    expect(logged.filter((r) => r.mode === 'query').map((r) => r.orders_sent)).toEqual([expected.length, expected.length]);

    expect(readSaleDocument((await client().saleQuery()).raw).documents).toEqual([]);

    const target = expected[0];
    const number = (await k.order(k.main, target)).order_number;
    const back = await c.sendOrders('orders-from-1c.xml', ordersBackXml(target, number, 'Нет в наличии у поставщика'));
    expect(back).toMatchObject({ result: 'success' });
    expect(await k.order(k.main, target)).toMatchObject({ status: 'CANCELED', cancel_comment: 'Нет в наличии у поставщика' });
    expect(await runOf('orders-from-1c.xml')).toMatchObject({ type: 'sale', status: 'SUCCESS', orders_updated: 1 });
  }, 120_000);
});
