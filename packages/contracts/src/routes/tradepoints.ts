import { z } from 'zod';
import { action, actionDone, actionFailed, listOf, yn } from '../http/envelope';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import { geocoderPlace, tradepoint, tradepointBody, tradepointSaveBody } from '../tradepoint-wire';

/**
 * Tradepoints (shop-pricing-offers-loyalty.md §3 Tradepoint, §7 /partner/tradepoint/) and the address search of
 * their modal. Every partner role reads them; ADMIN and the owner edit them (§6).
 */

const tags = ['tradepoints'];
const readers = { staff: 'viewShopSettings' } as const;
const editors = { staff: 'editTradepoints' } as const;
const byId = z.object({ id: pathId });
/** A save answers the tradepoint's ID; a deletion only its message. */
const saved = action({ ID: z.number().int().optional() });

export const TRADEPOINT_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/tradepoint/',
    access: readers,
    summary: 'Tradepoints of the partner, the base one first',
    tags,
    answer: listOf(tradepoint),
  }),

  one: route({
    method: 'GET',
    path: '/v3/api/partner/tradepoint/:id/',
    access: readers,
    summary: 'One tradepoint',
    tags,
    params: byId,
    answer: z.object({ ITEM: tradepoint }),
  }),

  save: route({
    method: 'POST',
    path: '/v3/api/partner/tradepoint/',
    access: editors,
    summary: 'Create, edit (id) or delete (id, delete=Y) a tradepoint',
    tags,
    form: true,
    body: tradepointSaveBody,
    answer: saved,
    answers: { 404: 'id names no tradepoint of the partner' },
  }),

  edit: route({
    method: 'POST',
    path: '/v3/api/partner/tradepoint/:id/',
    access: editors,
    summary: 'Edit or delete (delete=Y) a tradepoint',
    tags,
    form: true,
    params: byId,
    body: tradepointBody,
    answer: saved,
  }),

  /** Without an address: whether a provider is configured (CONFIGURED). */
  geocoder: route({
    method: 'GET',
    path: '/v3/api/partner/geocoder/',
    access: readers,
    summary: 'Coordinates of an address, when a geocoder provider is configured (GEOCODER_URL)',
    tags,
    query: z.object({ address: z.string().trim().optional() }),
    answer: z.union([actionDone({ CONFIGURED: yn, ITEMS: z.array(geocoderPlace) }), actionFailed.extend({ CONFIGURED: yn })]),
  }),
};
