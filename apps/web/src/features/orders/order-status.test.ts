import { describe, expect, it } from 'vitest';
import { ORDER_STATUS_OPTIONS, visibleOrderActions } from './order-status';

describe('order status labels', () => {
  it('uses the spec labels', () => {
    expect(ORDER_STATUS_OPTIONS.map((o) => o.label)).toEqual(['Новый', 'Просмотрен', 'В корзине', 'Исполнен', 'Отменен']);
  });
});

const sorted = (set: Set<string>) => [...set].sort();

describe('visibleOrderActions', () => {
  it('follows the server ACTIONS for an editor', () => {
    expect(sorted(visibleOrderActions(['accept', 'cancel', 'note'], true))).toEqual(['accept', 'cancel', 'export', 'note']);
  });

  it('leaves a viewer only the download', () => {
    expect(sorted(visibleOrderActions(['accept', 'cancel', 'export'], false))).toEqual(['export']);
    expect(sorted(visibleOrderActions([], false))).toEqual(['export']);
  });
});
