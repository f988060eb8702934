import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_OPTIONS, orderStatusLabel, visibleOrderActions } from './order-status';

describe('order status labels', () => {
  it('uses the spec labels', () => {
    expect(ORDER_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Новый', 'Просмотрен', 'В корзине', 'Исполнен', 'Отменен']);
    expect(orderStatusLabel('IN_BASKET', 'whatever')).toBe('В корзине');
    expect(orderStatusLabel('ARCHIVED', 'Архив')).toBe('Архив');
    expect(orderStatusLabel('ARCHIVED')).toBe('ARCHIVED');
  });
});

const sorted = (set: Set<string>) => [...set].sort();

describe('visibleOrderActions', () => {
  it('follows the server ACTIONS for an editor', () => {
    expect(sorted(visibleOrderActions('NEW', ['accept', 'cancel', 'note'], true))).toEqual(['accept', 'cancel', 'export', 'note']);
  });

  it('leaves a viewer only the download', () => {
    expect(sorted(visibleOrderActions('NEW', ['accept', 'cancel', 'export'], false))).toEqual(['export']);
    expect(sorted(visibleOrderActions('VIEWED', undefined, false))).toEqual(['export']);
  });

  it('falls back to the status rules', () => {
    expect(visibleOrderActions('NEW', undefined, true).has('accept')).toBe(true);
    expect(visibleOrderActions('VIEWED', undefined, true).has('send_to_basket')).toBe(true);
    expect(visibleOrderActions('VIEWED', undefined, true).has('complete')).toBe(true);
    expect(visibleOrderActions('IN_BASKET', undefined, true).has('send_to_basket')).toBe(false);
    expect(visibleOrderActions('IN_BASKET', undefined, true).has('complete')).toBe(true);
    expect(sorted(visibleOrderActions('CANCELED', undefined, true))).toEqual(['export']);
  });
});
