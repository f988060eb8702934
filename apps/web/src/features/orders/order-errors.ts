import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';

/** The first message of a failure (back-office.md §4: a basket send that fails shows its first error). */
export function firstErrorText(error: unknown): string {
  if (isApiError(error) && error.kind === 'failure') {
    const first = Object.values(error.errors)[0];
    if (first) return first;
  }
  return errorText(error);
}
