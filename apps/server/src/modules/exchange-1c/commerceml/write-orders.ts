import { wallClockIn } from '@b2b/contracts/time-zones';
import type { OrderOut } from './commerceml-types';
import { charsetLabel, type ExchangeCharset } from './windows-1251';

/*
 * The sale query's answer (issue 41): the orders as a CommerceML 2.08 document, written as 1C-Bitrix writes it, so
 * that 1C:Enterprise's standard «Обмен с сайтом» (УТ, КА, ERP, УНФ) loads it as client orders. The subset written is
 * exactly what fixtures/commerceml-orders.xsd describes; the words below are 1C's vocabulary, not messages.
 */

/** An order as the sale query writes it: the shared record and what 1C also reads from a site's order. */
export interface SaleOrderOut extends OrderOut {
  /** Курс: roubles per unit of the order's currency (1 for a rouble order). */
  rate: string;
  /** When the order took its current status («Дата изменения статуса»). */
  statusChangedAt: Date;
  /** Where the order is delivered or picked up («Адрес доставки»). */
  deliveryAddress: string | null;
}

export interface WriteOrdersOptions {
  /** The shop's time zone: Дата, Время and every date are its wall clock. */
  timeZone: string;
  /** ДатаФормирования. */
  at: Date;
  /** The declaration's encoding: the caller encodes the text in it (windows-1251.ts). */
  charset: ExchangeCharset;
}

/** The product line 1C books a delivery charge as (a service, not goods). */
export const DELIVERY_LINE_ID = 'ORDER_DELIVERY';
const DELIVERY_LINE_NAME = 'Доставка заказа';

/** 1C's name of the rouble in site documents; another currency is written by its code. */
export const currencyIn1c = (currency: string) => (currency === 'RUB' ? 'руб' : currency);

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

// eslint-disable-next-line no-control-regex
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/** Text as XML character data: escaped, and without the characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/F). */
export const xmlText = (text: string) =>
  // Most texts need nothing: tested once (a 1,000-order document writes some 100,000 texts).
  !NEEDS_WORK.test(text)
    ? text
    : text
        // eslint-disable-next-line no-control-regex
        .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
        .replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** yyyy-mm-dd and HH:MM:SS of an instant on the zone's wall clock. */
function wall(at: Date, zone: string) {
  const iso = wallClockIn(at, zone).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 19) };
}

const INDENTS = Array.from({ length: 16 }, (_, depth) => '\t'.repeat(depth));

/** Constant parts of the document (a line's unit and kind) at their depth, written once per process. */
const constants = new Map<string, string>();

class Writer {
  private out = '';

  constructor(private depth = 0) {}

  line(text: string) {
    this.out += `${INDENTS[this.depth]}${text}\n`;
  }

  /** What `write` writes at this depth, the same every time: written once and kept. */
  constant(key: string, write: (w: Writer) => void) {
    const cacheKey = `${this.depth}\u0001${key}`;
    let text = constants.get(cacheKey);
    if (text === undefined) {
      const sub = new Writer(this.depth);
      write(sub);
      text = sub.text();
      constants.set(cacheKey, text);
    }
    this.out += text;
  }

  /** An element with text; nothing for null (1C treats a missing element and an empty one alike). */
  el(name: string, value: string | number | null | undefined, attrs = '') {
    if (value === null || value === undefined) return;
    this.line(`<${name}${attrs}>${xmlText(String(value))}</${name}>`);
  }

  open(name: string, attrs = '') {
    this.line(`<${name}${attrs}>`);
    this.depth++;
  }

  close(name: string) {
    this.depth--;
    this.line(`</${name}>`);
  }

  /** ЗначенияРеквизитов: name → value pairs (null values left out). */
  requisites(pairs: [string, string | null][]) {
    const present = pairs.filter((p): p is [string, string] => p[1] !== null);
    if (!present.length) return;
    this.open('ЗначенияРеквизитов');
    for (const [name, value] of present) {
      this.open('ЗначениеРеквизита');
      this.el('Наименование', name);
      this.el('Значение', value);
      this.close('ЗначениеРеквизита');
    }
    this.close('ЗначенияРеквизитов');
  }

  text() {
    return this.out;
  }
}

const attr = (name: string, value: string) => ` ${name}="${xmlText(value)}"`;

const nonEmpty = (text: string | null | undefined) => (text && text.trim() ? text.trim() : null);

