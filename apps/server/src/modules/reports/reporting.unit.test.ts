import { describe, expect, it } from 'vitest';
import { splitPeriod } from './reporting';

describe('a report period as months, weeks and days', () => {
  it('reads whole months, then whole ISO weeks of what is left, then days', () => {
    // 2026-05-12 is a Tuesday; 2026-11-23 a Monday.
    expect(splitPeriod('2026-05-12', '2026-11-23')).toEqual([
      { grain: 'day', from: '2026-05-12', to: '2026-05-18' },
      { grain: 'week', from: '2026-05-18', to: '2026-06-01' },
      { grain: 'month', from: '2026-06-01', to: '2026-11-01' },
      { grain: 'day', from: '2026-11-01', to: '2026-11-02' },
      { grain: 'week', from: '2026-11-02', to: '2026-11-23' },
      { grain: 'day', from: '2026-11-23', to: '2026-11-24' },
    ]);
  });

  it('takes a period inside one month as weeks and days, and one day as a day', () => {
    expect(splitPeriod('2026-11-03', '2026-11-20')).toEqual([
      { grain: 'day', from: '2026-11-03', to: '2026-11-09' },
      { grain: 'week', from: '2026-11-09', to: '2026-11-16' },
      { grain: 'day', from: '2026-11-16', to: '2026-11-21' },
    ]);
    expect(splitPeriod('2026-11-03', '2026-11-03')).toEqual([{ grain: 'day', from: '2026-11-03', to: '2026-11-04' }]);
    expect(splitPeriod('2026-10-01', '2026-10-31')).toEqual([{ grain: 'month', from: '2026-10-01', to: '2026-11-01' }]);
  });
});
