import { describe, expect, it } from 'vitest';
import { ORDER_MSG } from '@b2b/contracts/orders';
import { cancelReasonError, orderTextError } from './order-validation';

describe('orderTextError', () => {
  it('allows up to 1000 characters', () => {
    expect(orderTextError('')).toBeNull();
    expect(orderTextError('я'.repeat(1000))).toBeNull();
    expect(orderTextError('я'.repeat(1001))).toBe(ORDER_MSG.noteTooLong);
  });
});

describe('cancelReasonError', () => {
  it('requires a reason', () => {
    expect(cancelReasonError('')).toBe(ORDER_MSG.cancelReasonRequired);
    expect(cancelReasonError('   \n ')).toBe(ORDER_MSG.cancelReasonRequired);
    expect(cancelReasonError('Нет в наличии')).toBeNull();
    expect(cancelReasonError('x'.repeat(1001))).toBe(ORDER_MSG.noteTooLong);
  });
});
