import { useMutation } from '@tanstack/react-query';
import type { TokenResponse } from '@b2b/contracts/auth';
import { api } from '@/api/api-client';
import { REFRESH_COOKIE_HEADERS, oauthClient } from '@/api/oauth';
import { saveTokens } from '@/api/token-storage';
import type { LinkParams, RegistrationRequest } from '@/features/auth/account-flow';

/** POST /v3/api/auth/register/ by type (back-office.md §7): register, validation_reset, reset_password, change_password. */
const ACCOUNT_PATH = '/v3/api/auth/register/';
const CONFIRM_PATH = '/v1/login/confirm/';

export interface AccountAnswer {
  SUCCESS: 'Y';
  MESSAGE?: string;
}

export interface ConfirmAnswer extends AccountAnswer {
  TOKEN: TokenResponse;
  isUserWithoutPassword: boolean;
}

// Each form shows its own failure (under a field or in the page's message area): no toast, no server-error modal.
const post = (body: Record<string, string | undefined>) => api.post<AccountAnswer>(ACCOUNT_PATH, { body, silent: true });

export const registerAccount = (request: RegistrationRequest) => post({ ...request });

/** E-mails a recovery link; the answer is the same whether the address exists or not. */
export const requestRecovery = (email: string, domain?: string) => post({ type: 'validation_reset', email, domain });

export const resetPassword = (link: LinkParams, password: string, repeat: string) =>
  post({ type: 'reset_password', ...link, password, confirm_password: repeat });

/** The signed-in user's password; current_password only when it has one (not isUserWithoutPassword). */
export const changePassword = (password: string, repeat: string, current?: string) =>
  post({ type: 'change_password', password, confirm_password: repeat, current_password: current });

/**
 * Confirms a registration from the e-mailed link and keeps the tokens it answers with in the session's token
 * storage: the user is signed in.
 */
export async function confirmRegistration(link: LinkParams): Promise<ConfirmAnswer> {
  const answer = await api.put<ConfirmAnswer>(CONFIRM_PATH, {
    body: { ...link, ...oauthClient },
    headers: REFRESH_COOKIE_HEADERS,
    silent: true,
  });
  saveTokens(answer.TOKEN);
  return answer;
}

const quiet = { meta: { toastError: false } } as const;

export const useRegisterAccount = () => useMutation({ mutationFn: registerAccount, ...quiet });
export const useRequestRecovery = () =>
  useMutation({ mutationFn: (v: { email: string; domain?: string }) => requestRecovery(v.email, v.domain), ...quiet });
export const useResetPassword = () =>
  useMutation({
    mutationFn: (v: { link: LinkParams; password: string; repeat: string }) => resetPassword(v.link, v.password, v.repeat),
    ...quiet,
  });
export const useChangePassword = () =>
  useMutation({
    mutationFn: (v: { password: string; repeat: string; current?: string }) => changePassword(v.password, v.repeat, v.current),
    ...quiet,
  });
export const useConfirmRegistration = () => useMutation({ mutationFn: confirmRegistration, ...quiet });
