import type ExcelJS from 'exceljs';
import { loadExcelJs } from '@/files/exceljs-lazy';
import { ORDER_EXPORT_FILE, ORDER_FIELD_LABEL as L, type OrderCard, type OrderListItem } from '@b2b/contracts/orders';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import { formatPhone } from '@b2b/contracts/phone-format';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { sheetDateCell } from '@/files/shop-time-zone';
import { excelNumber } from './order-money';

/* The .xlsx files of the order list and of one order: Russian headers, money as numbers shown with two decimals,
   dates as date cells in the shop's time zone, phones as «+7 (926) 118-27-45» however they were stored (issue 38 §8). Written with ExcelJS's streaming writer straight to the target file. */

const MONEY_FORMAT = '#,##0.00';
const DATE_TIME_FORMAT = 'dd.mm.yyyy hh:mm';

type CellFormat = 'money' | 'date' | undefined;

function styleRow(row: ExcelJS.Row, formats: readonly CellFormat[]) {
  formats.forEach((format, i) => {
    if (format === 'money') row.getCell(i + 1).numFmt = MONEY_FORMAT;
    if (format === 'date') row.getCell(i + 1).numFmt = DATE_TIME_FORMAT;
  });
}

function headerRow(sheet: ExcelJS.Worksheet, titles: readonly string[]) {
  const row = sheet.addRow([...titles]);
  row.font = { bold: true };
  row.commit();
}

const LIST_COLUMNS: { title: string; width: number; format?: CellFormat; value: (o: OrderListItem, zone: string) => ExcelJS.CellValue }[] = [
  { title: L.ORDER_NUMBER, width: 14, value: (o) => o.ORDER_NUMBER },
  { title: L.CREATE_DATE, width: 17, format: 'date', value: (o, zone) => sheetDateCell(o.CREATE_DATE, zone) },
  { title: L.STATUS, width: 13, value: (o) => o.STATUS.STATUS_NAME },
  { title: L.CLIENT, width: 36, value: (o) => o.CLIENT.NAME },
  { title: L.CONTACT_NAME, width: 24, value: (o) => o.CONTACTS.NAME },
  { title: L.CONTACT_PHONE, width: 19, value: (o) => formatPhone(o.CONTACTS.PHONE) },
  { title: L.CONTACT_MAIL, width: 26, value: (o) => o.CONTACTS.MAIL },
  { title: L.ADDRESS, width: 40, value: (o) => o.ADDRESS },
  { title: L.PAYMENT_TYPE, width: 20, value: (o) => o.PAYMENT_TYPE.NAME },
  { title: L.POSITION_COUNT, width: 9, value: (o) => o.POSITION_COUNT },
  { title: L.POSITION_SUM, width: 15, format: 'money', value: (o) => excelNumber(o.POSITION_SUM) },
  { title: L.CURRENCY, width: 8, value: (o) => o.CURRENCY },
  { title: L.CUR_POSITION_SUM, width: 15, format: 'money', value: (o) => excelNumber(o.CUR_POSITION_SUM) },
];

const LIST_FORMATS = LIST_COLUMNS.map((c) => c.format);

/** The order list, one row per order, fed page by page (the whole filtered list, not one screen page); dates in `zone`. */
export function writeOrderListXlsx(file: string, pages: AsyncIterable<OrderListItem[]>, zone: string): Promise<void> {
  return writeXlsxTable(
    file,
    {
      name: ORDER_EXPORT_FILE.listSheet,
      setup: (sheet) => {
        sheet.columns = LIST_COLUMNS.map((c) => ({ width: c.width }));
        headerRow(
          sheet,
          LIST_COLUMNS.map((c) => c.title),
        );
      },
      row: (order) => LIST_COLUMNS.map((c) => c.value(order, zone)),
      style: (row) => styleRow(row, LIST_FORMATS),
    },
    pages,
  );
}

const ITEM_COLUMNS: { title: string; width: number; format?: CellFormat }[] = [
  { title: L.UP_CODE_1C, width: 10 },
  { title: L.NAME, width: 50 },
  { title: L.QUANTITY, width: 12 },
  { title: L.BUYING_PRICE, width: 16, format: 'money' },
  { title: L.PRICE, width: 14, format: 'money' },
  { title: L.SUM, width: 15, format: 'money' },
  { title: L.MARGIN, width: 14, format: 'money' },
  { title: L.REMAIN, width: 10 },
  { title: L.TO_ORDER, width: 10 },
];

