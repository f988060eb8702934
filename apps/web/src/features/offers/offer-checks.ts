import { LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { OFFER_MSG } from '@b2b/contracts/offers';
import { SPREADSHEET_ACCEPT, spreadsheetNameProblem } from '@b2b/contracts/spreadsheet-files';
import { rubles } from '@b2b/contracts/storefront';
import { centsOf, moneyOfCents } from '@/shared/money/cents';

/*
 * What the offer form checks before sending (shop-pricing-offers-loyalty.md §5 Offers), with the spec's texts; the
 * server checks all of it again and answers check_* keys.
 */

/** §5: jpeg, jpg or png. */
export const BANNER_TYPES = ['image/jpeg', 'image/jpg', 'image/png'] as const;
export const BANNER_ACCEPT = '.jpg,.jpeg,.png';
/** The promo assortment file: the spreadsheets the server reads (SPREADSHEET_EXTENSIONS), the old .xls not among them. */
export const XLS_ACCEPT = SPREADSHEET_ACCEPT;

/** A banner over 300 KB (307200 bytes) or not a jpeg/png picture is refused. */
export function bannerProblem(file: { size: number; type: string; name: string }): string | null {
  const typeOk = (BANNER_TYPES as readonly string[]).includes(file.type.toLowerCase()) || (!file.type && /\.(jpe?g|png)$/i.test(file.name));
  if (!typeOk) return OFFER_MSG.bannerType;
  return file.size > LIMITS.bannerMaxBytes ? OFFER_MSG.bannerTooLarge : null;
}

/**
 * The promo assortment file: an .xlsx or .csv of at most 10 MB; the old .xls is asked to be saved again as the server
 * would ask (issue 39 §3).
 */
export function xlsProblem(file: { size: number; name: string }): string | null {
  const problem = spreadsheetNameProblem(file.name);
  if (problem === 'old-excel') return MSG.spreadsheetOldExcel;
  if (problem) return MSG.fileTypeInvalid;
  return file.size > LIMITS.uploadMaxBytes ? MSG.fileTooLarge : null;
}

/** Description or note of one letter (tags aside) is refused. */
export const isOneLetter = (text: string | undefined) => (text ?? '').replace(/<[^>]*>/g, '').trim().length === 1;

const cents = (text: string | undefined): bigint | null => {
  const clean = (text ?? '').replace(/[\s\u00a0]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return centsOf(clean);
};

/**
 * The problem with the sum of gift `index`: gift thresholds increase, so a sum not above the last valid sum before
 * it is refused with «Сумма заказа должна больше {value}» (the value as the server writes it: 10 000,00).
 */
export function presentSumProblem(sums: readonly (string | undefined)[], index: number): string | null {
  const own = cents(sums[index]);
  if (own === null) return null;
  for (let i = index - 1; i >= 0; i--) {
    const previous = cents(sums[i]);
    if (previous === null) continue;
    return own <= previous ? OFFER_MSG.presentSumIncrease(rubles(moneyOfCents(previous))) : null;
  }
  return null;
}

/** A gift code as typed: its digits, at most six. */
export const cleanProductCode = (text: string) => text.replace(/\D/g, '').slice(0, LIMITS.productCodeLength);
export const isProductCode = (text: string | undefined) => new RegExp(`^\\d{${LIMITS.productCodeLength}}$`).test(text ?? '');
