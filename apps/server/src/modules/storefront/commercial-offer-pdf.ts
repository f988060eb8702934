import { createRequire } from 'node:module';
import { PassThrough, type Readable } from 'node:stream';
import Decimal from 'decimal.js';
import PDFDocument from 'pdfkit';
import { CURRENCY_SIGN, rubles, type BasketLine } from '@b2b/contracts/storefront';
import type { CommercialOfferSettings } from '@b2b/contracts/shop-requisites';
import { formatPhone } from '@b2b/contracts/phone-format';
import { DEFAULT_TIME_ZONE, wallClockIn } from '@b2b/contracts/time-zones';
import { dateText } from '@/files/shop-time-zone';

/*
 * The commercial offer (КП) of a buyer's basket as a PDF (issue 13.6), from the partner's commercial-offer settings:
 * organisation and requisites, the logo 24 px high, the lines at the buyer's prices, the VAT, the validity in working
 * days and the seal (150 × 93). DejaVu Sans carries the Cyrillic text (the npm package: no system font is needed).
 */

const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const FONT_BOLD = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

/** 1 CSS px = 0.75 pt. */
const PX = 0.75;
const money = (v: Decimal.Value) => rubles(new Decimal(v).toFixed(2));

/** The day `days` working days (Monday to Friday, in the shop's zone) after `from`. */
export function afterWorkingDays(from: Date, days: number, zone: string = DEFAULT_TIME_ZONE): Date {
  const d = new Date(from.getTime());
  for (let left = days; left > 0;) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = wallClockIn(d, zone).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return d;
}

export interface OfferDocument {
  settings: CommercialOfferSettings;
  logo?: Buffer;
  stamp?: Buffer;
  client: string;
  /** The basket's lines; a gift (GIFT) is a line at 0 marked «Подарок». */
  lines: (Pick<BasketLine, 'UP_CODE_1C' | 'NAME' | 'QUANTITY' | 'PRICE' | 'SUM'> & { VAT_RATE: number; GIFT?: boolean })[];
  /** The basket's currency: every amount is in it, as the basket shows it. */
  currency: string;
  /** The shop's TAX_TYPE: «В том числе НДС» only for prices with VAT (WO_VAT prices are net). */
  taxType: string;
  /** The delivery the basket pays (a line when charged), its zone, or «по согласованию». */
  delivery: { price: string; zone: string | null; byAgreement: boolean } | null;
  /** The basket's goods and its total with the delivery (SUM and SUM + DELIVERY_PRICE of the basket). */
  sum: string;
  total: string;
  now?: Date;
  /** The shop's time zone its dates are printed in (issue 38 §8); Moscow by default. */
  timeZone?: string;
}

/**
 * Russia's standard VAT rate on a date, which delivery (a service) carries in a shop whose prices include VAT: 20 %
 * until 2025, 22 % from 1 January 2026 (Tax Code art. 164 p. 3, as amended in November 2025).
 */
export const standardVatRate = (on: Date): number => (on.getTime() >= Date.UTC(2025, 11, 31, 21) ? 22 : 20);

/**
 * «В том числе НДС …» for a shop whose prices include VAT (TAX_TYPE WITH_VAT) and whose offer settings show VAT: each
 * line's VAT at its product's rate, the delivery's at the standard rate of the document's day, summed exactly and rounded
 * once. «Без НДС» otherwise.
 */
export function vatText(o: Pick<OfferDocument, 'lines' | 'delivery' | 'taxType' | 'currency' | 'settings' | 'now'>): string {
  if (o.taxType !== 'WITH_VAT' || o.settings.vat === 'WO_VAT') return 'Без НДС';
  const part = (sum: Decimal.Value, rate: number) => new Decimal(sum).mul(rate).div(100 + rate);
  const goods = o.lines.reduce((sum, l) => sum.plus(part(l.SUM, l.VAT_RATE)), new Decimal(0));
  const vat = goods.plus(o.delivery && !o.delivery.byAgreement ? part(o.delivery.price, standardVatRate(o.now ?? new Date())) : 0);
  return `В том числе НДС: ${money(vat.toDecimalPlaces(2, Decimal.ROUND_HALF_UP))} ${CURRENCY_SIGN[o.currency] ?? o.currency}`;
}

