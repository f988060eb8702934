import type { CheckResponse } from '@b2b/contracts/auth';
import { fetchCheck } from '@/api/auth-api';
import { reloadAfterTokenReset } from '@/api/page-reload';
import { getAccessToken, obtainGuestToken, refreshTokens } from '@/api/token-manager';
import { clearTokens } from '@/api/token-storage';

/**
 * The session check of back-office.md §4: take a token (a guest one when there is none), ask utils/check;
 * an expired token is refreshed (a failed refresh falls back to a guest token); an invalid one is cleared and
 * the page reloaded.
 */
export async function bootSession(): Promise<CheckResponse> {
  await getAccessToken();
  let check = await fetchCheck();
  if (check.STATUS === 'expired') {
    if (!(await refreshTokens())) {
      clearTokens();
      await obtainGuestToken();
    }
    check = await fetchCheck();
  }
  if (check.STATUS === 'invalid' || check.isInvalid) {
    clearTokens();
    // The page is reloading: keep the spinner until it does.
    if (reloadAfterTokenReset()) return new Promise<never>(() => {});
    await obtainGuestToken();
    check = await fetchCheck();
  }
  return check;
}
