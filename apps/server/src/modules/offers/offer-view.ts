import Decimal from 'decimal.js';
import {
  BANNER_PLACEMENTS,
  OFFER_STATE_LABEL,
  offerStateOf,
  type BannerPlacement,
  type OfferCard,
  type OfferItem,
  type OfferState,
} from '@b2b/contracts/offers';
import { toSeconds, yn } from '@/http/envelope';
import { moscowDayText } from '@/http/moscow-days';
import { fileDownloadUrl } from '@/files/file-store';
import type { OfferRow } from './offers.repo';

/** Where each banner placement's file id is kept. */
export const BANNER_COLUMN = {
  banner_slider: 'banner_slider_file_id',
  banner_main: 'banner_main_file_id',
  banner_catalog: 'banner_catalog_file_id',
} as const satisfies Record<BannerPlacement, keyof OfferRow>;

/** A banner opens at a public address: the shop's pages show it in an img. */
export const bannerUrl = (partnerId: number, fileId: string) => `/v3/api/client/offer/banner/${partnerId}/${fileId}/`;

export interface FileInfo {
  partner_id: number;
  id: string;
  original_name: string;
  size: number;
}

export interface OfferExtras {
  files: Map<string, FileInfo>;
  types: Map<string, string>;
  partnerName?: string | null;
}

export const offerState = (o: Pick<OfferRow, 'active' | 'date_start' | 'date_end' | 'limit_count' | 'used_count'>, now = new Date()): OfferState =>
  offerStateOf({ active: o.active, start: o.date_start, end: o.date_end, limit: o.limit_count, used: o.used_count }, now);

function fileRef(o: OfferRow, id: string | null, files: Map<string, FileInfo>, url: (id: string) => string) {
  const f = id ? files.get(id) : undefined;
  return f && Number(f.partner_id) === Number(o.partner_id) ? { ID: f.id, NAME: f.original_name, SIZE: Number(f.size), URL: url(f.id) } : null;
}

export function offerItem(o: OfferRow, x: OfferExtras): OfferItem {
  const state = offerState(o);
  const id = Number(o.id);
  return {
    ID: id,
    NAME: o.name,
    TYPE: { CODE: o.type, NAME: x.types.get(o.type) ?? o.type },
    DESCRIPTION: o.description ?? '',
    ACTIVE: yn(o.active),
    STATE: { CODE: state, NAME: OFFER_STATE_LABEL[state] },
    OFFER_DATE: { FROM: toSeconds(o.date_start)!, TO: toSeconds(o.date_end) },
    LIMIT: o.limit_count,
    USED: o.used_count,
    PRESENTS: o.presents.map((p) => ({
      ID: Number(p.product_id),
      NAME: p.name,
      UP_CODE_1C: p.up_code_1c,
      sum: new Decimal(p.sum).toFixed(2),
      product_type: p.product_type,
    })),
    PRODUCTS_CNT: Number(o.products_cnt),
    NOT_IN_BASKET: yn(o.not_in_basket),
    BANNERS: Object.fromEntries(
      BANNER_PLACEMENTS.map((b) => [b, fileRef(o, o[BANNER_COLUMN[b]], x.files, (f) => bannerUrl(Number(o.partner_id), f))]),
    ) as OfferItem['BANNERS'],
    SORT: o.sort,
    DATE_CREATE: toSeconds(o.created_at)!,
    ...(x.partnerName !== undefined ? { PARTNER: { ID: Number(o.partner_id), NAME: x.partnerName ?? '' } } : {}),
  };
}

export function offerCard(o: OfferRow, x: OfferExtras): OfferCard {
  return {
    ...offerItem(o, x),
    DATE_START: moscowDayText(o.date_start),
    // The stored end is the instant after the last day.
    DATE_END: o.date_end ? moscowDayText(new Date(o.date_end.getTime() - 1)) : '',
    XLS_FILE: fileRef(o, o.xls_file_id, x.files, fileDownloadUrl),
  };
}

/** Every file id an offer refers to. */
export const offerFileIds = (o: OfferRow): string[] =>
  [o.xls_file_id, ...BANNER_PLACEMENTS.map((b) => o[BANNER_COLUMN[b]])].filter((v): v is string => Boolean(v));
