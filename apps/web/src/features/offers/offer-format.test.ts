import { describe, expect, it } from 'vitest';
import { bannerPlacementsOf, moscowDay, offerLimitText, offerPeriodText, presentText } from './offer-format';

describe('offer list texts', () => {
  it('periods are Moscow days; the end is the day before the instant TO', () => {
    // 2026-01-01 00:00 Moscow is 2025-12-31 21:00 UTC.
    const from = Date.UTC(2025, 11, 31, 21) / 1000;
    const to = Date.UTC(2026, 2, 31, 21) / 1000; // the start of 01.04.2026 in Moscow
    expect(moscowDay(from)).toBe('01.01.2026');
    expect(offerPeriodText({ FROM: from, TO: to })).toBe('01.01.2026 – 31.03.2026');
    expect(offerPeriodText({ FROM: from, TO: null })).toBe('01.01.2026 – без срока');
  });

  it('limit used / limit, gifts with their sums, stored banners in order', () => {
    expect(offerLimitText({ USED: 3, LIMIT: 200 })).toBe('3 / 200');
    expect(offerLimitText({ USED: 0, LIMIT: null })).toBe('0 / без лимита');
    expect(presentText({ NAME: 'Ежедневник', sum: '10000.00' })).toBe('Ежедневник — от 10 000,00 ₽');
    const ref = { ID: 'a', NAME: 'a.png', SIZE: 1, URL: '/x' };
    expect(bannerPlacementsOf({ BANNERS: { banner_slider: null, banner_main: ref, banner_catalog: ref } })).toEqual([
      'banner_main',
      'banner_catalog',
    ]);
  });
});
