import { describe, expect, it } from 'vitest';
import { clientOptionsFrom } from './client-options';

describe('clientOptionsFrom', () => {
  it('makes one option per client, named by NAME or else its number', () => {
    expect(
      clientOptionsFrom([
        { ID: 3, NAME: 'ООО «Ромашка»' },
        { ID: 8, NAME: '' },
      ]),
    ).toEqual([
      { value: 3, label: 'ООО «Ромашка»' },
      { value: 8, label: '№ 8' },
    ]);
  });

  it('gives nothing for no clients', () => {
    expect(clientOptionsFrom([])).toEqual([]);
  });
});
