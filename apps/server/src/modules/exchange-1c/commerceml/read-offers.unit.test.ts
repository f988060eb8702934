import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MSG, EXCHANGE_1C_XML_MSG } from '@b2b/contracts/exchange-1c';
import { hostileXml, hugeXmlStream } from '../fixtures/hostile-xml';
import { FIXTURE_IDS, fixtureBytes, fixturePath, generatedOffersStream } from '../fixtures/offers-generator';
import type { OfferIn } from './commerceml-types';
import { readOffers } from './read-offers';

const { wholesale, retail } = FIXTURE_IDS.priceTypes;
const { main, podolsk } = FIXTURE_IDS.warehouses;

async function readAll(input: AsyncIterable<Uint8Array>) {
  const { header, offers } = await readOffers(input);
  const all: OfferIn[] = [];
  for await (const offer of offers) all.push(offer);
  return { header, offers: all };
}

const file = (name: string) => createReadStream(fixturePath(name));

describe('readOffers', () => {
  it('reads CommerceML 2.07 offers.xml: the header first, then every offer with prices and stock as written', async () => {
    const { header, offers } = await readAll(file('cml-2.07/offers.xml'));
    expect(header).toEqual({
      changesOnly: false,
      schemaVersion: '2.07',
      priceTypes: [
        { id: wholesale, name: 'Оптовая', currency: 'RUB' },
        { id: retail, name: 'Розничная', currency: 'RUB' },
      ],
      warehouses: [
        { id: main, name: 'Основной склад' },
        { id: podolsk, name: 'Склад Подольск' },
      ],
    });
    expect(offers).toHaveLength(7);
    expect(offers[0]).toEqual({
      id: 'a3f1c2d4-8d2f-11ef-9b6a-00155d0a1f01',
      article: '100001',
      barcodes: ['4607001771234'],
      name: 'Порошок стиральный автомат 3 кг',
      prices: [
        { priceTypeId: wholesale, value: '412', currency: 'RUB' },
        { priceTypeId: retail, value: '529.9', currency: 'RUB' },
      ],
      quantity: '64',
      warehouses: [
        { warehouseId: main, quantity: '40' },
        { warehouseId: podolsk, quantity: '24' },
      ],
    });
    // 1C writes КоличествоНаСкладе="" for a warehouse without stock.
    expect(offers[2].warehouses).toEqual([
      { warehouseId: main, quantity: '0' },
      { warehouseId: podolsk, quantity: '0' },
    ]);
    expect(offers[4].id).toBe('a3f1c2d8-8d2f-11ef-9b6a-00155d0a1f01#b71e5d02-8d2f-11ef-9b6a-00155d0a1f01');
    expect(offers[6]).toMatchObject({ article: '999999', quantity: '7', warehouses: [] });
  });

  it('reads СодержитТолькоИзменения as the element of 2.03–2.07', async () => {
    const { header, offers } = await readAll(file('cml-2.07/offers-changes.xml'));
    expect(header.changesOnly).toBe(true);
    expect(offers.map((o) => [o.article, o.prices.map((p) => p.value), o.quantity])).toEqual([
      ['100001', ['398', '519'], '58'],
      ['100004', ['13.9'], '1190'],
    ]);
  });

  it('keeps wrong values as written for the applier to refuse row by row', async () => {
    const { offers } = await readAll(file('cml-2.07/offers-bad-rows.xml'));
    expect(offers.map((o) => [o.prices[0].value, o.quantity])).toEqual([
      ['договорная', '64'],
      ['-689.5', '12'],
      ['187,30', '-5'],
      ['14.2', 'много'],
      ['36', '300'],
    ]);
    expect(offers[2].warehouses).toEqual([
      { warehouseId: main, quantity: '-5' },
      { warehouseId: podolsk, quantity: '0' },
    ]);
  });

  it('reads the split files of CommerceML 2.10: names, then prices, then rests by warehouse', async () => {
    const names = await readAll(file('cml-2.10/offers0_1.xml'));
    expect(names.header).toEqual({ changesOnly: false, schemaVersion: '2.10', priceTypes: [], warehouses: [] });
    expect(names.offers).toHaveLength(6);
    expect(names.offers[0]).toEqual({
      id: 'a3f1c2d4-8d2f-11ef-9b6a-00155d0a1f01',
      article: '100001',
      barcodes: ['4607001771234'],
      name: 'Порошок стиральный автомат 3 кг',
      prices: [],
      quantity: null,
      warehouses: [],
    });

    const prices = await readAll(file('cml-2.10/prices0_1.xml'));
    expect(prices.header.priceTypes.map((t) => t.name)).toEqual(['Оптовая', 'Розничная']);
    expect(prices.offers.map((o) => o.prices.map((p) => `${p.priceTypeId === wholesale ? 'опт' : 'розн'} ${p.value}`))).toEqual([
      ['опт 412', 'розн 529.9'],
      ['опт 689.5', 'розн 849'],
      ['опт 14.2', 'розн 19.9'],
      ['опт 36'],
      ['опт 48.75', 'розн 64'],
      ['опт 152'],
    ]);
    expect(prices.offers.every((o) => o.quantity === null && o.warehouses.length === 0)).toBe(true);

    const rests = await readAll(file('cml-2.10/rests0_1.xml'));
    expect(rests.header.warehouses.map((w) => w.name)).toEqual(['Основной склад', 'Склад Подольск']);
    expect(rests.offers[0]).toMatchObject({
      prices: [],
      quantity: null,
      warehouses: [
        { warehouseId: main, quantity: '40' },
        { warehouseId: podolsk, quantity: '24' },
      ],
    });
  });

  it('reads a windows-1251 offers.xml (CommerceML 2.05, CRLF)', async () => {
    const { header, offers } = await readAll(file('cml-2.05-windows-1251/offers.xml'));
    expect(header).toMatchObject({ changesOnly: false, schemaVersion: '2.05', priceTypes: [{ id: wholesale, name: 'Оптовая', currency: 'руб' }] });
    expect(offers.map((o) => [o.name, o.prices[0].value, o.quantity])).toEqual([
      ['Порошок стиральный автомат 3 кг «Ёлочка»', '405', '51'],
      ['Ручка шариковая синяя, 0,7 мм, №5', '14.05', '1200'],
      ['Скрепки канцелярские 28 мм, 100 шт', '31.6', '85'],
    ]);
  });

  it('reads the same from any chunking of the file (1, 13 and 4,096 bytes)', async () => {
    for (const name of ['cml-2.05-windows-1251/offers.xml', 'cml-2.10/rests0_1.xml', 'cml-2.07/offers.xml']) {
      const whole = await readAll(file(name));
      const bytes = fixtureBytes(name);
      for (const size of [1, 13, 4096]) {
        const pieces = Readable.from(
          (function* () {
            for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
          })(),
        );
        expect(await readAll(pieces)).toEqual(whole);
      }
    }
  });

  it('reads a package of changes (ИзмененияПакетаПредложений), the attribute form, and 2.10 rests without warehouses', async () => {
    const doc = `<КоммерческаяИнформация ВерсияСхемы="2.04"><ИзмененияПакетаПредложений><Предложения>
      <Предложение><Ид>p1</Ид><Остатки><Остаток><Количество>765</Количество></Остаток></Остатки></Предложение>
      <Предложение><Ид></Ид></Предложение>
      </Предложения></ИзмененияПакетаПредложений></КоммерческаяИнформация>`;
    const changes = await readAll(Readable.from([Buffer.from(doc)]));
    expect(changes.header.changesOnly).toBe(true);
    expect(changes.offers).toEqual([{ id: 'p1', article: null, barcodes: [], name: null, prices: [], quantity: '765', warehouses: [] }]);
    const attribute = `<КоммерческаяИнформация><ПакетПредложений СодержитТолькоИзменения="true"><Склады><Склад Ид="w" Наименование="Склад"/></Склады></ПакетПредложений></КоммерческаяИнформация>`;
    expect(await readAll(Readable.from([Buffer.from(attribute)]))).toEqual({
      header: { changesOnly: true, schemaVersion: null, priceTypes: [], warehouses: [{ id: 'w', name: 'Склад' }] },
      offers: [],
    });
  });

  it('refuses a catalogue given as offers, and anything hostile, before a single offer', async () => {
    await expect(readOffers(file('cml-2.07/import.xml'))).rejects.toThrow(EXCHANGE_1C_XML_MSG.noOffersPackage);
    await expect(readOffers(Readable.from([hostileXml.externalEntity.bytes()]))).rejects.toThrow(EXCHANGE_1C_MSG.xmlDoctype);
    await expect(readOffers(Readable.from([hostileXml.notCommerceMl.bytes()]))).rejects.toThrow(EXCHANGE_1C_MSG.xmlNotCommerceMl);
    // A refusal past the header comes from the loop.
    const huge = hugeXmlStream('text');
    const { offers } = await readOffers(huge.stream);
    await expect(
      (async () => {
        for await (const offer of offers) void offer;
      })(),
    ).rejects.toThrow(EXCHANGE_1C_XML_MSG.xmlTextTooLong);
    expect(huge.produced()).toBeLessThan(4 * 1024 * 1024);
  });

  it('closes the input when the caller stops early', async () => {
    const stream = generatedOffersStream({ count: 50_000 });
    const { offers } = await readOffers(stream);
    let read = 0;
    for await (const offer of offers) {
      void offer;
      if (++read === 1000) break;
    }
    expect(stream.destroyed).toBe(true);
    const unread = generatedOffersStream({ count: 50_000 });
    const refused = await readOffers(unread);
    await refused.close();
    expect(unread.destroyed).toBe(true);
  });

  it('reads 100,000 offers from a file quickly (printed, not asserted)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'offers-'));
    const name = path.join(dir, 'offers.xml');
    try {
      await pipeline(generatedOffersStream({ count: 100_000 }), createWriteStream(name));
      const started = performance.now();
      const { header, offers } = await readOffers(createReadStream(name));
      let count = 0;
      let prices = 0;
      for await (const offer of offers) {
        count++;
        prices += offer.prices.length;
      }
      const ms = performance.now() - started;
      const mb = (await stat(name)).size / 1024 / 1024;
      console.log(`readOffers: 100,000 offers (${mb.toFixed(1)} MB) in ${ms.toFixed(0)} ms`);
      expect(header.priceTypes).toHaveLength(2);
      expect(count).toBe(100_000);
      expect(prices).toBe(200_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
