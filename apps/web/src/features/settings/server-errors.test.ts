import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { fieldOfErrorKey, placeErrors } from './server-errors';

const failure = (errors: Record<string, string>) => new ApiError('failure', 200, 'OK', { SUCCESS: 'N', errors });

describe('server errors in the settings forms', () => {
  it('maps keys to fields: aliases, indexed list items, same names', () => {
    expect(fieldOfErrorKey('wrong_link', { wrong_link: 'shop_link' })).toEqual(['shop_link']);
    expect(fieldOfErrorKey('notify_email_2')).toEqual(['notify_email', 2]);
    expect(fieldOfErrorKey('name')).toEqual(['name']);
  });

  it('keeps errors without a field of the form apart', () => {
    const placed = placeErrors(failure({ name: 'Не указано название магазина', check_selfdelivery_only: 'Нет точек' }), ['name']);
    expect(placed).toEqual({ fields: [{ name: ['name'], errors: ['Не указано название магазина'] }], other: ['Нет точек'] });
  });
});
