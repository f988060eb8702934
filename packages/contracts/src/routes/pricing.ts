import { z } from 'zod';
import { actionDone, actionFailed } from '../http/envelope';
import { exportQueued } from '../jobs';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import {
  assignAnswer,
  assignBody,
  assignQuery,
  assignSaved,
  excelUploadBody,
  pricingPathParams,
  pricingStatus,
  statusQuery,
  uploadActionBody,
  uploadListAnswer,
  uploadListQuery,
  uploadQueued,
  ymlBody,
  ymlSaved,
  pricingSectionParams,
  productPriceBody,
  productPriceSaved,
  sectionBody,
  sectionProductsAnswer,
  sectionProductsQuery,
  sectionSaved,
  sectionsAnswer,
  sectionsQuery,
} from '../pricing';

/**
 * The pricing page of a price list, column or client (shop-pricing-offers-loyalty.md §2, §7 /partner/pricing/*,
 * /partner/sections/, /partner/section/{id}/). Reads: the price buttons' roles (ADMIN, PRICE, CLIENTS, the owner);
 * section and product rates: editPriceSettings (ADMIN, PRICE); a client's point prices: editPersonalPrices (ADMIN,
 * CLIENTS), §6.
 */

const tags = ['pricing'];
export const PRICING_READERS = { staff: ['viewPriceType', 'editPriceSettings'] } as const;
const listParams = pricingPathParams.extend({ type: z.enum(['pricelist', 'column']) });

export const PRICING_ROUTES = {
  sections: route({
    method: 'GET',
    path: '/v3/api/partner/pricing/sections/:type/:priceId/',
    access: PRICING_READERS,
    summary:
      "The section tree under a price list, column or client: PERCENT of this list, SHOW (the shop's assortment), HAS_INDIVIDUAL; action=total adds TOTAL",
    tags,
    params: pricingPathParams,
    query: sectionsQuery,
    answer: sectionsAnswer,
  }),

  sectionProducts: route({
    method: 'GET',
    path: '/v3/api/partner/pricing/section/:type/:priceId/:id/',
    access: PRICING_READERS,
    summary: "A section's products (all depths below it) with their prices from the price engine: base price, percent, price",
    tags,
    params: pricingSectionParams,
    query: sectionProductsQuery,
    answer: sectionProductsAnswer,
  }),

  saveSection: route({
    method: 'POST',
    path: '/v3/api/partner/pricing/section/:type/:priceId/:id/',
    access: { staff: 'editPriceSettings' },
    summary: "A section's markup percent in a list or column (empty or delete=Y clears it); delete_individual=Y drops its products' own rates",
    tags,
    form: true,
    params: pricingSectionParams.extend({ type: z.enum(['pricelist', 'column']) }),
    body: sectionBody,
    answer: z.union([sectionSaved, actionFailed]),
  }),

  saveProduct: route({
    method: 'POST',
    path: '/v3/api/partner/pricing/product/:type/:priceId/:productId/',
    access: { staff: 'editPriceSettings' },
    summary: "A product's own markup percent in a list or column; delete=Y removes it",
    tags,
    form: true,
    params: listParams.extend({ productId: pathId }),
    body: productPriceBody,
    answer: z.union([productPriceSaved, actionFailed]),
  }),

  saveClientPrice: route({
    method: 'POST',
    path: '/v3/api/partner/pricing/client/:clientId/product/:productId/',
    access: { staff: 'editPersonalPrices' },
    summary: "A client's point price of a product (price); delete=Y removes it. WARNING when it is below the purchase price",
    tags,
    form: true,
    params: z.object({ clientId: pathId, productId: pathId }),
    body: productPriceBody,
    answer: z.union([productPriceSaved, actionFailed]),
  }),

  baseSections: route({
    method: 'GET',
    path: '/v3/api/partner/sections/',
    access: PRICING_READERS,
    summary: 'The section tree of the base price list (the assortment); action=total adds TOTAL, the counts of its sections and products',
    tags,
    query: sectionsQuery,
    answer: sectionsAnswer,
  }),

  baseSection: route({
    method: 'GET',
    path: '/v3/api/partner/section/:id/',
    access: PRICING_READERS,
    summary: "A section's products under the base price list",
    tags,
    params: z.object({ id: pathId }),
    query: sectionProductsQuery,
    answer: sectionProductsAnswer,
  }),

  saveBaseSection: route({
    method: 'POST',
    path: '/v3/api/partner/section/:id/',
    access: { staff: 'editPriceSettings' },
    summary: "A section's markup in the base price list: section_rate, delete_individual, delete=Y",
    tags,
    form: true,
    params: z.object({ id: pathId }),
    body: sectionBody,
    answer: z.union([sectionSaved, actionFailed]),
  }),
};

/*
 * Price files, their status and history, and YML links, for three kinds of target (§7 /partner/pricing/{status, excel,
 * dropexcel, upload, uploadlist}/…; back-office.md §7 /partner/pricing/excel/client/{id}/catalog/):
 * - a price list or column: /{pricelist|column}/{priceId}/ — the base list's page also carries the remains and
 *   multiplicities (type=remain|multiplicity in the query or body; the file calls end in /remain/ or /multiplicity/);
 * - a client's personal prices: /client/{clientId}/catalog/.
 */

