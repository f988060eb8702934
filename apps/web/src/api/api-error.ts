/**
 * http: the server answered outside 2xx; failure: a 2xx JSON answer with SUCCESS "N";
 * network: no answer at all; timeout: no answer within LIMITS.requestTimeoutMs;
 * contract: a 2xx answer that does not match its route contract.
 */
export type ApiErrorKind = 'http' | 'failure' | 'network' | 'timeout' | 'contract';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly statusText: string,
    /** The parsed JSON answer, the answer's text, or undefined. */
    readonly body: unknown,
  ) {
    super(`${kind} ${status} ${statusText}`.trim());
  }

  /** The `errors` object of a SUCCESS "N" answer ({ key: message }). */
  get errors(): Record<string, string> {
    const errors = (this.body as { errors?: unknown } | undefined)?.errors;
    if (!errors || typeof errors !== 'object') return {};
    return Object.fromEntries(
      Object.entries(errors as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
  }

  /** The OAuth-style error_description, when present. */
  get description(): string | undefined {
    const value = (this.body as { error_description?: unknown } | undefined)?.error_description;
    return typeof value === 'string' ? value : undefined;
  }

  get isExpiredToken(): boolean {
    return this.status === 401 && /expired/i.test(this.description ?? '');
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
