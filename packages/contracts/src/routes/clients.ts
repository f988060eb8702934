import { z } from 'zod';
import {
  blacklistBodySchema,
  clientCard,
  clientListAnswer,
  clientListQuerySchema,
  clientPriceBodySchema,
  clientPriceItem,
  clientPricesQuerySchema,
  clientShortItem,
  clientShortQuerySchema,
  pathId,
  priceRef,
} from '../clients';
import { action, listOf } from '../http/envelope';
import { exportRequested } from '../jobs';
import { route } from '../http/route';

/**
 * The clients screens (back-office.md §2 /partner/clients, §3 Client, §7 /partner/client/…, /partner/blacklist/).
 * Every role views clients; the black list needs editClients, a client's price settings viewPriceTypeClients (§6).
 */

const tags = ['clients'];
const byId = z.object({ id: pathId });

export const CLIENT_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/client/',
    access: { staff: 'viewClients' },
    summary: 'Client list (sort, limit, offset, date_start, date_end, blacklist, query); action=export queues its .xlsx (JOB_ID)',
    tags,
    query: clientListQuerySchema,
    answer: z.union([clientListAnswer, exportRequested]),
  }),

  short: route({
    method: 'GET',
    path: '/v3/api/partner/client/short/',
    access: { staff: 'viewClients' },
    summary: 'Active clients (ID, NAME) for pickers, optionally matching query',
    tags,
    query: clientShortQuerySchema,
    answer: listOf(clientShortItem),
  }),

  card: route({
    method: 'GET',
    path: '/v3/api/partner/client/:id/',
    access: { staff: 'viewClients' },
    summary: 'Client card',
    tags,
    params: byId,
    answer: clientCard,
  }),

  setPriceSettings: route({
    method: 'POST',
    path: '/v3/api/partner/client/:id/',
    access: { staff: 'viewPriceTypeClients' },
    summary: "Set the client's price type (price list) or price column",
    tags,
    params: byId,
    body: clientPriceBodySchema,
    answer: action({ PRICE_TYPE: priceRef.extend({ CODE: z.string() }), COLUMN: priceRef.nullable() }),
  }),

  prices: route({
    method: 'GET',
    path: '/v3/api/partner/client/:id/prices/',
    access: { staff: 'viewClients' },
    summary: "The client's personal prices (Цены клиента)",
    tags,
    params: byId,
    query: clientPricesQuerySchema,
    answer: listOf(clientPriceItem),
  }),

  blacklist: route({
    method: 'POST',
    path: '/v3/api/partner/blacklist/',
    access: { staff: 'editClients' },
    summary: 'Block (delete=Y) or restore (delete=N) clients[]; CHANGED are the ones whose state changed',
    tags,
    body: blacklistBodySchema,
    answer: action({ CLIENTS: z.array(z.number().int()), CHANGED: z.array(z.number().int()) }),
    answers: { 404: 'clients[] names a client the partner does not have' },
  }),
};