const listTarget = listParams;
const partTarget = z.object({ part: z.enum(['remain', 'multiplicity']) });
const clientTarget = z.object({ clientId: pathId });

function fileRoutes<P extends z.ZodType>(
  path: string,
  params: P,
  rights: {
    edit: 'editPriceSettings' | 'editPersonalPrices';
    download: 'downloadPriceExcel' | 'editPersonalPrices';
    reset: 'resetExcel' | 'editPersonalPrices';
  },
  what: string,
) {
  return {
    download: route({
      method: 'GET',
      path: `/v3/api/partner/pricing/excel/${path}/`,
      access: { staff: rights.download },
      summary: `Queues the current price file of ${what} (.xlsx; poll /partner/job/{JOB_ID}/)`,
      tags,
      params,
      answer: z.union([exportQueued, actionFailed]),
    }),
    upload: route({
      method: 'POST',
      path: `/v3/api/partner/pricing/excel/${path}/`,
      access: { staff: rights.edit },
      summary: `Uploads a price file of ${what} (file; keep=Y keeps the loaded rows and adds, N replaces them; period 7/14/21/0 days); it is read by a job (UPLOAD_ID, see status)`,
      tags,
      form: true,
      files: { maxFiles: 1, maxFileBytes: LIMITS.uploadMaxBytes },
      params,
      body: excelUploadBody,
      answer: z.union([uploadQueued, actionFailed]),
    }),
    reset: route({
      method: 'POST',
      path: `/v3/api/partner/pricing/dropexcel/${path}/`,
      access: { staff: rights.reset },
      summary: `Forgets what was loaded from files for ${what} (refused while a rollback of its upload runs)`,
      tags,
      params,
      answer: z.union([actionDone(), actionFailed]),
    }),
  };
}

function stateRoutes<P extends z.ZodType>(path: string, params: P, edit: 'editPriceSettings' | 'editPersonalPrices', what: string) {
  return {
    status: route({
      method: 'GET',
      path: `/v3/api/partner/pricing/status/${path}/`,
      access: PRICING_READERS,
      summary: `The latest upload of ${what} (CATALOG and PRICE parts, PREVIEW, ERRORS), the loaded rows' validity, PROLONG and the YML links`,
      tags,
      params,
      query: statusQuery,
      answer: pricingStatus,
    }),
    history: route({
      method: 'GET',
      path: `/v3/api/partner/pricing/uploadlist/${path}/`,
      access: PRICING_READERS,
      summary: `Upload history of ${what}: type, string_count, count, date_upload, date_end, period, download`,
      tags,
      params,
      query: uploadListQuery,
      answer: uploadListAnswer,
    }),
    act: route({
      method: 'POST',
      path: `/v3/api/partner/pricing/upload/${path}/`,
      access: { staff: edit },
      summary: `action=apply (the previewed upload), cancel, rollback (the latest applied), prolong (period) for ${what}`,
      tags,
      form: true,
      params,
      body: uploadActionBody,
      answer: z.union([actionDone(), actionFailed]),
    }),
    yml: route({
      method: 'POST',
      path: `/v3/api/partner/pricing/yml/${path}/`,
      access: { staff: edit },
      summary: `action=create makes a YML link of ${what}, action=delete with id switches one off; at most LIMITS.ymlLinksMax live links`,
      tags,
      form: true,
      params,
      body: ymlBody,
      answer: z.union([ymlSaved, actionFailed]),
    }),
  };
}

const listRights = { edit: 'editPriceSettings', download: 'downloadPriceExcel', reset: 'resetExcel' } as const;
const clientRights = { edit: 'editPersonalPrices', download: 'editPersonalPrices', reset: 'editPersonalPrices' } as const;

export const PRICE_FILE_ROUTES = {
  list: {
    ...fileRoutes(':type/:priceId', listTarget, listRights, 'a price list or column'),
    ...stateRoutes(':type/:priceId', listTarget, 'editPriceSettings', 'a price list or column'),
  },
  part: fileRoutes('pricelist/personal_price/:part', partTarget, listRights, 'the remains or multiplicities'),
  client: {
    ...fileRoutes('client/:clientId/catalog', clientTarget, clientRights, "a client's personal prices"),
    ...stateRoutes('client/:clientId/catalog', clientTarget, 'editPersonalPrices', "a client's personal prices"),
  },
};

export const PRICE_ASSIGN_ROUTES = {
  tree: route({
    method: 'GET',
    path: '/v3/api/partner/pricing/assign/',
    access: PRICING_READERS,
    summary:
      'Установка цен: the groups (with how many members have the selected price) and a page of clients (a group, 0 for none, a search), newest first',
    tags,
    query: assignQuery,
    answer: assignAnswer,
    answers: { 404: 'group_id names no group of the partner' },
  }),
  save: route({
    method: 'POST',
    path: '/v3/api/partner/pricing/assign/',
    access: { staff: 'priceButtons' },
    summary: 'Assigns a price list or column to clients[] and a price list to groups[]; delete=Y takes it away (clients go back to the base list)',
    tags,
    form: true,
    body: assignBody,
    answer: z.union([assignSaved, actionFailed]),
    answers: { 404: "A price list, client or group named is not the partner's" },
  }),
};
