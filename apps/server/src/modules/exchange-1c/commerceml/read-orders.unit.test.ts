import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { EXCHANGE_1C_MSG } from '@b2b/contracts/exchange-1c';
import { fixturePath } from '../fixtures/offers-generator';
import type { OrderDocumentIn } from './commerceml-types';
import { readOrderDocuments } from './read-orders';

async function documents(input: AsyncIterable<Uint8Array>): Promise<OrderDocumentIn[]> {
  const all: OrderDocumentIn[] = [];
  for await (const document of readOrderDocuments(input)) all.push(document);
  return all;
}

describe('readOrderDocuments', () => {
  it('reads 1C’s orders file of CommerceML 2.08: a Документ per order with its requisites', async () => {
    const all = await documents(createReadStream(fixturePath('orders/documents-2.08.xml')));
    expect(all.map((d) => [d.id, d.number, d.deleted])).toEqual([
      ['1', 'К-000001', false],
      ['2', 'К-000002', false],
      ['3', 'К-000003', false],
      ['6f4b1c2e-8d31-11ef-9b6a-00155d0a1f01', 'ТДР-000250', false],
    ]);
    expect(all[0].requisites).toEqual({
      'Номер по 1С': 'ТДР-000245',
      'Дата по 1С': '2026-11-27T14:05:40',
      ПометкаУдаления: 'false',
      Проведен: 'true',
      'Статус заказа': 'Принят',
      'Дата оплаты по 1С': '2026-11-28T09:12:00',
      'Номер оплаты по 1С': 'ТДР-000118',
    });
    expect(all[1].requisites['Статус заказа']).toBe('Отгружен');
    expect(all[2]).toMatchObject({
      comment: 'Клиент отказался от заказа',
      requisites: { Отменен: 'true', 'Причина отмены': 'Клиент отказался от заказа' },
    });
    expect(all[0].comment).toBeNull();
  });

  it('reads 2.10’s Контейнер: the order only (not the payment sent along), a deleted order marked', async () => {
    const all = await documents(createReadStream(fixturePath('orders/documents-2.10.xml')));
    expect(all.map((d) => [d.id, d.number, d.deleted])).toEqual([
      ['1', 'К-000001', false],
      ['4', 'К-000004', true],
    ]);
    expect(all[0].requisites['Номер отгрузки по 1С']).toBe('ТДР-000101');
  });

  it('reads ПометкаУдаления as an element too, and an empty orders file as none', async () => {
    const doc = `<КоммерческаяИнформация ВерсияСхемы="2.05"><Документ><Ид>7</Ид><ПометкаУдаления>true</ПометкаУдаления><ХозОперация>Заказ товара</ХозОперация></Документ></КоммерческаяИнформация>`;
    expect(await documents(Readable.from([Buffer.from(doc)]))).toEqual([{ id: '7', number: null, requisites: {}, comment: null, deleted: true }]);
    expect(await documents(Readable.from([Buffer.from('<КоммерческаяИнформация ВерсияСхемы="2.08"/>')]))).toEqual([]);
  });

  it('refuses what is not CommerceML', async () => {
    await expect(documents(Readable.from([Buffer.from('<orders><order/></orders>')]))).rejects.toThrow(EXCHANGE_1C_MSG.xmlNotCommerceMl);
  });
});
