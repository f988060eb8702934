import { z } from 'zod';
import '../zod-locale';

/**
 * Path parameters. A malformed one names no row and answers 404 (the error handler), exactly as another partner's
 * id does, so that probing ids tells nothing.
 */

/** A row's id: a positive integer of at most 15 digits (the web passes a number). */
export const pathId = z.coerce
  .string<string | number>()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((n) => n > 0);

/** A stored file's id (a UUID). */
export const pathFileId = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
