import { describe, expect, it } from 'vitest';
import type { OfferItem } from '@b2b/contracts/offers';
import { placeOf, switchedOffer, withKeptOffers } from './kept-offers';

const NOW = new Date('2026-11-28T09:00:00Z');
const at = (iso: string) => Date.parse(iso) / 1000;

const offer = (ID: number, over: Partial<OfferItem> = {}): OfferItem => ({
  ID,
  NAME: `Акция ${ID}`,
  TYPE: { CODE: 'DISCOUNT', NAME: 'Скидка' },
  DESCRIPTION: '',
  ACTIVE: 'N',
  STATE: { CODE: 'OFF', NAME: 'Выключена' },
  OFFER_DATE: { FROM: at('2026-11-01T00:00:00Z'), TO: at('2026-12-31T00:00:00Z') },
  LIMIT: null,
  USED: 0,
  PRESENTS: [],
  PRODUCTS_CNT: 0,
  NOT_IN_BASKET: 'N',
  BANNERS: { banner_slider: null, banner_main: null, banner_catalog: null },
  SORT: 500,
  DATE_CREATE: at('2026-11-01T00:00:00Z'),
  ...over,
});

describe('switchedOffer', () => {
  it('gives the row its new flag and the state the server would answer', () => {
    expect(switchedOffer(offer(1), true, NOW)).toMatchObject({ ACTIVE: 'Y', STATE: { CODE: 'RUNNING', NAME: 'Идет' } });
    expect(switchedOffer(offer(1, { OFFER_DATE: { FROM: at('2027-01-01T00:00:00Z'), TO: null } }), true, NOW).STATE).toEqual({
      CODE: 'PLANNED',
      NAME: 'Запланирована',
    });
    expect(switchedOffer(offer(1, { LIMIT: 5, USED: 5 }), true, NOW).STATE.CODE).toBe('EXHAUSTED');
    expect(switchedOffer(offer(1, { ACTIVE: 'Y', STATE: { CODE: 'RUNNING', NAME: 'Идет' } }), false, NOW)).toMatchObject({
      ACTIVE: 'N',
      STATE: { CODE: 'OFF', NAME: 'Выключена' },
    });
  });
});

describe('withKeptOffers', () => {
  it('shows a switched row the page no longer holds at the place it had, marked as outside the filter', () => {
    const on = switchedOffer(offer(2), true, NOW);
    const { rows, outside } = withKeptOffers([offer(1), offer(3)], [{ offer: on, index: 1 }]);
    expect(rows.map((r) => r.ID)).toEqual([1, 2, 3]);
    expect(rows[1]).toMatchObject({ ACTIVE: 'Y', STATE: { CODE: 'RUNNING' } });
    expect([...outside]).toEqual([2]);
  });

  it('shows a switched row the page still holds in its switched state, not as outside', () => {
    const off = switchedOffer(offer(1, { ACTIVE: 'Y', STATE: { CODE: 'RUNNING', NAME: 'Идет' } }), false, NOW);
    const { rows, outside } = withKeptOffers(
      [offer(1, { ACTIVE: 'Y', STATE: { CODE: 'RUNNING', NAME: 'Идет' } }), offer(3)],
      [{ offer: off, index: 0 }],
    );
    expect(rows.map((r) => [r.ID, r.STATE.CODE])).toEqual([
      [1, 'OFF'],
      [3, 'OFF'],
    ]);
    expect(outside.size).toBe(0);
  });

  it('puts a row past the end of a shorter page last, and several rows in the order of their places', () => {
    const kept = [
      { offer: switchedOffer(offer(9), true, NOW), index: 5 },
      { offer: switchedOffer(offer(8), true, NOW), index: 0 },
    ];
    expect(withKeptOffers([offer(1)], kept).rows.map((r) => r.ID)).toEqual([8, 1, 9]);
    expect(withKeptOffers([], kept).rows.map((r) => r.ID)).toEqual([8, 9]);
  });
});

describe('placeOf', () => {
  it("is the row's index on the page, the top when it is not there", () => {
    expect(placeOf([offer(1), offer(2)], 2)).toBe(1);
    expect(placeOf([offer(1)], 7)).toBe(0);
    expect(placeOf(undefined, 7)).toBe(0);
  });
});