/** One order: a header block (number, date, status, client, contacts, address, payment, comments), then its items; dates in `zone`. */
export async function writeOrderXlsx(file: string, card: OrderCard, zone: string): Promise<void> {
  const { stream } = await loadExcelJs();
  const book = new stream.xlsx.WorkbookWriter({ filename: file, useStyles: true, useSharedStrings: false });
  const sheet = book.addWorksheet(ORDER_EXPORT_FILE.orderSheet);
  sheet.columns = ITEM_COLUMNS.map((c) => ({ width: c.width }));

  const header: [string, ExcelJS.CellValue, CellFormat?][] = [
    [L.ORDER_NUMBER, card.ORDER_NUMBER],
    [L.CREATE_DATE, sheetDateCell(card.CREATE_DATE, zone), 'date'],
    [L.STATUS, card.STATUS.STATUS_NAME],
    [L.CLIENT, card.CLIENT.NAME],
    [L.CONTACT_NAME, card.CONTACTS.NAME],
    [L.CONTACT_PHONE, formatPhone(card.CONTACTS.PHONE)],
    [L.CONTACT_MAIL, card.CONTACTS.MAIL],
    card.TRADEPOINT ? [L.TRADEPOINT, card.TRADEPOINT.ADDRESS.ADDRESS] : [L.ADDRESS, card.ADDRESS],
    [L.PAYMENT_TYPE, card.PAYMENT_TYPE.NAME],
    [L.CURRENCY, card.CURRENCY],
    [L.POSITION_SUM, excelNumber(card.POSITION_SUM), 'money'],
    // Another currency's buyer figure beside the roubles: Σ quantity × the shown price (issue 38.7).
    ...(card.CURRENCY !== 'RUB' ? [[L.CUR_POSITION_SUM, excelNumber(card.CUR_POSITION_SUM), 'money'] as [string, number, CellFormat]] : []),
    [L.DELIVERY_PRICE, excelNumber(card.DELIVERY_PRICE), 'money'],
    ...(card.DELIVERY_ZONE || card.DELIVERY_BY_AGREEMENT === 'Y'
      ? [
          [
            L.DELIVERY_ZONE,
            card.DELIVERY_BY_AGREEMENT === 'Y'
              ? [card.DELIVERY_ZONE?.NAME, `(${STOREFRONT_MSG.deliveryByAgreement})`].filter(Boolean).join(' ')
              : card.DELIVERY_ZONE!.NAME,
          ] as [string, string],
        ]
      : []),
    [L.COMMENT, card.COMMENT],
    [L.SHOP_COMMENT, card.SHOP_COMMENT],
    ...(card.CANCEL_COMMENT ? [[L.CANCEL_COMMENT, card.CANCEL_COMMENT] as [string, string]] : []),
  ];
  for (const [title, value, format] of header) {
    const row = sheet.addRow([title, value ?? '']);
    row.getCell(1).font = { bold: true };
    styleRow(row, [undefined, format]);
    row.commit();
  }
  sheet.addRow([]).commit();

  headerRow(
    sheet,
    ITEM_COLUMNS.map((c) => c.title),
  );
  const formats = ITEM_COLUMNS.map((c) => c.format);
  for (const item of card.PRODUCTS) {
    const row = sheet.addRow([
      item.UP_CODE_1C,
      item.NAME,
      item.QUANTITY,
      excelNumber(item.BUYING_PRICE),
      excelNumber(item.PRICE),
      excelNumber(item.SUM),
      excelNumber(item.MARGIN),
      item.REMAIN,
      item.TO_ORDER,
    ]);
    styleRow(row, formats);
    row.commit();
  }
  const total = sheet.addRow([
    L.TOTAL,
    '',
    card.PRODUCTS.reduce((n, i) => n + i.QUANTITY, 0),
    '',
    '',
    excelNumber(card.PRODUCTS_SUM),
    excelNumber(card.POSITION_MARGIN),
  ]);
  total.font = { bold: true };
  styleRow(total, formats);
  total.commit();
  sheet.commit();
  await book.commit();
}
