import type { ShopPhone } from '@b2b/contracts/shop';
import { flag, objectList, text } from './form-values';

const MAX_PHONES = 10;

/**
 * Phones as sent (ph[0][PHONE], ph[0][COMMENT], ph[0][MAIN]): rows without a number are dropped, and exactly
 * one is the main one (the first marked, else the first).
 */
export function parsePhones(value: unknown): ShopPhone[] {
  const rows = objectList(value)
    .map((row) => ({
      PHONE: text(row.PHONE ?? row.phone).slice(0, 40),
      COMMENT: text(row.COMMENT ?? row.comment).slice(0, 100),
      main: flag(row.MAIN ?? row.main) === true,
    }))
    .filter((row) => row.PHONE)
    .slice(0, MAX_PHONES);
  const mainIndex = Math.max(0, rows.findIndex((row) => row.main));
  return rows.map((row, i) => ({ PHONE: row.PHONE, COMMENT: row.COMMENT, MAIN: i === mainIndex ? 1 : 0 }));
}

/** Phones as stored (jsonb), read back defensively. */
export function storedPhones(value: unknown): ShopPhone[] {
  return Array.isArray(value) ? parsePhones(value) : [];
}
