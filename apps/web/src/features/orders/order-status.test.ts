import { describe, expect, it } from 'vitest';
import type { OrderStatus } from '@b2b/contracts/limits';
import { canReturnPoints, managerOrderActions, ORDER_STATUS_OPTIONS, visibleOrderActions } from './order-status';

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

describe('canReturnPoints', () => {
  const status = (code: OrderStatus) => ({ STATUS_CODE: code, STATUS_NAME: code });
  const paid = { STATUS: status('CANCELED'), IS_LOYALTY: 'Y' as const, LOYALTY_SUM: '350.00', RETURNED_BONUS: '0.00' };
  it('offers the return of a canceled order paid with points, to an editor, until all are back', () => {
    expect(canReturnPoints(paid, true)).toBe(true);
    expect(canReturnPoints({ ...paid, RETURNED_BONUS: '100.00' }, true)).toBe(true);
    expect(canReturnPoints({ ...paid, RETURNED_BONUS: '350.00' }, true)).toBe(false);
  });
  it('offers nothing to a viewer, outside the programme or without points paid', () => {
    expect(canReturnPoints(paid, false)).toBe(false);
    expect(canReturnPoints({ ...paid, IS_LOYALTY: 'N' }, true)).toBe(false);
    expect(canReturnPoints({ ...paid, LOYALTY_SUM: '0.00' }, true)).toBe(false);
  });
  it('offers nothing on a live order: its points still pay for it (issue 38.7)', () => {
    for (const code of ['NEW', 'VIEWED', 'IN_BASKET', 'COMPLETED'] as const)
      expect(canReturnPoints({ ...paid, STATUS: status(code) }, true)).toBe(false);
  });
});

describe('managerOrderActions', () => {
  it("keeps the server's status and text actions, nothing of the basket, payment, download or points", () => {
    const all = [
      'accept',
      'send_to_basket',
      'complete',
      'cancel',
      'comment',
      'note',
      'payment_type',
      'export',
      'bonus_return',
      'loyalty_history',
    ] as const;
    expect([...managerOrderActions([...all])].sort()).toEqual(['accept', 'cancel', 'comment', 'complete', 'note']);
  });
  it('offers only what the order allows now', () => {
    expect([...managerOrderActions(['export', 'note', 'comment'])].sort()).toEqual(['comment', 'note']);
    expect(managerOrderActions([]).size).toBe(0);
  });
});
