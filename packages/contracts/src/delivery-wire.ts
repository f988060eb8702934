import { z } from 'zod';
import { seconds, yn } from './http/envelope';
import { formFlag, formText } from './http/form-fields';
import { fileRef } from './shop-wire';

/** Delivery zones and the products excluded from delivery (shop-pricing-offers-loyalty.md §3). */

/** A delivery zone: DELIVERY_ZONE_ID is its ID under the name the spec's calls use (delivery_zone_id); by SORT. */
export const deliveryZone = z.object({
  ID: z.number().int(),
  DELIVERY_ZONE_ID: z.number().int(),
  NAME: z.string(),
  PRICE: z.string(),
  SORT: z.number().int(),
  /** Free delivery from this basket sum in roubles ('' : the shop's MIN_SUM applies). */
  FREE_FROM: z.string(),
  /** The zone's outline as [latitude, longitude] points, for a geocoded address (GEOCODER_URL); null: none. */
  POLYGON: z.array(z.tuple([z.number(), z.number()])).nullable(),
});
export type DeliveryZone = z.infer<typeof deliveryZone>;

/**
 * POST /v3/api/partner/delivery_zone/{id}/: name, price, sort, free_from and polygon; sort alone re-sorts the zone; delete=Y deletes.
 * Texts all: the server answers a missing name or price and a malformed sum or sort as field errors.
 */
export const deliveryZoneBody = z.object({
  delete: formFlag.optional(),
  name: formText.optional(),
  price: formText.optional(),
  sort: formText.optional(),
  /** Free delivery from this sum in roubles; '' clears it (the shop's MIN_SUM applies). */
  free_from: formText.optional(),
  /** The outline as JSON, [[latitude, longitude], …]; '' clears it. */
  polygon: formText.optional(),
});
export type DeliveryZoneBody = z.output<typeof deliveryZoneBody>;
export type DeliveryZoneInput = z.input<typeof deliveryZoneBody>;

/** POST /v3/api/partner/delivery_zone/: creates a zone, or changes the one named by delivery_zone_id. */
export const deliveryZoneSaveBody = deliveryZoneBody.extend({ delivery_zone_id: formText.optional() });

/** GET /v3/api/partner/delivery_exclude/: the active exclusion, its file and when it was uploaded. */
export const deliveryExclude = z.object({
  IS_DOWNLOADED: yn,
  /** Codes of the file that are catalogue products. */
  COUNT_ITEMS: z.number().int(),
  /** Product codes read from the file. */
  COUNT_IN_FILE: z.number().int(),
  FILE: fileRef.nullable(),
  DATE: seconds.nullable(),
});
export type DeliveryExclude = z.infer<typeof deliveryExclude>;