export function commercialOfferPdf(o: OfferDocument): Readable {
  const sign = CURRENCY_SIGN[o.currency] ?? o.currency;
  const now = o.now ?? new Date();
  const zone = o.timeZone ?? DEFAULT_TIME_ZONE;
  const s = o.settings;
  const doc = new PDFDocument({ size: 'A4', margin: 40, info: { Title: `Коммерческое предложение ${s.orgName}`.trim(), Producer: 'B2B' } });
  doc.registerFont('regular', FONT);
  doc.registerFont('bold', FONT_BOLD);
  const out = new PassThrough();
  doc.pipe(out);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  if (o.logo) {
    try {
      doc.image(o.logo, left, 40, { height: 24 * PX });
      doc.moveDown(1.5);
    } catch {
      // A logo the PDF cannot embed is left out rather than failing the offer.
    }
  }
  doc
    .font('bold')
    .fontSize(12)
    .text(s.orgName || 'Поставщик', left, doc.y);
  const requisites = [
    [s.inn && `ИНН ${s.inn}`, s.kpp && `КПП ${s.kpp}`, s.ogrn && `ОГРН ${s.ogrn}`].filter(Boolean).join(', '),
    // The legal address often starts with its postcode already: printed once.
    [!s.legalAddress.includes(s.postcode) && s.postcode, s.legalAddress].filter(Boolean).join(', '),
    [s.phone && `Тел.: ${formatPhone(s.phone)}`, s.email && `E-mail: ${s.email}`, s.url].filter(Boolean).join(', '),
    [s.bank, s.checkingAccount && `р/с ${s.checkingAccount}`, s.corAccount && `к/с ${s.corAccount}`, s.bik && `БИК ${s.bik}`]
      .filter(Boolean)
      .join(', '),
  ].filter(Boolean);
  doc.font('regular').fontSize(8).text(requisites.join('\n'), { width });
  doc.moveDown(1.5);
  doc
    .font('bold')
    .fontSize(14)
    .text(`Коммерческое предложение от ${dateText(now, zone)}`, { align: 'center', width });
  doc.font('regular').fontSize(9).text(`Для: ${o.client}`, { align: 'center', width });
  doc.moveDown();

  const cols = [
    { title: '№', w: 22, align: 'left' as const },
    { title: 'Код', w: 48, align: 'left' as const },
    { title: 'Наименование', w: width - 22 - 48 - 50 - 70 - 80, align: 'left' as const },
    { title: 'Кол-во', w: 50, align: 'right' as const },
    { title: `Цена, ${sign}`, w: 70, align: 'right' as const },
    { title: `Сумма, ${sign}`, w: 80, align: 'right' as const },
  ];
  const row = (cells: string[], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(8);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: cols[i].w - 4 }))) + 4;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom - 120) doc.addPage();
    const y = doc.y;
    let x = left;
    cells.forEach((c, i) => {
      doc.text(c, x + 2, y + 2, { width: cols[i].w - 4, align: cols[i].align });
      x += cols[i].w;
    });
    doc
      .moveTo(left, y + height)
      .lineTo(left + width, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.x = left;
    doc.y = y + height;
  };
  row(
    cols.map((c) => c.title),
    'bold',
  );
  o.lines.forEach((l, i) =>
    row([String(i + 1), l.UP_CODE_1C, l.GIFT ? `Подарок: ${l.NAME}` : l.NAME, String(l.QUANTITY), money(l.PRICE), money(l.SUM)], 'regular'),
  );
  const d = o.delivery;
  if (d && (d.byAgreement || !new Decimal(d.price).isZero())) {
    const what = ['Доставка', d.zone && `(${d.zone})`].filter(Boolean).join(' ');
    const price = d.byAgreement ? 'по согласованию' : money(d.price);
    row([String(o.lines.length + 1), '', what, '1', price, price], 'regular');
  }

  doc.moveDown();
  doc
    .font('bold')
    .fontSize(10)
    .text(`Итого: ${money(o.total)} ${sign}`, left, doc.y, { width, align: 'right' });
  doc.font('regular').fontSize(9).text(vatText(o), { width, align: 'right' });
  if (s.isActualDays === 'Y' && s.actualDays) {
    doc.moveDown();
    doc.text(`Предложение действительно ${s.actualDays} раб. дн., до ${dateText(afterWorkingDays(now, s.actualDays, zone), zone)}.`, left, doc.y, {
      width,
    });
  }
  if (o.stamp) {
    try {
      doc.moveDown();
      doc.image(o.stamp, left, doc.y, { fit: [150 * PX, 93 * PX] });
    } catch {
      // As the logo: an image that cannot be embedded is left out.
    }
  }
  doc.end();
  return out;
}
