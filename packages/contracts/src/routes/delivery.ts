import { z } from 'zod';
import { action, actionDone, listOf } from '../http/envelope';
import { formFile } from '../http/form-fields';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import { deliveryExclude, deliveryZone, deliveryZoneBody, deliveryZoneSaveBody } from '../delivery-wire';

/**
 * Delivery zones and the delivery exclusion file (shop-pricing-offers-loyalty.md §3, §7 /partner/delivery_zone/,
 * /partner/delivery_exclude/). Every partner role reads them; ADMIN and the owner change them (§6).
 */

const tags = ['delivery'];
const readers = { staff: 'viewShopSettings' } as const;
const editors = { staff: 'editStoreSettings' } as const;
const saved = action({ ID: z.number().int().optional() });

export const DELIVERY_ROUTES = {
  zones: route({
    method: 'GET',
    path: '/v3/api/partner/delivery_zone/',
    access: readers,
    summary: 'Delivery zones, by sort',
    tags,
    answer: listOf(deliveryZone),
  }),

  saveZone: route({
    method: 'POST',
    path: '/v3/api/partner/delivery_zone/',
    access: editors,
    summary: 'Create a zone (name, price, sort), or change one (delivery_zone_id: sort alone re-sorts it, delete=Y deletes it)',
    tags,
    form: true,
    body: deliveryZoneSaveBody,
    answer: saved,
    answers: { 404: 'delivery_zone_id names no zone of the partner' },
  }),

  editZone: route({
    method: 'POST',
    path: '/v3/api/partner/delivery_zone/:id/',
    access: editors,
    summary: 'Edit a zone, or delete it (delete=Y)',
    tags,
    form: true,
    params: z.object({ id: pathId }),
    body: deliveryZoneBody,
    answer: saved,
  }),

  exclude: route({
    method: 'GET',
    path: '/v3/api/partner/delivery_exclude/',
    access: readers,
    summary: 'The active delivery exclusion: IS_DOWNLOADED, COUNT_ITEMS, COUNT_IN_FILE',
    tags,
    answer: deliveryExclude,
  }),

  uploadExclude: route({
    method: 'POST',
    path: '/v3/api/partner/delivery_exclude/',
    access: editors,
    summary: 'Upload the products excluded from delivery (file: xlsx or csv of 6-digit codes)',
    tags,
    files: { maxFiles: 1, maxFileBytes: LIMITS.uploadMaxBytes },
    body: z.object({ file: formFile.optional() }),
    answer: action(deliveryExclude.shape),
  }),

  deactivateExclude: route({
    method: 'POST',
    path: '/v3/api/partner/delivery_exclude/deactive/',
    access: editors,
    summary: 'Switch the delivery exclusion off',
    tags,
    answer: actionDone(deliveryExclude.shape),
  }),
};
