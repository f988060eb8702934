import { LIMITS } from '@b2b/contracts/limits';
import type { RightName, Rights } from '@b2b/contracts/rights';
import { PRICING_READERS } from '@b2b/contracts/routes/pricing';
import type { ExportJobType } from '@/jobs/export-jobs';

/*
 * Who may download a stored file through GET /v3/api/partner/file/{id}/ (issue 37.6): a file is served by right, not
 * by knowing its address. Every file records its purpose; each purpose is here with the right(s) that may read it.
 *
 * - A generated file (an export) is written for the one user who asked for it, cut to that user's rights at the time
 *   (the client list's «Тип цен» and loyalty columns, say). Only that user downloads it, and only while still holding
 *   the right of its kind; a colleague, even the owner, gets 404 and exports for themselves (the file may show
 *   columns the colleague may not see, and nobody but its requester was given its address). It expires after
 *   LIMITS.generatedFileTtlHours and the hourly purge deletes it.
 * - A stored file (an upload, a picture of the settings) belongs to the partner: any staff member holding the right
 *   of the screen that lists it reads it. Files the shop shows to everyone (banners, the logo, shop files, the about
 *   text's images) are served to the public by their own routes (offers.routes `banner`, shop-settings `publicFile`),
 *   which check the purpose themselves.
 * Another partner's file, an unknown purpose and a missing right all answer 404: the address tells nothing.
 */

/** Generated for their requester, and expiring: the right a requester must still hold to download each. */
const GENERATED = {
  'export.orders': ['viewOrders'],
  /** One order's .xlsx (the order card's action=export). */
  'export.order': ['viewOrders'],
  'export.clients': ['viewClients'],
  'export.group_members': ['viewClients'],
  'export.groups': ['viewClients'],
  'export.price_file': ['downloadPriceExcel', 'editPersonalPrices'],
} as const satisfies Record<ExportJobType | 'export.order', readonly RightName[]>;

/** The partner's stored files: the rights of the screen that links each (the route that lists it). */
const STORED = {
  /** A price, remains, multiplicity or personal-price file and its errors (pricing uploadlist). */
  'price-upload': PRICING_READERS.staff,
  'price-upload-errors': PRICING_READERS.staff,
  /** Delivery exclusions (GET delivery_exclude). */
  'delivery-exclude': ['viewShopSettings'],
  /** An offer's banners and its promo assortment file (the offer card). */
  'offer-banner': ['viewOffers'],
  'offer-products': ['viewOffers'],
  /** The loyalty programme's logo and offer file (GET loyalty/shop). */
  'loyalty-logo': ['loyaltyGeneralView', 'manageLoyalty'],
  'loyalty-offer_file': ['loyaltyGeneralView', 'manageLoyalty'],
  /** The commercial offer's logo and seal (GET commercial_offer). */
  'offer-logo': ['viewShopSettings'],
  'offer-stamp': ['viewShopSettings'],
  /** The shop's logo, files and about-text images (GET shop; public through shop-settings `publicFile` as well). */
  'shop-logo': ['viewShopSettings'],
  'shop-file': ['viewShopSettings'],
  'shop-image': ['viewShopSettings'],
  /** A client's documents (the client card). */
  'client-file': ['viewClients'],
} as const satisfies Record<string, readonly RightName[]>;

export type GeneratedPurpose = keyof typeof GENERATED;
export type FilePurpose = GeneratedPurpose | keyof typeof STORED;

const isGenerated = (purpose: string): purpose is GeneratedPurpose => Object.hasOwn(GENERATED, purpose);

/** When a file stored now for `purpose` expires: a generated one after the TTL, a stored one never. */
export function expiryOf(purpose: FilePurpose, now = new Date()): Date | null {
  return isGenerated(purpose) ? new Date(now.getTime() + LIMITS.generatedFileTtlHours * 3600_000) : null;
}

/** The reader the download route knows: the signed-in staff member. */
export interface FileReader {
  id: number;
  rights: Rights;
}

/** Whether `reader` (staff of the file's partner) may download a file of `purpose` created by `createdBy`. */
export function mayRead(reader: FileReader, file: { purpose: string; created_by: number | null }): boolean {
  const { purpose } = file;
  if (isGenerated(purpose)) return file.created_by === reader.id && GENERATED[purpose].some((r) => reader.rights[r]);
  const rights: readonly RightName[] | undefined = Object.hasOwn(STORED, purpose) ? STORED[purpose as keyof typeof STORED] : undefined;
  return rights?.some((r) => reader.rights[r]) ?? false;
}
