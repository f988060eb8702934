import { action, actionDone } from '../http/envelope';
import { route } from '../http/route';
import { LIMITS } from '../limits';
import { commercialOfferBody, commercialOfferSettings } from '../shop-requisites';

/**
 * The commercial-offer settings (shop-pricing-offers-loyalty.md §3, §5 Commercial offer, §7
 * /partner/commercial_offer/). Every partner role reads them; ADMIN and the owner save them (§6).
 */

const tags = ['commercial offer'];
const item = { ITEM: commercialOfferSettings };

export const COMMERCIAL_OFFER_ROUTES = {
  view: route({
    method: 'GET',
    path: '/v3/api/partner/commercial_offer/',
    access: { staff: 'viewShopSettings' },
    summary: 'Commercial-offer settings: requisites, logo, seal, validity',
    tags,
    answer: actionDone(item),
  }),

  save: route({
    method: 'POST',
    path: '/v3/api/partner/commercial_offer/',
    access: { staff: 'editStoreSettings' },
    summary: 'Save the commercial-offer settings; logo and stamp (jpeg or png) by multipart, logo_del/stamp_del=Y remove them',
    tags,
    form: true,
    files: { maxFiles: 2, maxFileBytes: LIMITS.shopFileMaxBytes },
    body: commercialOfferBody,
    answer: action(item),
  }),
};
