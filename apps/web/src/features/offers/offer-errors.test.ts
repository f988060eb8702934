import { describe, expect, it } from 'vitest';
import { placeOfferErrors } from './offer-errors';

describe('placeOfferErrors', () => {
  it("puts a gift's error on that gift: its sum, or its product code", () => {
    const placed = placeOfferErrors(
      { check_present_sum_2: 'Сумма заказа должна больше 10 000,00', check_present_1: 'Товар с таким кодом не найден' },
      2,
    );
    expect(placed).toEqual({
      fields: [
        { name: ['presents', 1, 'sum'], errors: ['Сумма заказа должна больше 10 000,00'] },
        { name: ['presents', 0, 'code'], errors: ['Товар с таким кодом не найден'] },
      ],
      other: [],
    });
  });

  it('check_products lands on the excel file, banners on their placement, the rest on the named field', () => {
    const placed = placeOfferErrors(
      { check_products: 'Строка 3: код', check_banner_main_file: 'Вес файла превышает 300КБ', check_type: 'Вы не выбрали тип акции' },
      0,
    );
    expect(placed.fields).toEqual([
      { name: ['xls_file'], errors: ['Строка 3: код'] },
      { name: ['banner_main'], errors: ['Вес файла превышает 300КБ'] },
      { name: ['type'], errors: ['Вы не выбрали тип акции'] },
    ]);
  });

  it('errors without a field on the form (a gift that is not there, the gift count) go above the buttons', () => {
    expect(placeOfferErrors({ check_present_sum_3: 'x', check_presents: 'y', check_unknown: 'z' }, 2)).toEqual({
      fields: [],
      other: ['x', 'y', 'z'],
    });
  });
});
