import { ApiError } from '@/api/api-error';

/** A contract's answer schema, as far as this module needs it. */
interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * The one shape a call asked for, of a route that answers several by its action (the card, or with action=export
 * the file to download): the answer read by that shape's schema; any other shape is a contract error.
 */
export function answerAs<T>(schema: AnswerSchema<T>, answer: unknown, path: string): T {
  const parsed = schema.safeParse(answer);
  if (!parsed.success) throw new ApiError('contract', 200, path, answer);
  return parsed.data;
}
