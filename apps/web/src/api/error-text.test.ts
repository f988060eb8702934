import { describe, expect, it } from 'vitest';
import { MSG } from '@b2b/contracts/messages';
import { ApiError } from './api-error';
import { bodyErrorText, errorText } from './error-text';

describe('bodyErrorText', () => {
  it('follows the order of the spec', () => {
    const all = {
      error: 'invalid_grant',
      error_description: 'Неправильный логин или пароль',
      meta: { errorDetail: 'detail' },
      query_error: 'query',
      errors: { a: 'errors' },
    };
    expect(bodyErrorText(all)).toBe('Неправильный логин или пароль');
    expect(bodyErrorText({ ...all, error_description: undefined })).toBe('detail');
    expect(bodyErrorText({ ...all, error_description: '', meta: {} })).toBe('query');
    expect(bodyErrorText({ errors: { name: 'Не указано название группы', sort: 'check_sort' } })).toBe('Не указано название группы\ncheck_sort');
    expect(bodyErrorText({ errorMessage: 'Заказ недоступен', errors: { a: 'b' } })).toBe('Заказ недоступен');
  });

  it('finds nothing in an empty or plain body', () => {
    expect(bodyErrorText(undefined)).toBeNull();
    expect(bodyErrorText('<html>')).toBeNull();
    expect(bodyErrorText({ error: 'server_error' })).toBeNull();
  });
});

describe('errorText', () => {
  it('shows the server text of an error answer', () => {
    const error = new ApiError('http', 400, 'Bad Request', {
      error: 'invalid_grant',
      error_description: MSG.wrongCredentials,
    });
    expect(errorText(error, 'login')).toBe(MSG.wrongCredentials);
  });

  it('shows the status and status text when the body says nothing', () => {
    expect(errorText(new ApiError('http', 502, 'Bad Gateway', '<html>'))).toBe('502 Bad Gateway');
    expect(errorText(new ApiError('http', 504, '', undefined))).toBe('504 Gateway Timeout');
    expect(errorText(new ApiError('http', 418, '', undefined))).toBe('418');
  });

  it('shows the errors of a SUCCESS "N" answer', () => {
    const error = new ApiError('failure', 200, 'OK', { SUCCESS: 'N', errors: { name: MSG.groupNameRequired } });
    expect(errorText(error)).toBe(MSG.groupNameRequired);
    expect(error.errors).toEqual({ name: MSG.groupNameRequired });
    expect(errorText(new ApiError('failure', 200, 'OK', { SUCCESS: 'N' }))).toBe(MSG.badRequest);
  });

  it('shows the no-connection text on the login form and the network text elsewhere', () => {
    for (const error of [new ApiError('network', 0, '', undefined), new ApiError('timeout', 0, '', undefined)]) {
      expect(errorText(error, 'login')).toBe(MSG.noConnection);
      expect(errorText(error)).toBe(MSG.networkError);
    }
    expect(errorText(new TypeError('Failed to fetch'))).toBe(MSG.networkError);
  });

  it('shows the message of any other error', () => {
    expect(errorText(new Error('Что-то сломалось'))).toBe('Что-то сломалось');
    expect(errorText('strange')).toBe(MSG.networkError);
  });
});

describe('ApiError', () => {
  it('recognises an expired token', () => {
    expect(new ApiError('http', 401, '', { error: 'invalid_token', error_description: MSG.tokenExpired }).isExpiredToken).toBe(true);
    expect(new ApiError('http', 401, '', { error: 'invalid_token', error_description: MSG.tokenInvalid }).isExpiredToken).toBe(false);
    expect(new ApiError('http', 400, '', { error_description: 'expired' }).isExpiredToken).toBe(false);
  });
});
