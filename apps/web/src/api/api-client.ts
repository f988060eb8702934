import { pathOf, type CallInput, type Resolved, type RouteContract } from '@b2b/contracts/http/route';
import { ApiError, isApiError } from '@/api/api-error';
import type { Fields } from '@/api/form-encoding';
import type { HttpMethod } from '@/api/http-request';
import { httpRequest } from '@/api/http-request';
import { reloadAfterTokenReset } from '@/api/page-reload';
import { reportServerError } from '@/api/server-error-events';
import { getAccessToken, refreshTokens } from '@/api/token-manager';
import { clearTokens } from '@/api/token-storage';

export interface RequestOptions {
  query?: Fields;
  body?: Fields;
  signal?: AbortSignal;
  responseType?: 'json' | 'blob';
  headers?: Record<string, string>;
  /** Do not open the server-error modal on a 5xx answer; the caller shows the error itself. */
  silent?: boolean;
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions, accessToken: string): Promise<T> {
  return httpRequest<T>({ method, path, accessToken, ...options });
}

/**
 * A call with the session's token. A 401 for an expired token refreshes and retries once; when that fails, or
 * the token is invalid, the tokens are cleared and the page reloaded (back-office.md §4).
 */
async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  try {
    try {
      return await send<T>(method, path, options, await getAccessToken());
    } catch (error) {
      if (isApiError(error) && error.isExpiredToken && (await refreshTokens())) {
        return await send<T>(method, path, options, await getAccessToken());
      }
      throw error;
    }
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      clearTokens();
      reloadAfterTokenReset();
    } else if (isApiError(error) && error.status >= 500 && !options.silent) {
      reportServerError(error);
    }
    throw error;
  }
}

export const api = {
  call,
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
};

export type CallOptions = Pick<RequestOptions, 'signal' | 'silent' | 'responseType'>;

/**
 * A call by its route contract: the path from its parameters, the query and body as the contract takes them, and
 * the answer checked against the contract's schema (a mismatch is an error, never a silently wrong screen).
 * A refused action (SUCCESS "N") rejects with its field errors, as every call does.
 */
export async function call<C extends RouteContract>(contract: C, input: CallInput<C>, options: CallOptions = {}): Promise<Resolved<C>> {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Fields; body?: Fields };
  const answer = await request<unknown>(contract.method, pathOf(contract, params), { query, body, ...options });
  const parsed = contract.answer.safeParse(answer);
  if (!parsed.success) throw new ApiError('contract', 200, contract.path, answer);
  return parsed.data as Resolved<C>;
}
