import { describe, expect, it } from 'vitest';
import { orderHistoryTitle } from './orders';

describe('an order history entry’s title', () => {
  it('names 1C’s payment, and a change the 1C exchange made', () => {
    expect(orderHistoryTitle('PAID', { old: null, new: 'PAID', via: 'Обмен с 1С' })).toBe('Заказ оплачен (Обмен с 1С)');
    expect(orderHistoryTitle('CANCELED', { comment: 'Нет на складе', via: 'Обмен с 1С' })).toBe('Заказ отменен. Причина: Нет на складе (Обмен с 1С)');
    expect(orderHistoryTitle('COMPLETED', {})).toBe('Заказ исполнен');
  });
});
