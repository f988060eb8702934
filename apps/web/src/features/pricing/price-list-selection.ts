import { DEFAULTS } from '@b2b/contracts/limits';
import type { PriceListId, PriceListType } from '@b2b/contracts/price-lists';

/** The cookie that keeps each tab's selected price list or column (SAVED_STATE_COOKIES; cleared on sign-out). */
export const SELECTED_PRICE_COOKIE = { pricelist: 'pricelistId', column: 'columnId' } as const satisfies Record<PriceListType, string>;

/** An id as the URL or a cookie carries it: personal_price or a number. */
export function parsePriceListId(text: string | null | undefined): PriceListId | undefined {
  if (!text) return undefined;
  if (text === DEFAULTS.basePriceListId) return text;
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

/**
 * The list or column a tab shows (§4): the one named by the URL (?id, where a copy lands), else the one kept in the
 * cookie, when it still exists; otherwise the base price list (the first column on the columns tab).
 */
export function pickSelected(
  type: PriceListType,
  items: readonly { ID: PriceListId; IS_BASE: 'Y' | 'N' }[],
  wanted: readonly (string | null | undefined)[],
): PriceListId | undefined {
  for (const text of wanted) {
    const id = parsePriceListId(text);
    if (id !== undefined && items.some((i) => i.ID === id)) return id;
  }
  const fallback = type === 'pricelist' ? (items.find((i) => i.IS_BASE === 'Y') ?? items[0]) : items[0];
  return fallback?.ID;
}
