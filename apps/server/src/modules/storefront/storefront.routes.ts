import type { FastifyInstance } from 'fastify';
import { MSG } from '@b2b/contracts/messages';
import { STOREFRONT_ROUTES as R } from '@b2b/contracts/routes/storefront';
import { STOREFRONT_MSG } from '@b2b/contracts/storefront';
import { attachmentDisposition } from '@/files/file-store';
import { badRequest, forbidden, notFound } from '@/http/app-error';
import type { AuthUser } from '@/http/auth-context';
import { addRoute } from '@/http/contract-route';
import { failed, ok } from '@/http/envelope';
import type { CommercialOfferService } from '../commercial-offer/commercial-offer.service';
import type { BuyerAccountService } from './buyer-account.service';
import { commercialOfferPdf } from './commercial-offer-pdf';
import { offerDocumentOf } from './commercial-offer-lines';
import { etagMatches, productPhotos, type PhotoStore } from './product-photo';
import type { ShopBasketService } from './shop-basket.service';
import type { Buyer, ShopCatalogService } from './shop-catalog.service';
import type { ShopCheckoutService } from './shop-checkout.service';

/** The signed-in buyer: a client user of a shop (the contracts let only clients in, but its client must be known). */
export function buyerOf(user: AuthUser): Buyer {
  if (user.kind !== 'CLIENT' || user.partnerId == null || user.clientId == null) throw forbidden(MSG.forbidden);
  return { id: user.id, partnerId: user.partnerId, clientId: user.clientId };
}

export function storefrontRoutes(
  catalog: ShopCatalogService,
  basket: ShopBasketService,
  checkout: ShopCheckoutService,
  account: BuyerAccountService,
  offers: CommercialOfferService,
  photoStore: PhotoStore,
) {
  const photos = productPhotos(photoStore);
  return async (app: FastifyInstance) => {
    addRoute(app, R.sections, ({ user }) => catalog.sections(buyerOf(user)));
    addRoute(app, R.products, ({ user, query }) => {
      // The offer form's lookup by code is any signed-in user's; the catalogue with prices a buyer's.
      if (query.code1c !== undefined) return catalog.lookup(query.code1c);
      return catalog.page(buyerOf(user), query);
    });
    addRoute(app, R.product, ({ user, params }) => {
      const buyer = buyerOf(user);
      return catalog.card(buyer, params.id, (productId) => basket.quantityOf(buyer, productId));
    });
    addRoute(app, R.photo, async ({ params, reply, request }) => {
      const product = await catalog.productForPhoto(params.id);
      if (!product) throw notFound(MSG.notFound);
      const photo = await photos(product);
      reply.header('cache-control', 'public, max-age=86400').header('etag', photo.etag).header('x-content-type-options', 'nosniff');
      if (etagMatches(request.headers['if-none-match'], photo.etag)) return reply.code(304).send();
      return reply.header('content-type', 'image/png').header('content-length', String(photo.png.length)).send(photo.png);
    });
    addRoute(app, R.brands, ({ user }) => catalog.brands(buyerOf(user)));
    addRoute(app, R.basket, ({ user, query }) => basket.view(buyerOf(user), query));
    addRoute(app, R.saveBasket, ({ user, body }) => basket.set(buyerOf(user), body));
    addRoute(app, R.offerPdf, async ({ user, reply, query }) => {
      const buyer = buyerOf(user);
      const [{ answer, items, terms }, document, info] = await Promise.all([
        basket.priced(buyer, query),
        offers.forDocument(buyer.partnerId),
        account.info(buyer),
      ]);
      if (!items.length) throw badRequest(STOREFRONT_MSG.basketEmpty);
      const pdf = commercialOfferPdf({
        ...document,
        client: info.CLIENT.NAME,
        ...offerDocumentOf(answer, items, terms),
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentDisposition('Коммерческое предложение.pdf'))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });
    addRoute(app, R.checkout, ({ user, query }) => checkout.options(buyerOf(user), query));
    addRoute(app, R.placeOrder, ({ user, body }) => checkout.place(buyerOf(user), body));
    addRoute(app, R.orders, ({ user, query }) => checkout.orders(buyerOf(user), query));
    addRoute(app, R.order, ({ user, params }) => checkout.order(buyerOf(user), params.id));
    addRoute(app, R.personalInfo, ({ user }) => account.info(buyerOf(user)));
    addRoute(app, R.selectShop, ({ user, body }) => account.selectShop(buyerOf(user), body.selected_shop));
    addRoute(app, R.review, ({ user, body, request }) => account.review(buyerOf(user), body.text, request.ip));
    addRoute(app, R.reviews, ({ staff, query }) => account.reviews(staff.partnerId, query));
    addRoute(app, R.repeat, async ({ user, params }) => {
      const buyer = buyerOf(user);
      const order = await checkout.order(buyer, params.id);
      const added = await basket.addMany(
        buyer,
        order.ITEMS.filter((i) => i.GIFT === 'N').map((i) => ({ productId: i.PRODUCT_ID, quantity: i.QUANTITY })),
      );
      return 'refused' in added ? failed(added.refused) : ok({ BASKET: added.answer }, STOREFRONT_MSG.basketRepeated);
    });
  };
}
