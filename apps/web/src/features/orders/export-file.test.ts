import { describe, expect, it } from 'vitest';
import { exportLink } from './export-file';

const origin = 'http://localhost:3201';

describe('exportLink', () => {
  it('downloads the URL under the FILENAME', () => {
    expect(exportLink({ FILENAME: 'orders-2026-11-22.xlsx', URL: '/v3/api/files/abc/?x=1' }, origin, 'f.xlsx')).toEqual({
      url: '/v3/api/files/abc/?x=1',
      filename: 'orders-2026-11-22.xlsx',
      sameOrigin: true,
    });
  });

  it('takes a FILENAME that is a path', () => {
    expect(exportLink({ FILENAME: '/upload/export/order-%D0%9A-1.xlsx' }, origin, 'f.xlsx')).toEqual({
      url: '/upload/export/order-%D0%9A-1.xlsx',
      filename: 'order-К-1.xlsx',
      sameOrigin: true,
    });
  });

  it('keeps a link to another site absolute', () => {
    expect(exportLink({ URL: 'https://files.example/x/report.xlsx' }, origin, 'f.xlsx')).toEqual({
      url: 'https://files.example/x/report.xlsx',
      filename: 'report.xlsx',
      sameOrigin: false,
    });
  });

  it('names nothing without a URL', () => {
    expect(exportLink({ FILENAME: 'orders.xlsx' }, origin, 'f.xlsx')).toBeNull();
    expect(exportLink({}, origin, 'f.xlsx')).toBeNull();
  });
});
