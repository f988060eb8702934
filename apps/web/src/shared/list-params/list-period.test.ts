import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { applyPatch } from '@/shared/list-params/list-params';
import { periodPatch } from '@/shared/list-params/list-period';

describe('periodPatch', () => {
  it('puts the days chosen in place of the whole history', () => {
    expect(periodPatch([dayjs('2026-01-01'), dayjs('2026-01-31')])).toEqual({ date_start: '2026-01-01', date_end: '2026-01-31', period: null });
    expect(applyPatch({ period: 'all', active: 'N' }, periodPatch([dayjs('2026-01-01'), null]))).toEqual({ date_start: '2026-01-01', active: 'N' });
  });

  it('asks the whole history when the picker is cleared, so that the default period does not come back', () => {
    expect(periodPatch(null)).toEqual({ date_start: null, date_end: null, period: 'all' });
    expect(applyPatch({ date_start: '2026-01-01', date_end: '2026-01-31' }, periodPatch([null, null]))).toEqual({ period: 'all' });
  });
});
