import { z } from 'zod';
import { LIMITS } from '../limits';
import { fileBytes, MEDIA_TYPES } from '../http/form-fields';
import { pathId } from '../http/path-params';
import { route } from '../http/route';
import {
  basketAnswer,
  basketBody,
  basketSaved,
  brandsAnswer,
  buyerOrderCard,
  buyerOrders,
  buyerOrdersQuery,
  catalogAnswer,
  catalogQuery,
  catalogSections,
  checkoutAnswer,
  deliveryChoice,
  orderBody,
  orderPlaced,
  productCard,
  productLookup,
  personalInfo,
  repeated,
  reviewBody,
  reviewList,
  reviewListQuery,
  reviewSent,
  selectShopBody,
  shopSelected,
} from '../storefront';
import { buyerPointsAnswer, buyerPointsQuery } from '../loyalty';

/**
 * The shop's buyer calls (issue 13; back-office.md §7 catalog/product, photo, catalog/brands). The catalogue, basket and
 * orders are a signed-in buyer's (an unauthenticated visitor gets only sign-in, registration and recovery, §1);
 * the lookup by code1c is also the partner's offer form's (any signed-in user).
 */

const tags = ['storefront'];

/** The one address of a product's photo (route `photo`): the shop, the back office and (after PUBLIC_URL) the YML feeds. */
export const productPhotoPath = (productId: number | string) => `/v3/api/catalog/product/${productId}/photo/`;

export const STOREFRONT_ROUTES = {
  sections: route({
    method: 'GET',
    path: '/v3/api/catalog/sections/',
    access: 'client',
    summary: "The shop's sections: only those shown, with the products the shop sells in them (BASE or EXTENDED assortment)",
    tags,
    answer: catalogSections,
  }),

  products: route({
    method: 'GET',
    path: '/v3/api/catalog/product/',
    access: 'user',
    // Without code1c it is the catalogue with the buyer's prices: a buyer's only.
    stricter: { field: 'code1c', only: [''], access: 'client' },
    summary:
      "A page of the shop's products with the buyer's prices (section_id, brand_id, query by name or 6-digit code); code1c looks one product up (ID, NAME, SUCCESS, MESSAGE, UP_CODE_1C)",
    tags,
    query: catalogQuery,
    answer: z.union([catalogAnswer, productLookup]),
  }),

  product: route({
    method: 'GET',
    path: '/v3/api/catalog/product/:id/',
    access: 'client',
    summary: 'A product card: the quick view properties (UP_TM, UP_COUNTRY, UP_RULER), pictures, the buyer price',
    tags,
    params: z.object({ id: pathId }),
    answer: productCard,
  }),

  photo: route({
    method: 'GET',
    path: '/v3/api/catalog/product/:id/photo/',
    access: 'public',
    summary:
      "A product's photo, a 600 × 600 PNG (an <img> and a YML feed's reader send no token: catalogue pictures are public): a drawn card with its brand and code while the distributor's pictures are not loaded. Cacheable: ETag (If-None-Match answers 304) and Cache-Control",
    tags,
    params: z.object({ id: pathId }),
    answer: fileBytes,
    answerType: [MEDIA_TYPES.png],
    answers: { 503: 'A card not drawn yet while the server draws others (one at a time, 200 waiting): Retry-After' },
  }),

  brands: route({
    method: 'GET',
    path: '/v3/api/catalog/brands/',
    access: 'client',
    summary: "The brands of the shop's products, with how many each has",
    tags,
    answer: brandsAnswer,
  }),

  basket: route({
    method: 'GET',
    path: '/v3/api/client/basket/',
    access: 'client',
    summary:
      "The buyer's basket priced now: lines, CNT, SUM, delivery price (for the delivery zone chosen), the minimum order sum and whether it may be ordered",
    tags,
    query: deliveryChoice,
    answer: basketAnswer,
  }),

  saveBasket: route({
    method: 'POST',
    path: '/v3/api/client/basket/',
    access: 'client',
    summary: "Sets a product's quantity (a multiple of its multiplicity; 0 takes it out; add=Y adds)",
    tags,
    form: true,
    body: basketBody,
    answer: basketSaved,
  }),

  offerPdf: route({
    method: 'GET',
    path: '/v3/api/client/basket/offer/',
    access: 'client',
    summary: "The basket's commercial offer (КП) as a PDF, from the partner's commercial-offer settings (with the delivery of the zone chosen)",
    tags,
    query: deliveryChoice,
    answer: fileBytes,
    answerType: [MEDIA_TYPES.pdf],
  }),

  checkout: route({
    method: 'GET',
    path: '/v3/api/client/checkout/',
    access: 'client',
    summary: "What checkout offers: the shop's payment types, pickup points, delivery zones and texts, the buyer's contacts and the basket",
    tags,
    query: deliveryChoice,
    answer: checkoutAnswer,
  }),

  placeOrder: route({
    method: 'POST',
    path: '/v3/api/client/order/',
    access: 'client',
    summary: 'Places the basket as an order (NEW in the back office): delivery or pickup, payment type, contacts, comment',
    tags,
    form: true,
    body: orderBody,
    answer: orderPlaced,
  }),

  orders: route({
    method: 'GET',
    path: '/v3/api/client/order/',
    access: 'client',
    summary: "The buyer's orders, newest first, with their statuses as the partner changes them",
    tags,
    query: buyerOrdersQuery,
    answer: buyerOrders,
  }),

  order: route({
    method: 'GET',
    path: '/v3/api/client/order/:id/',
    access: 'client',
    summary: "One of the buyer's orders with its lines",
    tags,
    params: z.object({ id: pathId }),
    answer: buyerOrderCard,
  }),

  personalInfo: route({
    method: 'GET',
    path: '/v3/api/personal/info/',
    access: 'client',
    summary: "The buyer's personal info: the user, its company, its shop and the other shops where its e-mail is a buyer",
    tags,
    answer: personalInfo,
  }),

  selectShop: route({
    method: 'POST',
    path: '/v3/api/client/info/',
    access: 'client',
    summary: 'Chooses a supplier link (selected_shop): one of the shops where the e-mail is a buyer; answers its SHOP_LINK',
    tags,
    form: true,
    body: selectShopBody,
    answer: shopSelected,
  }),

  review: route({
    method: 'POST',
    path: '/v1/personal/review',
    access: 'client',
    summary: "The buyer's review: stored for the partner and mailed to the shop's notification addresses",
    tags,
    form: true,
    body: reviewBody,
    answer: reviewSent,
    answers: { 429: `Past ${LIMITS.reviewsPerHour} reviews an hour from one buyer or one address (Retry-After)` },
  }),

  reviews: route({
    method: 'GET',
    path: '/v3/api/partner/review/',
    access: { staff: 'viewClients' },
    summary: "The partner's reviews from its buyers, newest first",
    tags,
    query: reviewListQuery,
    answer: reviewList,
  }),

  repeat: route({
    method: 'POST',
    path: '/v3/api/client/order/:id/repeat/',
    access: 'client',
    summary: "Puts an earlier order's products into the basket again (at today's prices; products no longer sold are left out)",
    tags,
    params: z.object({ id: pathId }),
    answer: repeated,
  }),

  buyerPoints: route({
    method: 'GET',
    path: '/v3/api/client/loyalty/history/',
    access: 'client',
    summary:
      "The signed-in buyer's own points (issue 39 §4): balance, earned, spent, burned, what burns within 30 days and when, and a page of its history, newest first; SUCCESS N when the programme is off or the buyer is not a member",
    tags,
    query: buyerPointsQuery,
    answer: buyerPointsAnswer,
  }),
};
