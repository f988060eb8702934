import { MSG } from '@b2b/contracts/messages';
import { isApiError } from '@/api/api-error';

/** On the login form a network failure reads differently (back-office.md §5). */
export type ErrorContext = 'default' | 'login';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * The message an answer body carries, in the order of back-office.md §8: the error/error_description pair,
 * meta.errorDetail, query_error; then a SUCCESS "N" answer's errorMessage or its errors object.
 */
export function bodyErrorText(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const b = body as Record<string, unknown>;
  const meta = b.meta as Record<string, unknown> | undefined;
  const errors = b.errors && typeof b.errors === 'object' ? Object.values(b.errors).map(text).filter(Boolean) : [];
  return (
    text(b.error_description) ?? text(meta?.errorDetail) ?? text(b.query_error) ?? text(b.errorMessage) ?? (errors.length ? errors.join('\n') : null)
  );
}

/** Turns any error of a call into the text to show. */
export function errorText(error: unknown, context: ErrorContext = 'default'): string {
  const networkText = context === 'login' ? MSG.noConnection : MSG.networkError;
  if (isApiError(error)) {
    if (error.kind === 'network' || error.kind === 'timeout') return networkText;
    if (error.kind === 'contract') return MSG.serverError;
    const fromBody = bodyErrorText(error.body);
    if (fromBody) return fromBody;
    if (error.kind === 'failure') return MSG.badRequest;
    return `${error.status} ${error.statusText || STATUS_TEXT[error.status] || ''}`.trim();
  }
  if (error instanceof Error && error.name !== 'TypeError' && error.name !== 'AbortError' && error.message) {
    return error.message;
  }
  return networkText;
}
