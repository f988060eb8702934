import { GROUP_COLUMN_TITLE as T, type GroupListItem } from '@b2b/contracts/clients';
import { writeXlsxTable } from '@/files/xlsx-table-writer';

const day = new Intl.DateTimeFormat('ru-RU', { timeZone: 'Europe/Moscow', day: '2-digit', month: '2-digit', year: 'numeric' });

const COLUMNS: { header: string; width: number; value: (g: GroupListItem) => string | number }[] = [
  { header: T.ID, width: 8, value: (g) => g.ID },
  { header: T.NAME, width: 40, value: (g) => g.NAME },
  { header: T.DESCRIPTION, width: 50, value: (g) => g.DESCRIPTION ?? '' },
  { header: T.CREATE_DATE, width: 14, value: (g) => day.format(new Date(g.CREATE_DATE * 1000)) },
  { header: T.CLIENTS_COUNT, width: 12, value: (g) => g.CLIENTS_COUNT },
];

/** The group list as the screen shows it, fed page by page. */
export function writeGroupListXlsx(file: string, sheetName: string, pages: AsyncIterable<GroupListItem[]>): Promise<void> {
  return writeXlsxTable(
    file,
    {
      name: sheetName,
      setup: (sheet) => {
        sheet.columns = COLUMNS.map((c) => ({ header: c.header, width: c.width }));
        sheet.getRow(1).font = { bold: true };
        sheet.getRow(1).commit();
      },
      row: (group) => COLUMNS.map((c) => c.value(group)),
    },
    pages,
  );
}
