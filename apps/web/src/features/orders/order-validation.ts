import { cancelReasonSchema, orderTextSchema } from '@b2b/contracts/orders';

/** The first message of a text schema for `text`, or null when it is valid. */
function firstMessage(schema: typeof orderTextSchema | typeof cancelReasonSchema, text: string): string | null {
  const checked = schema.safeParse(text);
  return checked.success ? null : (checked.error.issues[0]?.message ?? null);
}

/** A note or shop comment: at most LIMITS.orderNoteMax characters (back-office.md §5). Null when valid. */
export const orderTextError = (text: string) => firstMessage(orderTextSchema, text);

/** A cancel needs a reason (back-office.md §4); the server checks the same schema. Null when valid. */
export const cancelReasonError = (reason: string) => firstMessage(cancelReasonSchema, reason);
