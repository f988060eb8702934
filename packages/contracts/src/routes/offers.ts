import { z } from 'zod';
import { fileBytes, MEDIA_TYPES } from '../http/form-fields';
import { pathFileId, pathId } from '../http/path-params';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import { BANNER_PLACEMENTS, offerBody, offerCard, offerList, offerListQuery, offerSaved, offerType, shopBanners, shopOffers } from '../offers';

/**
 * Promotional offers (shop-pricing-offers-loyalty.md §2 /partner/offers, §7 offer calls): every partner role views
 * them, ADMIN and PRICE (and the owner) edit them (`editOffers`, ARCHITECTURE §6); the manager lists them across
 * partners (§6 "manager variants of offer lists"); a buyer sees the running ones in the shop.
 */

const tags = ['offers'];
const byId = z.object({ id: pathId });

export const OFFER_ROUTES = {
  list: route({
    method: 'GET',
    path: '/v3/api/partner/offer/',
    access: { staff: 'viewOffers' },
    summary:
      'Offers (sort DATE_CREATE DESC, active=Y, limit 12 of 12/24/36, page p, date_start and date_end: the period overlaps), with ENTITIES.TYPES',
    tags,
    query: offerListQuery,
    answer: offerList,
  }),

  types: route({
    method: 'GET',
    path: '/v3/api/partner/offer/types/',
    access: 'user',
    summary: 'The offer type dictionary (CODE, NAME, SORT)',
    tags,
    answer: z.object({ ITEMS: z.array(offerType) }),
  }),

  card: route({
    method: 'GET',
    path: '/v3/api/partner/offer/:id/',
    access: { staff: 'viewOffers' },
    summary: "One offer with its gifts (each product's code), banners and promo assortment file; 404 for another partner's",
    tags,
    params: byId,
    answer: offerCard,
  }),

  create: route({
    method: 'POST',
    path: '/v3/api/partner/offer/',
    access: { staff: 'editOffers' },
    summary:
      'Create an offer: name, type, description, active, date_start, date_end, limit, sort, not_in_basket, presents[n][ID|code, sum], banner_*_file (jpeg or png, at most 300 KB), xls_file (6-digit codes and site prices); errors keyed check_*',
    tags,
    form: true,
    files: { maxFiles: BANNER_PLACEMENTS.length + 1, maxFileBytes: LIMITS.uploadMaxBytes },
    body: offerBody,
    answer: offerSaved,
  }),

  save: route({
    method: 'POST',
    path: '/v3/api/partner/offer/:id/',
    access: { staff: 'editOffers' },
    summary:
      'Edit an offer (the same fields; a file not sent keeps the stored one, *_del=Y removes it); changedStateOffer=Y with status ON or OFF switches it with its earlier parameters',
    tags,
    form: true,
    files: { maxFiles: BANNER_PLACEMENTS.length + 1, maxFileBytes: LIMITS.uploadMaxBytes },
    params: byId,
    body: offerBody,
    answer: offerSaved,
  }),

  managerList: route({
    method: 'GET',
    path: '/v3/api/manager/offer/',
    access: 'manager',
    summary: "Offers across partners (the partner's list filters, and partner_id); each names its PARTNER",
    tags,
    query: offerListQuery,
    answer: offerList,
  }),

  /** The shop's calls: what a signed-in buyer sees of the running offers. */
  shopBanners: route({
    method: 'GET',
    path: '/v3/api/client/offer/banners/',
    access: 'client',
    summary: "The running offers' banners by placement (banner_slider, banner_main, banner_catalog)",
    tags,
    answer: shopBanners,
  }),

  shopOffers: route({
    method: 'GET',
    path: '/v3/api/client/offer/',
    access: 'client',
    summary: 'The running offers of the shop, with their gifts and promo assortment size',
    tags,
    answer: shopOffers,
  }),

  banner: route({
    method: 'GET',
    path: '/v3/api/client/offer/banner/:partnerId/:fileId/',
    access: 'public',
    summary: "An offer's banner picture (public: the shop's pages show it in an img)",
    tags,
    params: z.object({ partnerId: pathId, fileId: pathFileId }),
    answer: fileBytes,
    answerType: [MEDIA_TYPES.jpeg, MEDIA_TYPES.png],
  }),
};
