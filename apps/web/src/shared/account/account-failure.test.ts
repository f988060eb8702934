import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { failureNotice, splitFieldErrors } from './account-failure';

describe('splitFieldErrors', () => {
  it('separates the errors of the form fields from the others', () => {
    expect(splitFieldErrors({ password: 'a', user_checkword: 'b' }, ['password', 'confirm_password'] as const)).toEqual({
      fields: [{ name: 'password', message: 'a' }],
      other: ['b'],
    });
  });
});

describe('failureNotice', () => {
  const formSpy = () => {
    const set: { name: string; errors: string[] }[][] = [];
    return { set, form: { setFields: (list: unknown) => void set.push(list as { name: string; errors: string[] }[]) } };
  };

  it('puts field errors under their fields and the rest in the notice', () => {
    const { set, form } = formSpy();
    const error = new ApiError('failure', 200, 'OK', { SUCCESS: 'N', errors: { password: 'Короткий', other: 'Ссылка устарела' } });
    expect(failureNotice<{ password: string }>(error, ['password'], form)).toEqual({ type: 'error', text: 'Ссылка устарела' });
    expect(set).toEqual([[{ name: 'password', errors: ['Короткий'] }]]);
  });

  it('has no notice when every error is a field error', () => {
    const { form } = formSpy();
    const error = new ApiError('failure', 200, 'OK', { SUCCESS: 'N', errors: { password: 'Короткий' } });
    expect(failureNotice<{ password: string }>(error, ['password'], form)).toBeNull();
  });

  it('names a transport failure as the sign-in screens do', () => {
    const { set, form } = formSpy();
    const error = new ApiError('network', 0, '', undefined);
    expect(failureNotice<{ password: string }>(error, ['password'], form)).toEqual({ type: 'error', text: errorText(error, 'login') });
    expect(set).toEqual([]);
  });
});
