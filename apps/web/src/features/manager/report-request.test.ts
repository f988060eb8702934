import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { REPORTS } from '@b2b/contracts/reports';
import { DEFAULT_LIMIT, LIMIT_CHOICES, defaultReportFilters, exportOf, reportBodyOf } from './report-request';

describe('defaultReportFilters', () => {
  it('covers three months back to today, the top 20', () => {
    expect(defaultReportFilters(dayjs('2026-05-31'))).toEqual({ date_from: '2026-02-28', date_to: '2026-05-31', sections: [], limit: 20 });
    expect(defaultReportFilters(dayjs('2026-01-15'))).toMatchObject({ date_from: '2025-10-15', date_to: '2026-01-15' });
  });
  it('starts at one of the top-position choices', () => {
    expect(LIMIT_CHOICES).toEqual([5, 10, 20, 100, 250]);
    expect(LIMIT_CHOICES).toContain(DEFAULT_LIMIT);
  });
});

describe('reportBodyOf', () => {
  const values = { date_from: '2026-01-01', date_to: '2026-03-31', shop_id: 2, tm_id: 7, product_id: 9, sections: [3, 4], limit: 5 };

  it('sends only the filters the report takes', () => {
    expect(reportBodyOf(REPORTS.top_products.params, values)).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      shop_id: 2,
      sections: [3, 4],
      tm_id: 7,
      limit: 5,
    });
    expect(reportBodyOf(REPORTS.margin_by_partner.params, values)).toEqual({ date_from: '2026-01-01', date_to: '2026-03-31' });
    expect(reportBodyOf(REPORTS.sales_by_partner.params, values)).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      sections: [3, 4],
      tm_id: 7,
      product_id: 9,
    });
  });

  it('leaves empty filters out (every partner, no brand, no sections)', () => {
    expect(reportBodyOf(REPORTS.top_products.params, { date_from: '2026-01-01', date_to: '2026-03-31', sections: [], limit: 20 })).toEqual({
      date_from: '2026-01-01',
      date_to: '2026-03-31',
      limit: 20,
    });
  });
});

describe('exportOf', () => {
  it('asks the export of the report on screen by its REPORT_ID, its filters kept', () => {
    const request = { code: 'top_products' as const, body: { date_from: '2026-01-01', shop_id: 2, limit: 5 } };
    expect(exportOf(request, 'a1b2')).toEqual({ code: 'top_products', body: { date_from: '2026-01-01', shop_id: 2, limit: 5, report_id: 'a1b2' } });
    expect(request.body).not.toHaveProperty('report_id');
  });
});
