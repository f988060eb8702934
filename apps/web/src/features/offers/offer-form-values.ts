import dayjs, { type Dayjs } from 'dayjs';
import { readDay } from '@b2b/contracts/dates';
import { BANNER_PLACEMENTS, type BannerPlacement, type OfferBody, type OfferCard } from '@b2b/contracts/offers';
import { SCREEN_DAY } from '@/shared/inputs/day-range';

/** A file field's change: a new file, or the stored one removed; null keeps what is stored. */
export type FileChange = { file: File } | { remove: true } | null;

/** A gift row: the product's 6-digit code (its ID once looked up) and the order sum. */
export interface PresentRow {
  code: string;
  ID?: number;
  sum: string;
}

export interface OfferFormValues {
  name: string;
  type?: string;
  description: string;
  date_start: Dayjs | null;
  date_end: Dayjs | null;
  limit: string;
  sort: string;
  active: boolean;
  not_in_basket: boolean;
  presents: PresentRow[];
  banner_slider: FileChange;
  banner_main: FileChange;
  banner_catalog: FileChange;
  xls_file: FileChange;
}

/** A day of the card (dd.MM.yyyy; contracts' readDay), or no day. */
export function parseOfferDay(text: string | undefined): Dayjs | null {
  const read = readDay(text ?? '');
  return 'day' in read ? dayjs(read.day) : null;
}

/** The form's values of a stored offer, or of a new one (active, no gifts, no files). */
export function offerFormValues(offer?: OfferCard): OfferFormValues {
  return {
    name: offer?.NAME ?? '',
    type: offer?.TYPE.CODE || undefined,
    description: offer?.DESCRIPTION ?? '',
    date_start: parseOfferDay(offer?.DATE_START),
    date_end: parseOfferDay(offer?.DATE_END),
    limit: offer?.LIMIT == null ? '' : String(offer.LIMIT),
    sort: offer ? String(offer.SORT) : '',
    active: offer ? offer.ACTIVE === 'Y' : true,
    not_in_basket: offer?.NOT_IN_BASKET === 'Y',
    presents: (offer?.PRESENTS ?? []).map((p) => ({ code: p.UP_CODE_1C, ID: p.ID, sum: p.sum })),
    banner_slider: null,
    banner_main: null,
    banner_catalog: null,
    xls_file: null,
  };
}

/** A file part, or its `*_del=Y`, or nothing (the stored file is kept). */
function fileFields(change: FileChange, fileKey: string, delKey: string): Partial<OfferBody> {
  if (!change) return {};
  return 'file' in change ? { [fileKey]: change.file } : { [delKey]: 'Y' };
}

/**
 * POST offer/ and offer/{id}/ (§3 save fields): dates as dd.MM.yyyy, gifts as presents[n][ID|code|sum] (an empty
 * list is sent as presents='' so that removing every gift is saved), files as multipart parts.
 */
export function offerPayload(v: OfferFormValues): OfferBody {
  const presents = v.presents.map((row) => ({
    ID: row.ID ? String(row.ID) : undefined,
    code: row.code.trim(),
    sum: row.sum.trim(),
  }));
  const banners = BANNER_PLACEMENTS.reduce<Partial<OfferBody>>(
    (out, placement: BannerPlacement) => ({ ...out, ...fileFields(v[placement], `${placement}_file`, `${placement}_del`) }),
    {},
  );
  return {
    name: v.name.trim(),
    type: v.type ?? '',
    description: v.description.trim(),
    date_start: v.date_start ? v.date_start.format(SCREEN_DAY) : '',
    date_end: v.date_end ? v.date_end.format(SCREEN_DAY) : '',
    limit: v.limit.trim(),
    sort: v.sort.trim(),
    active: v.active,
    not_in_basket: v.not_in_basket,
    presents: presents.length ? presents : '',
    ...banners,
    ...fileFields(v.xls_file, 'xls_file', 'xls_del'),
  };
}
