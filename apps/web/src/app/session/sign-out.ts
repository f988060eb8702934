import { SAVED_STATE_COOKIES } from '@b2b/contracts/limits';
import { revokeToken } from '@/api/oauth';
import { obtainGuestToken } from '@/api/token-manager';
import { clearTokens, readTokens } from '@/api/token-storage';
import { removeCookie } from '@/shared/cookies';

/**
 * Forgets the tokens (revoking the session and its refresh cookie, failures ignored), clears the saved list state
 * (back-office.md §4), takes a guest token and opens /login with a fresh page, so no signed-in data stays in memory.
 */
export async function signOutAndLeave(): Promise<void> {
  await revokeToken(readTokens().accessToken).catch(() => undefined);
  clearTokens();
  for (const name of SAVED_STATE_COOKIES) removeCookie(name);
  await obtainGuestToken().catch(() => undefined);
  location.assign('/login');
}
