import { describe, expect, it } from 'vitest';
import { declaredEncoding, readSaleDocument, validateSaleDocument } from './sale-document-test-kit';
import { encodeText } from './windows-1251';
import { DELIVERY_LINE_ID, writeOrders, xmlText, type SaleOrderOut } from './write-orders';

const order = (over: Partial<SaleOrderOut> = {}): SaleOrderOut => ({
  id: 1042,
  number: 'З-001042',
  createdAt: new Date('2026-11-28T21:30:05Z'),
  currency: 'RUB',
  rate: '1',
  total: '1750.50',
  status: 'NEW',
  statusName: 'Новый',
  statusChangedAt: new Date('2026-11-28T21:30:05Z'),
  paymentTypeName: 'Безналичный расчет',
  paid: false,
  comment: 'Привезти до 10:00 & позвонить\u0001 <заранее> "Ромашка"',
  canceled: false,
  cancelReason: null,
  deliveryAddress: 'г. Владивосток, ул. Светланская, 1',
  client: {
    id: 77,
    name: 'ООО «Ромашка & Ко»',
    inn: '7707083893',
    kpp: '770701001',
    address: 'г. Москва, ул. Ленина, 1',
    contactName: 'Иван Петров 😀',
    phone: '+7 (926) 111-22-33',
    email: 'ivan@romashka.ru',
  },
  lines: [
    {
      id: 'a1b2c3d4-0000-1111-2222-333344445555',
      article: '100234',
      name: 'Ручка шариковая, синяя',
      quantity: 10,
      price: '12.3450',
      sum: '123.45',
      gift: false,
    },
    { id: '100777', article: '100777', name: 'Блокнот (подарок)', quantity: 1, price: '0.00', sum: '0.00', gift: true },
  ],
  delivery: { name: 'Доставка заказа (Центр)', price: '1627.05' },
  ...over,
});

const ZONE = 'Asia/Vladivostok';
const AT = new Date('2026-11-28T22:00:00Z');

