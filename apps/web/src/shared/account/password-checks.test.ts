import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';
import { passwordError, repeatError } from './password-checks';

describe('password rules', () => {
  it('requires a password of PASSWORD_MIN characters and an equal repeat', () => {
    expect(passwordError('')).toBe(MSG.loginPasswordRequired);
    expect(passwordError('12345')).toBe(ACCOUNT_MSG.passwordTooShort);
    expect(passwordError('123456')).toBeNull();
    expect(repeatError('123456', '123457')).toBe(ACCOUNT_MSG.passwordsDiffer);
    expect(repeatError('123456', undefined)).toBe(ACCOUNT_MSG.passwordsDiffer);
    expect(repeatError('123456', '123456')).toBeNull();
  });
});
