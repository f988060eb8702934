import { describe, expect, it } from 'vitest';
import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { fileParts, parsePanelTarget, refuseFile, uploadKindOf } from './price-file-target';

describe('parsePanelTarget', () => {
  it('takes a price list, a column or a client with a positive id; personal_price only as a price list', () => {
    expect(parsePanelTarget('client', '17')).toEqual({ type: 'client', id: 17 });
    expect(parsePanelTarget('column', '4')).toEqual({ type: 'column', id: 4 });
    expect(parsePanelTarget('pricelist', 'personal_price')).toEqual({ type: 'pricelist', id: 'personal_price' });
    expect(parsePanelTarget('client', 'personal_price')).toBeNull();
    expect(parsePanelTarget('column', 'personal_price')).toBeNull();
  });
  it('refuses an unknown type and an id that is not one', () => {
    expect(parsePanelTarget('settings', '3')).toBeNull();
    expect(parsePanelTarget('client', '0')).toBeNull();
    expect(parsePanelTarget('client', '-3')).toBeNull();
    expect(parsePanelTarget('client', '1e3')).toBeNull();
    expect(parsePanelTarget('client', '')).toBeNull();
    expect(parsePanelTarget('client', null)).toBeNull();
  });
});

describe('the parts of a panel', () => {
  it('gives the base list remains and multiplicities beside its prices', () => {
    expect(fileParts({ type: 'pricelist', id: 'personal_price' })).toEqual(['price', 'remain', 'multiplicity']);
    expect(fileParts({ type: 'pricelist', id: 5 })).toEqual(['price']);
    expect(fileParts({ type: 'client', id: 5 })).toEqual(['price']);
  });
  it("names each part's upload kind", () => {
    expect(uploadKindOf({ type: 'pricelist', id: 5 }, 'price')).toBe('PRICE');
    expect(uploadKindOf({ type: 'client', id: 5 }, 'price')).toBe('PERSONAL');
    expect(uploadKindOf({ type: 'pricelist', id: 'personal_price' }, 'remain')).toBe('REMAIN');
    expect(uploadKindOf({ type: 'pricelist', id: 'personal_price' }, 'multiplicity')).toBe('MULTIPLICITY');
  });
});

describe('refuseFile', () => {
  const texts = { tooLarge: 'big', unsupported: 'type' };
  it('sends .xlsx and .csv up to the upload limit', () => {
    expect(refuseFile({ name: 'Прайс.XLSX', size: 10 }, texts)).toBeNull();
    expect(refuseFile({ name: 'prices.csv', size: LIMITS.uploadMaxBytes }, texts)).toBeNull();
  });
  it('asks for .xlsx or .csv instead of the old .xls, refuses another type, then a file too large', () => {
    expect(refuseFile({ name: 'prices.xls', size: 10 }, texts)).toBe('Сохраните файл в формате .xlsx или .csv');
    expect(refuseFile({ name: 'Прайс.XLS', size: LIMITS.uploadMaxBytes + 1 }, texts)).toBe(MSG.spreadsheetOldExcel);
    expect(refuseFile({ name: 'prices.ods', size: 10 }, texts)).toBe('type');
    expect(refuseFile({ name: 'xlsx', size: 10 }, texts)).toBe('type');
    expect(refuseFile({ name: 'prices.xlsx', size: LIMITS.uploadMaxBytes + 1 }, texts)).toBe('big');
  });
});
