import { parseSum, SHOP_MSG } from '@b2b/contracts/shop';
import type { ShopChanges } from './shop.repo';

export type Errors = Record<string, string>;

/** The keys of a body whose values are of type V. */
type KeysOf<B, V> = { [K in keyof B]-?: Exclude<B[K], undefined> extends V ? K : never }[keyof B];

/**
 * One part of the shop settings being saved, from a body its contract's schema has read and typed: each value is
 * the one sent, or the stored one when it is not sent, so that a part is checked whole and every broken rule of it
 * is answered at once. A list that is not sent is empty when the part is named by `type` (the web's encoding
 * leaves out empty lists), and kept otherwise.
 */
export function sectionDraft<B extends object>(body: B, explicit: boolean) {
  const set: ShopChanges = {};
  const errors: Errors = {};
  const sent = (key: keyof B) => body[key] !== undefined;
  return {
    set,
    errors,
    explicit,
    sent,
    value: <K extends keyof B>(key: K): B[K] => body[key],
    /** The text sent, else the stored one; over `max` characters is an error under `key`. */
    text(key: KeysOf<B, string> & string, stored: string | null, max: number): string {
      const value = body[key] as string | undefined;
      if (value === undefined) return stored ?? '';
      if (value.length > max) errors[key] = SHOP_MSG.textTooLong(max);
      return value;
    },
    list: (key: KeysOf<B, string[]>, stored: readonly string[]): string[] => (body[key] as string[] | undefined) ?? (explicit ? [] : [...stored]),
    flag: (key: KeysOf<B, boolean>, stored: boolean): boolean => (body[key] as boolean | undefined) ?? stored,
    /** A choice among `allowed`; empty gives `fallback`, anything else is an error under `key`. */
    choice<T extends string>(key: KeysOf<B, string> & string, stored: T, allowed: readonly string[], fallback: T): T {
      const value = body[key] as string | undefined;
      if (value === undefined) return stored;
      if (!value) return fallback;
      if (!allowed.includes(value)) errors[key] = SHOP_MSG.choiceInvalid;
      return value as T;
    },
    /** A sum: null for none; a malformed one is an error under `key`. */
    money(key: KeysOf<B, string> & string, stored: string | null): string | null {
      const value = body[key] as string | undefined;
      if (value === undefined) return stored;
      const sum = parseSum(value);
      if (sum === 'bad') {
        errors[key] = SHOP_MSG.sumInvalid;
        return stored;
      }
      return sum;
    },
  };
}

export type SectionDraft<B extends object> = ReturnType<typeof sectionDraft<B>>;

/** Empty text is stored as null. */
export const orNull = (value: string): string | null => value || null;
