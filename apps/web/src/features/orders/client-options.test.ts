import { describe, expect, it } from 'vitest';
import { clientOptionsFrom } from './client-options';

describe('clientOptionsFrom', () => {
  it('reads a list answer or a plain array', () => {
    expect(clientOptionsFrom({ ITEMS: [{ ID: 3, NAME: 'ООО «Ромашка»' }, { ID: '5', SHORT_NAME: 'ИП Иванов' }] })).toEqual([
      { value: 3, label: 'ООО «Ромашка»' },
      { value: 5, label: 'ИП Иванов' },
    ]);
    expect(clientOptionsFrom([{ id: 7, name: 'Альфа' }, { id: 7, name: 'дубль' }, { ID: 8 }])).toEqual([
      { value: 7, label: 'Альфа' },
      { value: 8, label: '№ 8' },
    ]);
  });

  it('gives nothing for anything else', () => {
    expect(clientOptionsFrom(undefined)).toEqual([]);
    expect(clientOptionsFrom({ SUCCESS: 'N' })).toEqual([]);
    expect(clientOptionsFrom([null, 1, { ID: -1 }])).toEqual([]);
  });
});