function writeClient(w: Writer, o: SaleOrderOut) {
  const c = o.client;
  w.open('Контрагенты');
  w.open('Контрагент');
  w.el('Ид', String(c.id));
  w.el('Наименование', c.name);
  w.el('ПолноеНаименование', c.name);
  w.el('ИНН', nonEmpty(c.inn));
  w.el('КПП', nonEmpty(c.kpp));
  w.el('Роль', 'Покупатель');
  const address = nonEmpty(c.address);
  if (address) {
    w.open('АдресРегистрации');
    w.el('Представление', address);
    w.close('АдресРегистрации');
  }
  const contacts: [string, string][] = [];
  if (nonEmpty(c.email)) contacts.push(['Почта', c.email!.trim()]);
  if (nonEmpty(c.phone)) contacts.push(['ТелефонРабочий', c.phone!.trim()]);
  if (contacts.length) {
    w.open('Контакты');
    for (const [type, value] of contacts) {
      w.open('Контакт');
      w.el('Тип', type);
      w.el('Значение', value);
      w.close('Контакт');
    }
    w.close('Контакты');
  }
  const person = nonEmpty(c.contactName);
  if (person) {
    w.open('Представители');
    w.open('Представитель');
    w.open('Контрагент');
    w.el('Отношение', 'Контактное лицо');
    w.el('Ид', `${c.id}#${person}`);
    w.el('Наименование', person);
    w.close('Контрагент');
    w.close('Представитель');
    w.close('Представители');
  }
  w.close('Контрагент');
  w.close('Контрагенты');
}

const UNIT = `${attr('Код', '796')}${attr('НаименованиеПолное', 'Штука')}${attr('МеждународноеСокращение', 'PCE')}`;

function writeLine(
  w: Writer,
  line: { id: string; article: string | null; name: string; price: string; quantity: number; sum: string },
  kind: 'Товар' | 'Услуга',
) {
  w.open('Товар');
  w.el('Ид', line.id);
  w.el('Артикул', nonEmpty(line.article));
  w.el('Наименование', line.name);
  w.constant('unit', (u) => u.el('БазоваяЕдиница', 'шт', UNIT));
  w.el('ЦенаЗаЕдиницу', line.price);
  w.el('Количество', line.quantity);
  w.el('Сумма', line.sum);
  w.constant(kind, (r) =>
    r.requisites([
      ['ВидНоменклатуры', kind],
      ['ТипНоменклатуры', kind],
    ]),
  );
  w.close('Товар');
}

function writeDocument(w: Writer, o: SaleOrderOut, zone: string) {
  const placed = wall(o.createdAt, zone);
  const changed = wall(o.statusChangedAt, zone);
  w.open('Документ');
  w.el('Ид', String(o.id));
  w.el('Номер', o.number);
  w.el('Дата', placed.date);
  w.el('ХозОперация', 'Заказ товара');
  w.el('Роль', 'Продавец');
  w.el('Валюта', currencyIn1c(o.currency));
  w.el('Курс', o.rate);
  w.el('Сумма', o.total);
  writeClient(w, o);
  w.el('Время', placed.time);
  w.el('Комментарий', nonEmpty(o.comment));
  w.open('Товары');
  for (const line of o.lines) writeLine(w, line, 'Товар');
  if (o.delivery)
    writeLine(
      w,
      { id: DELIVERY_LINE_ID, article: null, name: o.delivery.name, price: o.delivery.price, quantity: 1, sum: o.delivery.price },
      'Услуга',
    );
  w.close('Товары');
  w.requisites([
    ['Метод оплаты', o.paymentTypeName],
    ['Заказ оплачен', String(o.paid)],
    ['Отменен', String(o.canceled)],
    ['Статус заказа', o.statusName],
    ['Дата изменения статуса', `${changed.date} ${changed.time}`],
    ['Причина отмены', o.canceled ? nonEmpty(o.cancelReason) : null],
    ['Адрес доставки', nonEmpty(o.deliveryAddress)],
  ]);
  w.close('Документ');
}

/** The delivery line's name: «Доставка заказа», with the delivery zone when the order names one. */
export const deliveryLineName = (zone: string | null) => (nonEmpty(zone) ? `${DELIVERY_LINE_NAME} (${zone!.trim()})` : DELIVERY_LINE_NAME);

/** The document as text, its declaration naming `charset`; encode it with encodeText(text, charset). */
export function writeOrders(orders: readonly SaleOrderOut[], opts: WriteOrdersOptions): string {
  const w = new Writer();
  const at = wall(opts.at, opts.timeZone);
  w.line(`<?xml version="1.0" encoding="${charsetLabel(opts.charset)}"?>`);
  w.open('КоммерческаяИнформация', `${attr('ВерсияСхемы', '2.08')}${attr('ДатаФормирования', `${at.date}T${at.time}`)}`);
  for (const o of orders) writeDocument(w, o, opts.timeZone);
  w.close('КоммерческаяИнформация');
  return w.text();
}