describe('writeOrders', () => {
  it('writes a CommerceML 2.08 document xmllint finds valid against the sale subset', () => {
    const body = encodeText(
      writeOrders([order(), order({ id: 1043, number: 'З-001043', delivery: null, comment: null })], { timeZone: ZONE, at: AT, charset: 'utf-8' }),
      'utf-8',
    );
    const check = validateSaleDocument(body);
    expect(check.output).toContain('validates');
    expect(check.valid).toBe(true);
  });

  it('writes each order as 1C reads it: dates on the shop clock, the buyer, the lines, delivery as a service, the requisites', () => {
    const doc = readSaleDocument(encodeText(writeOrders([order()], { timeZone: ZONE, at: AT, charset: 'utf-8' }), 'utf-8'));
    expect(doc.root).toBe('КоммерческаяИнформация');
    // Vladivostok is UTC+10: 22:00 UTC is 08:00 the next day there.
    expect(doc.attributes).toEqual({ ВерсияСхемы: '2.08', ДатаФормирования: '2026-11-29T08:00:00' });
    const [d] = doc.documents;
    expect(d).toMatchObject({
      id: '1042',
      number: 'З-001042',
      date: '2026-11-29',
      time: '07:30:05',
      operation: 'Заказ товара',
      role: 'Продавец',
      currency: 'руб',
      rate: '1',
      total: '1750.50',
      // A control character XML cannot carry is dropped; the rest escaped and read back as written.
      comment: 'Привезти до 10:00 & позвонить <заранее> "Ромашка"',
      client: {
        id: '77',
        name: 'ООО «Ромашка & Ко»',
        fullName: 'ООО «Ромашка & Ко»',
        inn: '7707083893',
        role: 'Покупатель',
        address: 'г. Москва, ул. Ленина, 1',
        contacts: { Почта: 'ivan@romashka.ru', ТелефонРабочий: '+7 (926) 111-22-33' },
        person: 'Иван Петров 😀',
      },
      requisites: {
        'Метод оплаты': 'Безналичный расчет',
        'Заказ оплачен': 'false',
        Отменен: 'false',
        'Статус заказа': 'Новый',
        'Дата изменения статуса': '2026-11-29 07:30:05',
        'Адрес доставки': 'г. Владивосток, ул. Светланская, 1',
      },
    });
    expect(d.lines).toEqual([
      {
        id: 'a1b2c3d4-0000-1111-2222-333344445555',
        article: '100234',
        name: 'Ручка шариковая, синяя',
        unit: { text: 'шт', attributes: { Код: '796', НаименованиеПолное: 'Штука', МеждународноеСокращение: 'PCE' } },
        price: '12.3450',
        quantity: '10',
        sum: '123.45',
        requisites: { ВидНоменклатуры: 'Товар', ТипНоменклатуры: 'Товар' },
      },
      expect.objectContaining({ id: '100777', price: '0.00', sum: '0.00', quantity: '1' }),
      expect.objectContaining({
        id: DELIVERY_LINE_ID,
        article: null,
        name: 'Доставка заказа (Центр)',
        price: '1627.05',
        quantity: '1',
        sum: '1627.05',
        requisites: { ВидНоменклатуры: 'Услуга', ТипНоменклатуры: 'Услуга' },
      }),
    ]);
  });

  it('writes a canceled, paid order in another currency with its rate and reason', () => {
    const body = encodeText(
      writeOrders(
        [
          order({
            currency: 'USD',
            rate: '92.5',
            canceled: true,
            status: 'CANCELED',
            statusName: 'Отменен',
            cancelReason: 'Клиент передумал',
            paid: true,
          }),
        ],
        { timeZone: ZONE, at: AT, charset: 'utf-8' },
      ),
      'utf-8',
    );
    expect(validateSaleDocument(body).valid).toBe(true);
    const [d] = readSaleDocument(body).documents;
    expect(d).toMatchObject({ currency: 'USD', rate: '92.5' });
    expect(d.requisites).toMatchObject({
      Отменен: 'true',
      'Заказ оплачен': 'true',
      'Статус заказа': 'Отменен',
      'Причина отмены': 'Клиент передумал',
    });
  });

  it('leaves out what the order does not have', () => {
    const body = encodeText(
      writeOrders(
        [
          order({
            comment: '  ',
            deliveryAddress: null,
            client: { ...order().client, inn: null, kpp: null, address: null, contactName: null, phone: null, email: null },
          }),
        ],
        {
          timeZone: ZONE,
          at: AT,
          charset: 'utf-8',
        },
      ),
      'utf-8',
    );
    expect(validateSaleDocument(body).valid).toBe(true);
    const text = body.toString('utf8');
    for (const name of ['<Комментарий>', '<ИНН>', '<КПП>', '<АдресРегистрации>', '<Контакты>', '<Представители>', 'Адрес доставки', 'Причина отмены'])
      expect(text).not.toContain(name);
  });

  it('is held to the schema: a document missing an element, or with a negative sum, is refused by xmllint', () => {
    const text = writeOrders([order()], { timeZone: ZONE, at: AT, charset: 'utf-8' });
    expect(validateSaleDocument(Buffer.from(text.replace(/\t*<Курс>1<\/Курс>\n/, ''))).valid).toBe(false);
    expect(validateSaleDocument(Buffer.from(text.replace('<Сумма>1750.50</Сумма>', '<Сумма>-1750.50</Сумма>'))).valid).toBe(false);
  });

  it('writes an empty document when there is nothing to send', () => {
    const body = encodeText(writeOrders([], { timeZone: ZONE, at: AT, charset: 'utf-8' }), 'utf-8');
    expect(validateSaleDocument(body).valid).toBe(true);
    expect(readSaleDocument(body).documents).toEqual([]);
  });

  it('in windows-1251 declares it, stays valid, and reads back to the same records (a character it lacks as a reference)', () => {
    const orders = [order()];
    const utf8 = encodeText(writeOrders(orders, { timeZone: ZONE, at: AT, charset: 'utf-8' }), 'utf-8');
    const cp1251 = encodeText(writeOrders(orders, { timeZone: ZONE, at: AT, charset: 'windows-1251' }), 'windows-1251');
    expect(declaredEncoding(cp1251)).toBe('windows-1251');
    expect(cp1251.toString('latin1')).toContain('&#128512;');
    expect(cp1251.length).toBeLessThan(utf8.length);
    expect(validateSaleDocument(cp1251).valid).toBe(true);
    expect(readSaleDocument(cp1251)).toEqual(readSaleDocument(utf8));
  });

  it('escapes the five XML characters and drops what XML cannot carry', () => {
    expect(xmlText(`a&b<c>d"e'f\u0000\u001f\ufffe\ud800g\tx\ny`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;fg\tx\ny');
    expect(xmlText('😀')).toBe('😀');
  });
});
