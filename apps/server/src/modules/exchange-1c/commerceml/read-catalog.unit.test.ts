import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { FIXTURE_EXCHANGES, fixturePath } from '../fixtures/offers-generator';
import type { CatalogProductIn } from './commerceml-types';
import { readCatalog } from './read-catalog';
import { readOffers } from './read-offers';

async function products(input: AsyncIterable<Uint8Array>): Promise<CatalogProductIn[]> {
  const all: CatalogProductIn[] = [];
  for await (const product of readCatalog(input)) all.push(product);
  return all;
}

describe('readCatalog', () => {
  it('reads CommerceML 2.07 import.xml: Ид, Артикул, Код (element or requisite), Наименование, Штрихкод', async () => {
    const all = await products(createReadStream(fixturePath('cml-2.07/import.xml')));
    expect(all).toEqual([
      {
        id: 'a3f1c2d4-8d2f-11ef-9b6a-00155d0a1f01',
        article: '100001',
        code: null,
        name: 'Порошок стиральный автомат 3 кг',
        barcodes: ['4607001771234'],
      },
      { id: 'a3f1c2d5-8d2f-11ef-9b6a-00155d0a1f01', article: 'ГЛ-250', code: '100002', name: 'Гель для стирки 2,5 л', barcodes: [] },
      {
        id: 'a3f1c2d6-8d2f-11ef-9b6a-00155d0a1f01',
        article: null,
        code: '100003',
        name: 'Кондиционер для белья "Свежесть" 1 л',
        barcodes: ['4607001770008', '2000000000015'],
      },
      { id: 'a3f1c2d7-8d2f-11ef-9b6a-00155d0a1f01', article: '100004', code: null, name: 'Ручка шариковая синяя, 0,7 мм', barcodes: [] },
      { id: 'a3f1c2d8-8d2f-11ef-9b6a-00155d0a1f01', article: '100250', code: null, name: 'Тетрадь 48 листов, клетка', barcodes: [] },
      {
        id: 'a3f1c2d9-8d2f-11ef-9b6a-00155d0a1f01',
        article: 'АРТ-777',
        code: null,
        name: 'Скрепки канцелярские 28 мм, 100 шт',
        barcodes: [],
      },
      {
        id: 'a3f1c2da-8d2f-11ef-9b6a-00155d0a1f01',
        article: '999999',
        code: null,
        name: 'Степлер №24/6 на 20 листов',
        barcodes: ['4600000999990'],
      },
      { id: 'a3f1c2db-8d2f-11ef-9b6a-00155d0a1f01', article: null, code: null, name: 'Доставка по Москве', barcodes: [] },
    ]);
  });

  it('reads CommerceML 2.10 import0_1.xml (default namespace, Классификатор with price types and warehouses)', async () => {
    let classifier: unknown;
    const all: CatalogProductIn[] = [];
    for await (const product of readCatalog(createReadStream(fixturePath('cml-2.10/import0_1.xml')), {
      onClassifier: (c) => (classifier = c),
    })) {
      expect(classifier).toBeDefined();
      all.push(product);
    }
    expect(classifier).toEqual({
      priceTypes: [
        { id: 'd6f0b2a1-8d2e-11ef-9b6a-00155d0a1f01', name: 'Оптовая', currency: 'RUB' },
        { id: 'd6f0b2a2-8d2e-11ef-9b6a-00155d0a1f01', name: 'Розничная', currency: 'RUB' },
      ],
      warehouses: [
        { id: 'e8a4c3b1-8d2e-11ef-9b6a-00155d0a1f01', name: 'Основной склад' },
        { id: 'e8a4c3b2-8d2e-11ef-9b6a-00155d0a1f01', name: 'Склад Подольск' },
      ],
    });
    expect(all.map((p) => [p.article, p.code, p.barcodes])).toEqual([
      ['100001', null, ['4607001771234']],
      ['ГЛ-250', '100002', []],
      ['100004', null, []],
      ['100250', null, []],
      ['100120', null, ['4601234000127']],
      ['НБ-15', null, []],
    ]);
    expect(all[4]).toMatchObject({ id: 'c0de0001-8d30-11ef-9b6a-00155d0a1f01', name: 'Клей-карандаш 21 г' });
  });

  it('skips a Товар without Ид and reads nothing from a file without a catalogue', async () => {
    const doc =
      '<КоммерческаяИнформация><Каталог><Товары><Товар><Артикул>1</Артикул></Товар><Товар><Ид> x </Ид></Товар></Товары></Каталог></КоммерческаяИнформация>';
    expect(await products(Readable.from([Buffer.from(doc)]))).toEqual([{ id: 'x', article: null, code: null, name: null, barcodes: [] }]);
    expect(await products(createReadStream(fixturePath('cml-2.07/offers.xml')))).toEqual([]);
  });

  it('holds what FIXTURE_EXCHANGES says of the fixtures (the demo catalogue has codes 100001–100300)', async () => {
    const demoCode = (value: string | null) => value !== null && /^\d{6}$/.test(value) && Number(value) >= 100001 && Number(value) <= 100300;
    for (const [folder, exchange] of Object.entries(FIXTURE_EXCHANGES)) {
      if (!('products' in exchange)) continue;
      const all = await products(createReadStream(fixturePath(`${folder}/${exchange.files[0]}`)));
      expect(all).toHaveLength(exchange.products);
      const codes = all.flatMap((p) => [p.article, p.code].filter(demoCode));
      expect(codes.sort()).toEqual([...exchange.matchedCodes]);
      expect(all.filter((p) => !demoCode(p.article) && !demoCode(p.code)).map((p) => p.id)).toEqual([...exchange.unmatchedIds]);
      let offers = 0;
      for (const name of exchange.files.slice(1)) {
        const pkg = await readOffers(createReadStream(fixturePath(`${folder}/${name}`)));
        let count = 0;
        for await (const offer of pkg.offers) count += offer ? 1 : 0;
        offers = Math.max(offers, count);
      }
      expect(offers).toBe(exchange.offers);
    }
  });

  it('refuses a document that is not CommerceML', async () => {
    const feed = Buffer.from('<?xml version="1.0"?><yml_catalog><shop/></yml_catalog>');
    await expect(products(Readable.from([feed]))).rejects.toThrow(EXCHANGE_1C_MSG.xmlNotCommerceMl);
  });
});
