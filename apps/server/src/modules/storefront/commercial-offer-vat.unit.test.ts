import { describe, expect, it } from 'vitest';
import { standardVatRate, vatText } from './commercial-offer-pdf';

const settings = { vat: 'WITH_VAT' } as Parameters<typeof vatText>[0]['settings'];
const offer = (now: Date) => ({
  settings,
  taxType: 'WITH_VAT',
  currency: 'RUB',
  now,
  lines: [{ UP_CODE_1C: '100200', NAME: 'Чай', QUANTITY: 1, PRICE: '110.00', SUM: '110.00', VAT_RATE: 10 }],
  delivery: { price: '1220.00', zone: null, byAgreement: false },
});

describe("the КП's VAT line", () => {
  it('carries delivery at the standard rate of the day: 22 % from 1 January 2026 (Moscow), 20 % before', () => {
    expect(standardVatRate(new Date('2025-12-31T20:59:59Z'))).toBe(20);
    expect(standardVatRate(new Date('2025-12-31T21:00:00Z'))).toBe(22);
    // 110 at 10 % holds 10.00; 1 220 at 22 % holds 220.00, at 20 % 203.33.
    expect(vatText(offer(new Date('2026-11-28T12:00:00Z')))).toMatch(/^В том числе НДС: 230,00\s₽$/);
    expect(vatText(offer(new Date('2025-06-01T12:00:00Z')))).toMatch(/^В том числе НДС: 213,33\s₽$/);
  });
});
