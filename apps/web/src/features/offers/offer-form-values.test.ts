import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { OfferCard } from '@b2b/contracts/offers';
import { offerFormValues, offerPayload, parseOfferDay } from './offer-form-values';

const card: OfferCard = {
  ID: 7,
  NAME: 'Подарок',
  TYPE: { CODE: 'GIFT', NAME: 'Подарок к заказу' },
  DESCRIPTION: 'Ежедневник',
  ACTIVE: 'Y',
  STATE: { CODE: 'RUNNING', NAME: 'Идет' },
  OFFER_DATE: { FROM: 1_767_214_800, TO: null },
  LIMIT: 200,
  USED: 3,
  PRESENTS: [
    { ID: 11, NAME: 'Ежедневник', UP_CODE_1C: '100011', sum: '10000.00', product_type: 'GIFT' },
    { ID: 12, NAME: 'Набор', UP_CODE_1C: '100012', sum: '25000.00', product_type: 'GIFT' },
  ],
  PRODUCTS_CNT: 0,
  NOT_IN_BASKET: 'N',
  BANNERS: { banner_slider: null, banner_main: null, banner_catalog: null },
  SORT: 100,
  DATE_CREATE: 1_767_000_000,
  DATE_START: '01.01.2026',
  DATE_END: '',
  XLS_FILE: null,
};

describe('offerFormValues', () => {
  it('a new offer is active, without gifts or files', () => {
    expect(offerFormValues()).toMatchObject({
      name: '',
      type: undefined,
      active: true,
      not_in_basket: false,
      presents: [],
      limit: '',
      xls_file: null,
    });
  });

  it('a stored offer: its dates as days, its gifts by code', () => {
    const v = offerFormValues(card);
    expect(v.date_start?.format('YYYY-MM-DD')).toBe('2026-01-01');
    expect(v.date_end).toBeNull();
    expect(v).toMatchObject({
      type: 'GIFT',
      limit: '200',
      sort: '100',
      active: true,
      presents: [
        { code: '100011', ID: 11, sum: '10000.00' },
        { code: '100012', ID: 12, sum: '25000.00' },
      ],
    });
  });
});

describe('parseOfferDay', () => {
  it('reads dd.MM.yyyy days that exist', () => {
    expect(parseOfferDay('29.02.2028')?.format('YYYY-MM-DD')).toBe('2028-02-29');
    expect(parseOfferDay('30.02.2026')).toBeNull();
    expect(parseOfferDay(' 2026-01-01 ')?.format('DD.MM.YYYY')).toBe('01.01.2026');
    expect(parseOfferDay(undefined)).toBeNull();
  });
});

describe('offerPayload', () => {
  it('sends dates as dd.MM.yyyy, flags, gifts as presents[n][ID|code|sum]', () => {
    const v = { ...offerFormValues(card), date_end: dayjs('2026-03-31'), name: '  Подарок  ', limit: '' };
    expect(offerPayload(v)).toEqual({
      name: 'Подарок',
      type: 'GIFT',
      description: 'Ежедневник',
      date_start: '01.01.2026',
      date_end: '31.03.2026',
      limit: '',
      sort: '100',
      active: true,
      not_in_basket: false,
      presents: [
        { ID: '11', code: '100011', sum: '10000.00' },
        { ID: '12', code: '100012', sum: '25000.00' },
      ],
    });
  });

  it('an offer without gifts sends presents empty (so that removing them all is saved)', () => {
    expect(offerPayload({ ...offerFormValues(card), presents: [] }).presents).toBe('');
  });

  it('files: a new one as its part, a removed one as *_del=Y, an unchanged one not at all', () => {
    const file = new File([new Uint8Array(10)], 'b.png', { type: 'image/png' });
    const body = offerPayload({ ...offerFormValues(card), banner_main: { file }, banner_slider: { remove: true }, xls_file: { remove: true } });
    expect(body.banner_main_file).toBe(file);
    expect(body).toMatchObject({ banner_slider_del: 'Y', xls_del: 'Y' });
    expect(body).not.toHaveProperty('banner_catalog_file');
    expect(body).not.toHaveProperty('banner_catalog_del');
  });
});
