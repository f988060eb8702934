import { describe, expect, it } from 'vitest';
import { exportLink } from '@/api/export-file';

const origin = 'http://localhost:3201';

describe('exportLink', () => {
  it('downloads the URL under the FILENAME', () => {
    expect(exportLink({ FILENAME: 'orders-2026-11-22.xlsx', URL: '/v3/api/files/abc/?x=1' }, origin, 'f.xlsx')).toEqual({
      url: '/v3/api/files/abc/?x=1',
      filename: 'orders-2026-11-22.xlsx',
      sameOrigin: true,
    });
  });

  it('keeps a link to another site absolute', () => {
    expect(exportLink({ FILENAME: '', URL: 'https://files.example/x/report.xlsx' }, origin, 'f.xlsx')).toEqual({
      url: 'https://files.example/x/report.xlsx',
      filename: 'report.xlsx',
      sameOrigin: false,
    });
  });

  it('names nothing for a URL that is none', () => {
    expect(exportLink({ FILENAME: 'orders.xlsx', URL: 'http://[bad' }, origin, 'f.xlsx')).toBeNull();
  });
});
