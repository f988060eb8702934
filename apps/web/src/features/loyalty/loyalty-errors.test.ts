import { describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { ApiError } from '@/api/api-error';
import { errorKeyPath, placeLoyaltyErrors } from './loyalty-errors';

const refused = (errors: Record<string, string>) => new ApiError('failure', 200, 'OK', { SUCCESS: 'N', errors });

describe('errorKeyPath', () => {
  it('reads a list cell key as its list, row and field', () => {
    expect(errorKeyPath('statuses[1][TITLE]')).toEqual(['statuses', 1, 'TITLE']);
    expect(errorKeyPath('coefficients[0][tm]')).toEqual(['coefficients', 0, 'tm']);
    expect(errorKeyPath('rules[12][points_pct]')).toEqual(['rules', 12, 'points_pct']);
  });

  it('keeps a plain key whole', () => {
    expect(errorKeyPath('title')).toEqual(['title']);
    expect(errorKeyPath('loyalty_client_not_found')).toEqual(['loyalty_client_not_found']);
    expect(errorKeyPath('odd[')).toEqual(['odd[']);
  });
});

describe('placeLoyaltyErrors', () => {
  it('puts each error on its cell and keeps the first message', () => {
    const placed = placeLoyaltyErrors(
      refused({ 'statuses[1][TITLE]': 'Не указано название статуса', 'statuses[2][MULTIPLIER]': 'Множитель — процент от 0 до 1000' }),
      ['statuses'],
    );
    expect(placed.fields).toEqual([
      { name: ['statuses', 1, 'TITLE'], errors: ['Не указано название статуса'] },
      { name: ['statuses', 2, 'MULTIPLIER'], errors: ['Множитель — процент от 0 до 1000'] },
    ]);
    expect(placed.first).toBe('Не указано название статуса');
  });

  it('leaves a key the form has no field for only in the first message', () => {
    const placed = placeLoyaltyErrors(refused({ 'groups[0][GROUP_ID]': 'Группа не найдена', title: 'Не заполнено название ПЛ' }), ['title']);
    expect(placed.fields).toEqual([{ name: ['title'], errors: ['Не заполнено название ПЛ'] }]);
    expect(placed.first).toBe('Группа не найдена');
  });

  it('turns any other failure into its text', () => {
    const placed = placeLoyaltyErrors(new ApiError('network', 0, '', undefined), ['title']);
    expect(placed).toEqual({ fields: [], first: MSG.networkError });
  });
});
