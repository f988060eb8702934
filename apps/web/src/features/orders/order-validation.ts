import { LIMITS } from '@b2b/contracts/limits';
import { ORDER_MSG } from '@b2b/contracts/orders';

/** A note or shop comment: at most LIMITS.orderNoteMax characters (back-office.md §5). Null when valid. */
export function orderTextError(text: string): string | null {
  return [...text].length > LIMITS.orderNoteMax ? ORDER_MSG.noteTooLong : null;
}

/** A cancel needs a reason (back-office.md §4); the server refuses an empty one too. Null when valid. */
export function cancelReasonError(reason: string): string | null {
  if (!reason.trim()) return ORDER_MSG.cancelReasonRequired;
  return orderTextError(reason);
}
