import { DEFAULTS, LIMITS } from '@b2b/contracts/limits';
import { MSG } from '@b2b/contracts/messages';
import { PRICE_KINDS, type PriceKind, type PriceUpload } from '@b2b/contracts/pricing';
import { spreadsheetNameProblem } from '@b2b/contracts/spreadsheet-files';
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

/**
 * Why a chosen file is not sent, or null: the old .xls asks to be saved as .xlsx or .csv, another type is unsupported,
 * then its size. The server reads only SPREADSHEET_EXTENSIONS and checks the content again (an .xls renamed is refused there).
 */
export function refuseFile(file: { name: string; size: number }, texts: { tooLarge: string; unsupported: string }): string | null {
  const problem = spreadsheetNameProblem(file.name);
  if (problem === 'old-excel') return MSG.spreadsheetOldExcel;
  if (problem) return texts.unsupported;
  return file.size > LIMITS.uploadMaxBytes ? texts.tooLarge : null;
}
