import { ApiError } from '@/api/api-error';

/**
 * The one shape a call asked for, of a route that answers two by its action (a list, or with action=export the file
 * to download), told apart by a field only that shape has; the other shape is a contract error.
 */
export function answerWith<A extends object, K extends string>(answer: A, field: K, path: string): Extract<A, Record<K, unknown>> {
  if (!(field in answer)) throw new ApiError('contract', 200, path, answer);
  return answer as Extract<A, Record<K, unknown>>;
}
