import { describe, expect, it } from 'vitest';
import type { Exchange1cSettingsAnswer } from '@b2b/contracts/exchange-1c';
import { ORDER_STATUS_LABEL } from '@b2b/contracts/messages';
import { exchangeErrorPath, exchangePayload, exchangeValues } from './exchange-1c-form-values';

const data: Exchange1cSettingsAnswer = {
  LOGIN: '1c@partner.demo',
  HAS_PASSWORD: 'Y',
  URL: 'http://localhost:3000/exchange/1c',
  STATUSES: ['NEW', 'VIEWED'],
  PRICE_MAP: [
    { TYPE_ID: 'Оптовая', TYPE_NAME: 'Оптовая', PRICE_LIST_ID: 1 },
    { TYPE_ID: 'guid-r', TYPE_NAME: 'Розничная', PRICE_LIST_ID: 2 },
  ],
  PRICE_TYPES_SEEN: [
    { ID: 'guid-r', NAME: 'Розничная', CURRENCY: 'RUB' },
    { ID: 'guid-k', NAME: 'Крупный опт', CURRENCY: 'RUB' },
  ],
  PRICE_LISTS: [],
  ORDER_STATUSES: ORDER_STATUS_LABEL,
};

describe('the exchange form', () => {
  it("lists 1C's price types with their mapping, then the types mapped by name", () => {
    expect(exchangeValues(data)).toEqual({
      login: '1c@partner.demo',
      password: '',
      statuses: ['NEW', 'VIEWED'],
      price_map: [
        { typeId: 'guid-r', typeName: 'Розничная', seen: true, priceListId: 2 },
        { typeId: 'guid-k', typeName: 'Крупный опт', seen: true, priceListId: undefined },
        { typeId: 'Оптовая', typeName: 'Оптовая', seen: false, priceListId: 1 },
      ],
    });
  });

  it('sends the mapped rows (a type by name without an Ид), no empty password, empty lists as ""; errors go back to their form row', () => {
    const values = exchangeValues(data);
    values.price_map.push({ typeId: '', typeName: ' Мелкий опт ', seen: false });
    const { body, rowOf } = exchangePayload(values, data);
    expect(body).toEqual({
      login: '1c@partner.demo',
      statuses: ['NEW', 'VIEWED'],
      price_map: [
        { type_id: 'guid-r', type_name: 'Розничная', price_list_id: '2' },
        { type_id: '', type_name: 'Оптовая', price_list_id: '1' },
        { type_id: '', type_name: 'Мелкий опт', price_list_id: '' },
      ],
    });
    expect(rowOf).toEqual([0, 2, 3]);
    expect(exchangeErrorPath('price_map[2][price_list_id]', rowOf)).toEqual(['price_map', 3, 'priceListId']);
    expect(exchangeErrorPath('price_map[1][type_name]', rowOf)).toEqual(['price_map', 2, 'typeName']);
    expect(exchangeErrorPath('login', rowOf)).toEqual(['login']);
    expect(exchangeErrorPath('price_map', rowOf)).toBeUndefined();

    const none = exchangePayload({ login: '', password: 'secret-1c', statuses: [], price_map: [] }, { LOGIN: null });
    expect(none.body).toEqual({ password: 'secret-1c', statuses: '', price_map: '' });
  });
});
