import { DEFAULTS, LIMITS } from '@b2b/contracts/limits';
import { PRICE_KINDS, type PriceKind, type PriceUpload } from '@b2b/contracts/pricing';
import { parsePriceListId } from '@/features/pricing/price-list-selection';

/** The price a pricing panel shows: a price list or column (the base list's id is `personal_price`), or a client. */
export interface PanelTarget {
  type: PriceKind;
  id: number | string;
}

/** The files of a panel: its prices; the base list's page also has the remains and the multiplicities. */
export type FilePart = 'price' | 'remain' | 'multiplicity';

export const isBaseList = (t: PanelTarget) => t.type === 'pricelist' && t.id === DEFAULTS.basePriceListId;

export const fileParts = (t: PanelTarget): FilePart[] => (isBaseList(t) ? ['price', 'remain', 'multiplicity'] : ['price']);

/** Only prices hold for a period (7, 14, 21 days or termless) and can be prolonged; remains and multiplicities do not. */
export const hasValidity = (part: FilePart) => part === 'price';

/** The kind of upload a part's history lists. */
export const uploadKindOf = (t: PanelTarget, part: FilePart): PriceUpload['type'] =>
  part === 'remain' ? 'REMAIN' : part === 'multiplicity' ? 'MULTIPLICITY' : t.type === 'client' ? 'PERSONAL' : 'PRICE';

/**
 * The panel of /partner/pricing/{type}?id=…: a known type and an id it takes (a positive integer; `personal_price`
 * for the base price list), else null.
 */
export function parsePanelTarget(type: string, id: string | null): PanelTarget | null {
  if (!(PRICE_KINDS as readonly string[]).includes(type)) return null;
  const parsed = parsePriceListId(id);
  if (parsed === undefined || parsed === 0) return null;
  // A client is a number; only the price lists' tab has the base list.
  if (typeof parsed === 'string' && type !== 'pricelist') return null;
  return { type: type as PriceKind, id: parsed };
}

/** The price files the server reads (it checks the content again: a renamed file is refused there). */
export const PRICE_FILE_EXTENSIONS = ['xlsx', 'csv'] as const;

/** Why a chosen file is not sent (its extension, its size), or null. */
export function refuseFile(file: { name: string; size: number }, texts: { tooLarge: string; unsupported: string }): string | null {
  const extension = /\.([^.]+)$/.exec(file.name)?.[1].toLowerCase() ?? '';
  if (!(PRICE_FILE_EXTENSIONS as readonly string[]).includes(extension)) return texts.unsupported;
  return file.size > LIMITS.uploadMaxBytes ? texts.tooLarge : null;
}
