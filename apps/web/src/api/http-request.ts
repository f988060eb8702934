import { LIMITS } from '@b2b/contracts/limits';
import { ApiError } from '@/api/api-error';
import type { Fields } from '@/api/form-encoding';
import { encodeBody, encodeQuery } from '@/api/form-encoding';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** An absolute path: /v3/api/…, /v1/…, /v3/oauth/… */
  path: string;
  query?: Fields;
  body?: Fields;
  accessToken?: string | null;
  /** Extra request headers (the web session's cookie transport, WEB_SESSION). */
  headers?: Record<string, string>;
  responseType?: 'json' | 'blob';
  timeoutMs?: number;
  signal?: AbortSignal;
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
}

/** The query every call carries (back-office.md §7), after the call's own parameters. */
export function buildUrl(path: string, query: Fields = {}, now = Date.now(), page = globalThis.location?.pathname ?? ''): string {
  const params = encodeQuery(query);
  params.set('request_id', randomId());
  params.set('time_connection', String(now / 1000));
  params.set('page', page);
  return `${path}?${params.toString()}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (/json/i.test(response.headers.get('content-type') ?? '') || /^\s*[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

const isFailure = (body: unknown) => !!body && typeof body === 'object' && (body as { SUCCESS?: unknown }).SUCCESS === 'N';

/** One call without any token handling; throws ApiError for every kind of failure. */
export async function httpRequest<T>(request: HttpRequest): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, request.timeoutMs ?? LIMITS.requestTimeoutMs);
  const abortFromCaller = () => controller.abort();
  request.signal?.addEventListener('abort', abortFromCaller);

  const headers: Record<string, string> = { Accept: 'application/json', ...request.headers };
  if (request.accessToken) headers.Authorization = `Bearer ${request.accessToken}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(request.path, request.query), {
      method: request.method,
      headers,
      body: request.body && request.method !== 'GET' ? encodeBody(request.body) : undefined,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    if (response.ok && request.responseType === 'blob') return (await response.blob()) as T;
    const body = await readBody(response);
    if (!response.ok) throw new ApiError('http', response.status, response.statusText, body);
    if (isFailure(body)) throw new ApiError('failure', response.status, response.statusText, body);
    return body as T;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (request.signal?.aborted) throw error;
    throw new ApiError(timedOut ? 'timeout' : 'network', 0, '', undefined);
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', abortFromCaller);
  }
}
