import { describe, expect, it } from 'vitest';
import { normaliseTime } from './shop';
import { corAccountError, innError, ogrnError, REQUISITES_MSG } from './shop-requisites';

describe('working-hours times', () => {
  it.each([
    ['9', '09:00'],
    ['9:5', '09:05'],
    ['09:30', '09:30'],
    ['930', '09:30'],
    ['1800', '18:00'],
    ['18.30', '18:30'],
    ['24:00', '24:00'],
  ])('%s → %s', (input, output) => expect(normaliseTime(input)).toBe(output));

  it.each(['25:00', '12:60', 'полдень', '', '24:01'])('%s is not a time', (input) => expect(normaliseTime(input)).toBeNull());
});

describe('requisites', () => {
  it('checks INN and OGRN check numbers', () => {
    expect(innError('7707083893')).toBeNull();
    expect(innError('7707083890')).toBe(REQUISITES_MSG.innChecksum);
    expect(innError('500100732259')).toBeNull();
    expect(innError('77070838')).toBe(REQUISITES_MSG.innLength);
    expect(ogrnError('1027700132195')).toBeNull();
    expect(ogrnError('304500116000157')).toBeNull();
    expect(ogrnError('1027700132196')).toBe(REQUISITES_MSG.ogrnChecksum);
  });

  it('ties the correspondent account to the BIK', () => {
    expect(corAccountError('30101810400000000225', '044525225')).toBeNull();
    expect(corAccountError('30101810400000000226', '044525225')).toBe(REQUISITES_MSG.corAccountBik);
  });
});
