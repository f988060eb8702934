/** The one error type of the server. The error handler turns it into `{ error, error_description }`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'invalid_request') => new AppError(code, 400, message);
export const unauthorized = (message: string, code = 'invalid_token') => new AppError(code, 401, message);
export const forbidden = (message: string) => new AppError('forbidden', 403, message);
export const notFound = (message: string) => new AppError('not_found', 404, message);
export const tooMany = (message: string, retryAfterSeconds: number) =>
  new AppError('too_many_requests', 429, message, { 'retry-after': String(retryAfterSeconds) });
