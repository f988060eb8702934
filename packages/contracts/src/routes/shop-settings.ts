import { z } from 'zod';
import { action, actionDone, actionFailed } from '../http/envelope';
import { fileBytes, formFile, STORED_FILE_TYPES } from '../http/form-fields';
import { pathFileId, pathId } from '../http/path-params';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import { priceSettingsAnswer, priceSettingsBody, shopSaveBody, shopSettingsAnswer, storefrontShop } from '../shop-wire';

/**
 * The shop settings (shop-pricing-offers-loyalty.md §2 /partner/settings/…, §7 /partner/shop/, /pricesettings/)
 * and what the storefront reads of a shop. Every partner role reads them; the shop is edited by ADMIN and the
 * owner, remains and prices also by PRICE (§6).
 */

const tags = ['shop settings'];
const storefront = ['storefront'];
const readers = { staff: 'viewShopSettings' } as const;

export const SHOP_SETTINGS_ROUTES = {
  view: route({
    method: 'GET',
    path: '/v3/api/partner/shop/',
    access: readers,
    summary: 'Shop settings of every tab, with the choices of their selects',
    tags,
    answer: shopSettingsAnswer,
  }),

  /**
   * A part of the settings (type: shop, payment, delivery, settings, remains), or every part whose names are sent;
   * each part needs its own right (remains: editPriceSettings, the others editStoreSettings), and a body that
   * names no part is refused.
   */
  save: route({
    method: 'POST',
    path: '/v3/api/partner/shop/',
    access: { staff: ['editStoreSettings', 'editPriceSettings'] },
    summary: 'Save a part of the shop settings (type: shop, payment, delivery, settings, remains); logo and shop files by multipart',
    tags,
    form: true,
    files: { maxFiles: LIMITS.shopFilesMax + 1, maxFileBytes: LIMITS.shopFileMaxBytes },
    body: shopSaveBody,
    answer: action(),
  }),

  priceSettings: route({
    method: 'GET',
    path: '/v3/api/partner/pricesettings/',
    access: readers,
    summary: 'Price settings of the shop',
    tags,
    answer: priceSettingsAnswer,
  }),

  savePriceSettings: route({
    method: 'POST',
    path: '/v3/api/partner/pricesettings/',
    access: { staff: 'editPriceSettings' },
    summary: 'Save the price settings: price_type, show_margin, tax_type, currency, currency_rate',
    tags,
    form: true,
    body: priceSettingsBody,
    answer: action(),
  }),

  /** The image tool of the about-text editor: the image is stored and answered with its public address. */
  image: route({
    method: 'POST',
    path: '/v3/api/partner/shop/image/',
    access: { staff: 'editStoreSettings' },
    summary: 'Upload an image of the about text (jpeg or png, at most 5 MB)',
    tags,
    files: { maxFiles: 1, maxFileBytes: LIMITS.shopFileMaxBytes },
    body: z.object({ image: formFile.optional() }),
    answer: action({ FILE: z.object({ ID: z.string(), URL: z.string() }) }),
  }),

  publicFile: route({
    method: 'GET',
    path: '/v3/api/client/shop/file/:partnerId/:fileId/',
    access: 'public',
    summary: 'A public file of a shop: logo, shop files, images of the about text',
    tags: storefront,
    params: z.object({ partnerId: pathId, fileId: pathFileId }),
    answer: fileBytes,
    answerType: STORED_FILE_TYPES,
  }),

  storefrontShop: route({
    method: 'GET',
    path: '/v3/api/client/shop/',
    access: 'public',
    summary: 'Resolve a partner shop from its domain name or shop link',
    tags: storefront,
    query: z.object({ domain_name: z.string().optional() }),
    answer: z.union([actionDone({ SHOP: storefrontShop }), actionFailed]),
  }),
};
