import type { z } from 'zod';
import { MSG } from '@b2b/contracts/messages';
import { badRequest } from '@/http/app-error';

/** A query or body read with its contract's schema; input the schema refuses answers 400. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const parsed = schema.safeParse(data ?? {});
  if (!parsed.success) throw badRequest(MSG.badRequest);
  return parsed.data;
}
