import { describe, expect, it } from 'vitest';
import { PRICING_MSG } from '@b2b/contracts/pricing';
import { FILE_HEADERS, headerColumns, stageRow, templateColumns } from './price-file-rows';

const row = (cells: (string | number | null)[], number = 2) => ({ number, cells });

describe('price file rows', () => {
  it('finds the columns by the headers the download writes, in any order', () => {
    expect(headerColumns('PRICE', row(FILE_HEADERS.PRICE, 1))).toEqual({ code: 0, price: 4, percent: 5 });
    expect(headerColumns('PRICE', row(['Скидка/наценка, %', 'Цена на сайте', 'Код товара'], 1))).toEqual({ code: 2, price: 1, percent: 0 });
    expect(headerColumns('PERSONAL', row(FILE_HEADERS.PERSONAL, 1))).toEqual({ code: 0, price: 3 });
    expect(headerColumns('PRICE', row(['012345', 'Товар'], 1))).toBeUndefined();
  });

  it('reads a site price with a comma, a percent, and neither', () => {
    const cols = templateColumns('PRICE');
    expect(stageRow('PRICE', cols, row(['012345', 'Товар', 1, 2, '1 234,5', null]))).toMatchObject({
      code: '012345',
      sitePrice: '1234.5',
      percent: null,
      error: null,
    });
    expect(stageRow('PRICE', cols, row([12345, 'Товар', 1, 2, null, '-7,25']))).toMatchObject({ code: '012345', sitePrice: null, percent: '-7.25' });
    expect(stageRow('PRICE', cols, row(['012345', 'Товар', 1, 2, 99.99, null]))).toMatchObject({ sitePrice: '99.99' });
    expect(stageRow('PRICE', cols, row(['012345']))).toMatchObject({ sitePrice: null, percent: null, error: null });
  });

  it('names what is wrong with a row', () => {
    const cols = templateColumns('PRICE');
    const error = (cells: (string | number | null)[]) => stageRow('PRICE', cols, row(cells))?.error;
    expect(error(['12345a', '', '', '', '10', ''])).toBe(PRICING_MSG.row.code);
    expect(error(['1234567'])).toBe(PRICING_MSG.row.code);
    expect(error(['012345', '', '', '', '10.12345', ''])).toBe(PRICING_MSG.row.price);
    expect(error(['012345', '', '', '', 'десять', ''])).toBe(PRICING_MSG.row.price);
    expect(error(['012345', '', '', '', '-10', ''])).toBe(PRICING_MSG.row.negative);
    expect(error(['012345', '', '', '', '', '1000'])).toBe(PRICING_MSG.row.percent);
    expect(error(['012345', '', '', '', '', '-100'])).toBe(PRICING_MSG.row.percent);
    expect(error(['012345', '', '', '', '10', '5'])).toBe(PRICING_MSG.row.both);
    expect(stageRow('PRICE', cols, row([null, 'Итого']))).toBeUndefined();
  });

  it('refuses a price above the cap (999 999 999,99), with more decimals than the column, or not a finite number (issue 37.4)', () => {
    const cols = templateColumns('PRICE');
    const error = (cells: (string | number | null)[]) => stageRow('PRICE', cols, row(cells))?.error;
    expect(error(['012345', '', '', '', '999 999 999,99', ''])).toBeNull();
    expect(error(['012345', '', '', '', '999999999.9901', ''])).toBe(PRICING_MSG.row.priceMax);
    expect(error(['012345', '', '', '', 1e10, ''])).toBe(PRICING_MSG.row.priceMax);
    expect(error(['012345', '', '', '', 1e12, ''])).toBe(PRICING_MSG.row.price);
    expect(error(['012345', '', '', '', '108380560000', ''])).toBe(PRICING_MSG.row.priceMax);
    // A number cell is rounded half up to the column's 4 decimals (issue 38.7); text with more of them is refused.
    expect(stageRow('PRICE', cols, row(['012345', '', '', '', 0.00001, '']))).toMatchObject({ sitePrice: '0', error: null });
    expect(stageRow('PRICE', cols, row(['012345', '', '', '', 197.79100000000003, '']))).toMatchObject({ sitePrice: '197.791', error: null });
    expect(error(['012345', '', '', '', '0,00001', ''])).toBe(PRICING_MSG.row.price);
    expect(stageRow('PRICE', cols, row(['012345', '', '', '', null, 5 * 1.1]))).toMatchObject({ percent: '5.5', error: null });
    expect(error(['012345', '', '', '', null, '5,555'])).toBe(PRICING_MSG.row.percent);
    expect(error(['012345', '', '', '', Infinity, ''])).toBe(PRICING_MSG.row.price);
    expect(error(['012345', '', '', '', '1e309', ''])).toBe(PRICING_MSG.row.price);
    expect(error(['012345', '', '', '', 'NaN', ''])).toBe(PRICING_MSG.row.price);
    expect(stageRow('PERSONAL', templateColumns('PERSONAL'), row(['000777', 'Т', 10, '1000000000']))?.error).toBe(PRICING_MSG.row.priceMax);
  });

  it('reads personal prices, remains and multiplicities', () => {
    expect(stageRow('PERSONAL', templateColumns('PERSONAL'), row(['000777', 'Т', 10, '9,99']))).toMatchObject({ sitePrice: '9.99', error: null });
    expect(stageRow('PERSONAL', templateColumns('PERSONAL'), row(['000777', 'Т', 10, null]))?.error).toBe(PRICING_MSG.row.price);
    expect(stageRow('REMAIN', templateColumns('REMAIN'), row(['000777', 'Т', 15]))).toMatchObject({ quantity: 15, error: null });
    expect(stageRow('REMAIN', templateColumns('REMAIN'), row(['000777', 'Т', '-1']))?.error).toBe(PRICING_MSG.row.quantity);
    expect(stageRow('MULTIPLICITY', templateColumns('MULTIPLICITY'), row(['000777', 'Т', '1/6/ 12']))).toMatchObject({ multiplicity: '1/6/12' });
    expect(stageRow('MULTIPLICITY', templateColumns('MULTIPLICITY'), row(['000777', 'Т', '0/6']))?.error).toBe(PRICING_MSG.row.multiplicity);
    expect(stageRow('MULTIPLICITY', templateColumns('MULTIPLICITY'), row(['000777', 'Т', '1,5']))?.error).toBe(PRICING_MSG.row.multiplicity);
  });
});
