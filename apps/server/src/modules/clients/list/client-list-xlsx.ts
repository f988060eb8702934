import Decimal from 'decimal.js';
import { CLIENT_COLUMN_TITLE as T, CLIENT_FIELD_TITLE as F, type ClientListItem } from '@b2b/contracts/clients';
import { dateText, dateTimeText } from '@/files/shop-time-zone';
import { writeXlsxTable } from '@/files/xlsx-table-writer';
import type { ClientView } from './client-row';

/** A money cell: the decimal text rounded half up to kopecks, made a number only here (issue 38.7: no float before the cell). */
const moneyCell = (value: string) => Number(new Decimal(value).toFixed(2, Decimal.ROUND_HALF_UP));

/** Dates are texts in the shop's time zone (issue 38 §8). */
type Dates = { day: (seconds: number | null | undefined) => string; time: (seconds: number | null | undefined) => string };

interface Column {
  header: string;
  width: number;
  value: (c: ClientListItem, d: Dates) => string | number | null;
  money?: boolean;
}

const COLUMNS: Column[] = [
  { header: F.ID, width: 8, value: (c) => c.ID },
  { header: T.NAME, width: 40, value: (c) => c.NAME },
  { header: F.INN, width: 14, value: (c) => c.INN },
  { header: T.REGISTRATION_DATE, width: 18, value: (c, d) => d.time(c.REGISTRATION_DATE) },
  { header: T.ORDERS_COUNT, width: 10, value: (c) => c.ORDERS_COUNT },
  { header: T.ORDERS_AVERAGE, width: 14, value: (c) => moneyCell(c.ORDERS_AVERAGE), money: true },
  { header: T.ORDERS_SUM, width: 16, value: (c) => moneyCell(c.ORDERS_SUM), money: true },
  { header: T.LAST_ORDER, width: 24, value: (c, d) => (c.LAST_ORDER ? `${c.LAST_ORDER.ORDER_NUMBER} от ${d.day(c.LAST_ORDER.CREATE_DATE)}` : '') },
  { header: F.LAST_ORDER_STATUS, width: 16, value: (c) => c.LAST_ORDER?.STATUS.STATUS_NAME ?? '' },
  { header: F.BLACKLIST, width: 10, value: (c) => (c.BLACKLIST === 'Y' ? 'Да' : 'Нет') },
];

const PRICE_TYPE_COLUMN: Column = {
  header: T.PRICE_TYPE,
  width: 28,
  value: (c) => [c.PRICE_TYPE?.NAME, c.COLUMN?.NAME].filter(Boolean).join(' / '),
};

const LOYALTY_COLUMNS: Column[] = [
  { header: T.STATUS, width: 14, value: (c) => c.STATUS ?? null },
  { header: T.BALANCE, width: 12, value: (c) => (c.BALANCE == null ? null : moneyCell(c.BALANCE)), money: true },
  { header: T.CARD_CODE, width: 14, value: (c) => c.CARD_CODE ?? null },
  { header: T.IS_AVAIL, width: 12, value: (c) => (c.IS_AVAIL === 'Y' ? 'Да' : 'Нет') },
  { header: T.ENABLED, width: 12, value: (c) => (c.ENABLED == null ? '' : c.ENABLED === 'Y' ? 'Да' : 'Нет') },
  { header: T.ENABLED_DATE, width: 16, value: (c, d) => d.day(c.ENABLED_DATE) },
];

/** Writes the client list as an .xlsx, fed page by page: a header row, then a row per client; dates in `zone`. */
export function writeClientListXlsx(
  file: string,
  sheetName: string,
  pages: AsyncIterable<ClientListItem[]>,
  view: ClientView,
  zone: string,
): Promise<void> {
  const dates: Dates = { day: (s) => dateText(s, zone), time: (s) => dateTimeText(s, zone) };
  // The columns the user may see, as the list shows them: the price type after the INN, loyalty at the end.
  const columns = [
    ...COLUMNS.slice(0, 3),
    ...(view.priceType ? [PRICE_TYPE_COLUMN] : []),
    ...COLUMNS.slice(3),
    ...(view.loyalty ? LOYALTY_COLUMNS : []),
  ];
  return writeXlsxTable(
    file,
    {
      name: sheetName,
      setup: (sheet) => {
        sheet.columns = columns.map((c) => ({ header: c.header, width: c.width, style: c.money ? { numFmt: '#,##0.00' } : {} }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
      },
      row: (client) => columns.map((c) => c.value(client, dates)),
    },
    pages,
  );
}
