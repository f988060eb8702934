import { ACCOUNT_MSG, PASSWORD_MIN } from '@b2b/contracts/auth';
import { MSG } from '@b2b/contracts/messages';

/** A new password: required, at least PASSWORD_MIN characters (the server's rules, checked before sending). */
export function passwordError(password: string | undefined): string | null {
  if (!password) return MSG.loginPasswordRequired;
  if (password.length < PASSWORD_MIN) return ACCOUNT_MSG.passwordTooShort;
  return null;
}

export function repeatError(password: string | undefined, repeat: string | undefined): string | null {
  return (password ?? '') === (repeat ?? '') ? null : ACCOUNT_MSG.passwordsDiffer;
}
