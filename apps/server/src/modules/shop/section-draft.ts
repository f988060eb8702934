import { SHOP_MSG } from '@b2b/contracts/shop';
import { flag, has, money, rawList, text, type Body, type Errors } from './form-values';
import type { ShopChanges } from './shop.repo';

/**
 * One part of the shop settings being saved: each value is the one sent, or the stored one when it is not sent,
 * so a part is checked whole. A list that is not sent is empty when the part is named by `type` (the web's
 * encoding leaves out empty lists), and kept otherwise.
 */
export function sectionDraft(body: Body, explicit: boolean) {
  const set: ShopChanges = {};
  const errors: Errors = {};
  return {
    set,
    errors,
    explicit,
    sent: (key: string) => has(body, key),
    raw: (key: string): unknown => body[key],
    /** The text sent (trimmed), else the stored one; over `max` characters is an error under `key`. */
    text(key: string, stored: string | null, max: number): string {
      if (!has(body, key)) return stored ?? '';
      const value = text(body[key]);
      if (value.length > max) errors[key] = SHOP_MSG.textTooLong(max);
      return value;
    },
    list: (key: string, stored: readonly string[]): string[] =>
      has(body, key) ? rawList(body[key]) : explicit ? [] : [...stored],
    flag: (key: string, stored: boolean): boolean => (has(body, key) ? (flag(body[key]) ?? stored) : stored),
    /** A choice among `allowed`; empty gives `fallback`, anything else is an error under `key`. */
    choice<T extends string>(key: string, stored: T, allowed: readonly string[], fallback: T): T {
      if (!has(body, key)) return stored;
      const value = text(body[key]);
      if (!value) return fallback;
      if (!allowed.includes(value)) errors[key] = SHOP_MSG.choiceInvalid;
      return value as T;
    },
    /** A sum: null for none; an invalid one is an error under `key`. */
    money(key: string, stored: string | null): string | null {
      if (!has(body, key)) return stored;
      const value = money(body[key]);
      if (value === 'bad') {
        errors[key] = SHOP_MSG.sumInvalid;
        return stored;
      }
      return value;
    },
  };
}

export type SectionDraft = ReturnType<typeof sectionDraft>;

/** Empty text is stored as null. */
export const orNull = (value: string): string | null => value || null;
