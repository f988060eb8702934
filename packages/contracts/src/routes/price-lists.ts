import { z } from 'zod';
import { actionFailed } from '../http/envelope';
import { route } from '../http/route';
import {
  priceListBodySchema,
  priceListId,
  priceListItem,
  priceListSaved,
  priceListsAnswer,
  priceTypeBodySchema,
  priceTypeSaved,
  priceTypesAnswer,
  type PriceListType,
} from '../price-lists';

/**
 * Price lists and price columns (shop-pricing-offers-loyalty.md §2 /partner/pricing/pricelist and column, §7
 * /partner/{pricelist or column}/, /partner/{type}/{id}/, /partner/pricetype/). Whoever views price types reads
 * them (ADMIN, PRICE, CLIENTS and the owner, §6); every change needs editPriceSettings (ADMIN, PRICE, the owner).
 */

const tags = ['pricing'];
const readers = { staff: ['viewPriceType', 'editPriceSettings'] } as const;
const editors = { staff: 'editPriceSettings' } as const;
const byId = z.object({ id: priceListId });
const answer = z.union([priceListSaved, actionFailed]);

const KIND_TEXT: Record<PriceListType, string> = { pricelist: 'price list', column: 'price column' };

/** The four routes of one kind: the list (both kinds), one of them, the collection's POST and the item's POST. */
const priceListRoutes = (type: PriceListType) => {
  const body = priceListBodySchema(type === 'column' ? 'COLUMN' : 'PRICELIST');
  const what = KIND_TEXT[type];
  return {
    list: route({
      method: 'GET',
      path: `/v3/api/partner/${type}/`,
      access: readers,
      summary: 'Price lists and columns (PRICELISTS, COLUMNS) with their client and group counts, and ENTITIES.PRICE_TYPE',
      tags,
      answer: priceListsAnswer,
    }),
    card: route({
      method: 'GET',
      path: `/v3/api/partner/${type}/:id/`,
      access: readers,
      summary: `One ${what} (the base list is personal_price); 404 for a deleted one or another partner's`,
      tags,
      params: byId,
      answer: priceListItem,
    }),
    create: route({
      method: 'POST',
      path: `/v3/api/partner/${type}/`,
      access: editors,
      summary:
        type === 'column'
          ? 'Create a price column (name, section_rate, price_type, rounding, unit, sort, parent_id: the base list when left out), at most 3; with id: delete=Y deletes it, action=copy copies it'
          : 'Create a price list (name, section_rate, price_type, rounding, unit, sort); with id: delete=Y deletes it, action=copy copies it',
      tags,
      form: true,
      body,
      answer,
      answers: { 404: `With id: no ${what} of the partner` },
    }),
    save: route({
      method: 'POST',
      path: `/v3/api/partner/${type}/:id/`,
      access: editors,
      summary: `Edit a ${what} (the same fields); action=copy copies it with its section and product rates and prices (name, else «{name} (копия)»; ID is the copy's); delete=Y deletes it unless clients, groups or columns still use it`,
      tags,
      form: true,
      params: byId,
      body,
      answer,
    }),
  };
};

export const PRICE_LIST_ROUTES = {
  pricelist: priceListRoutes('pricelist'),
  column: priceListRoutes('column'),

  priceTypes: route({
    method: 'GET',
    path: '/v3/api/partner/pricetype/',
    access: readers,
    summary: "The partner's price types (ID, NAME, INNER_TYPE, CODE)",
    tags,
    answer: priceTypesAnswer,
  }),

  renamePriceType: route({
    method: 'POST',
    path: '/v3/api/partner/pricetype/',
    access: editors,
    summary: 'Rename a price type (id, name)',
    tags,
    form: true,
    body: priceTypeBodySchema,
    answer: z.union([priceTypeSaved, actionFailed]),
    answers: { 404: 'id names no price type of the partner' },
  }),
};
