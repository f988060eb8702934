import { isApiError } from '@/api/api-error';
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
export async function request<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
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
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>('POST', path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>('PUT', path, options),
  patch: <T>(path: string, options?: RequestOptions) => request<T>('PATCH', path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};
