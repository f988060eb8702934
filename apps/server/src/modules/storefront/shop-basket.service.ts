import Decimal from 'decimal.js';
import { sql } from 'kysely';
import type { z } from 'zod';
import { LIMITS } from '@b2b/contracts/limits';
import { moneyText, STOREFRONT_MSG, type BasketAnswer, type basketBody, type DeliveryChoice } from '@b2b/contracts/storefront';
import type { Db } from '@/db/database';
import { failed, ok, yn } from '@/http/envelope';
import type { DeliveryZonesService, ShopZone } from '../delivery/delivery-zones.service';
import type { OffersService } from '../offers/offers.service';
import { basketZones, priceDelivery, shown, type DeliveryTerms } from './basket-delivery';
import type { Buyer, ShopCatalogService } from './shop-catalog.service';
import { shopCatalogRepo } from './shop-catalog.repo';

/*
 * The buyer's basket (issue 13.4), kept on the server per client: lines priced now by the price engine, the delivery
 * of the zone the buyer chose (or the shop's one price, free from MIN_SUM) and its minimum order sum (unless
 * NO_CHECK_ORDER_SUM). Products the shop no longer sells drop out of it. Money (issue 38, the money rule): SUM is in
 * the list's currency, Σ quantity × shown price; every threshold the partner typed (minimum order, free delivery,
 * gifts, the total cap) is roubles and is compared with the rouble sum Σ quantity × price in roubles.
 * Borrowed read-only: shops (module shop).
 */

export interface ShopTerms extends DeliveryTerms {
  name: string;
  minOrderSum: string | null;
  /** The shop's currency and its rate (roubles per unit; 1 for RUB). */
  currency: string;
  currencyRate: string;
  taxType: 'WITH_VAT' | 'WO_VAT';
}

const money = (d: Decimal) => d.toFixed(2);

export async function shopTerms(db: Db, partnerId: number, zones: ShopZone[]): Promise<ShopTerms> {
  const s = await db
    .selectFrom('shops')
    .select([
      'name',
      'delivery_price',
      'min_sum',
      'min_order_sum',
      'no_check_order_sum',
      'currency',
      'currency_rate',
      'delivery_outside_zones',
      'tax_type',
    ])
    .where('partner_id', '=', partnerId)
    .executeTakeFirstOrThrow();
  return {
    name: s.name,
    deliveryPrice: s.delivery_price ?? '0',
    freeFrom: s.min_sum,
    outsideZones: s.delivery_outside_zones,
    zones,
    minOrderSum: s.no_check_order_sum ? null : s.min_order_sum,
    currency: s.currency,
    currencyRate: s.currency !== 'RUB' && s.currency_rate ? s.currency_rate : '1',
    taxType: s.tax_type,
  };
}

/** Whether an order's total in roubles (goods and delivery) passes the cap (LIMITS.moneyMax): stored figures are roubles. */
export const overCap = (rubTotal: Decimal) => rubTotal.gt(LIMITS.moneyMax);

export function shopBasketService(
  db: Db,
  catalog: ShopCatalogService,
  offers: Pick<OffersService, 'basketGift'>,
  zones: Pick<DeliveryZonesService, 'forShop'>,
) {
  const repo = shopCatalogRepo(db);

  const rawLines = (trx: Db, buyer: Buyer) =>
    trx
      .selectFrom('shop_baskets')
      .select(['product_id', 'quantity'])
      .where('partner_id', '=', buyer.partnerId)
      .where('client_id', '=', buyer.clientId)
      .orderBy('added_at')
      .orderBy('product_id')
      .execute();

  /** The basket priced now for the delivery chosen, with its lines' purchase prices (for checkout). */
  async function priced(buyer: Buyer, choice: DeliveryChoice = {}) {
    const scope = await catalog.scopeOf(buyer.partnerId);
    const lines = await rawLines(db, buyer);
    const rows = await repo.byIds(
      scope,
      lines.map((l) => Number(l.product_id)),
    );
    const byId = new Map((await catalog.priced(buyer, scope, rows)).map((p) => [Number(p.row.id), p]));
    const items = lines.flatMap((l) => {
      const p = byId.get(Number(l.product_id));
      return p ? [{ ...p, quantity: l.quantity }] : [];
    });
    const terms = await shopTerms(db, buyer.partnerId, await zones.forShop(buyer.partnerId));
    // The basket's currency is its prices' (a RUB list in a USD shop is a RUB basket, rate 1).
    const currency = items[0]?.price.currency ?? terms.currency;
    const rate = currency === 'RUB' ? '1' : terms.currencyRate;
    const sum = items.reduce((s, i) => s.plus(new Decimal(i.price.price).mul(i.quantity)), new Decimal(0));
    const rubSum = items.reduce((s, i) => s.plus(new Decimal(i.price.rubles).mul(i.quantity)), new Decimal(0));
    const delivery = priceDelivery(terms, rubSum, choice);
    const deliveryShown = shown(delivery.rubles, rate);
    const minShown = terms.minOrderSum === null ? null : shown(terms.minOrderSum, rate);
    const below = terms.minOrderSum !== null && rubSum.lt(terms.minOrderSum);
    const over = overCap(rubSum.plus(delivery.rubles));
    // Gift thresholds are roubles: the rouble sum, never the shown one times the rate.
    const gifts = await offers.basketGift(buyer.partnerId, rubSum);
    const answer: BasketAnswer = {
      ITEMS: items.map((i) => ({
        PRODUCT_ID: i.item.ID,
        UP_CODE_1C: i.item.UP_CODE_1C,
        NAME: i.item.NAME,
        PRICE: i.item.PRICE,
        QUANTITY: i.quantity,
        SUM: money(new Decimal(i.item.PRICE).mul(i.quantity)),
        MULTIPLICITY: i.item.MULTIPLICITY,
        PREVIEW_PICTURE_PATH: i.item.PREVIEW_PICTURE_PATH,
        OLD_PRICE: i.item.OLD_PRICE,
        OFFER: i.item.OFFER,
      })),
      CNT: items.length,
      SUM: money(sum),
      CURRENCY: currency,
      DELIVERY_PRICE: money(deliveryShown),
      FREE_DELIVERY_FROM: delivery.freeFrom === null ? null : money(shown(delivery.freeFrom, rate)),
      DELIVERY_ZONES: basketZones(delivery, rate),
      DELIVERY_ZONE: delivery.zone ? { ID: delivery.zone.id, NAME: delivery.zone.name } : null,
      DELIVERY_OUTSIDE_ZONES: yn(terms.outsideZones),
      DELIVERY_BY_AGREEMENT: yn(delivery.byAgreement),
      MIN_ORDER_SUM: minShown === null ? null : money(minShown),
      CAN_ORDER: items.length && !below && !over ? 'Y' : 'N',
      ...gifts,
      // What is left to buy for the next gift is read with the basket's sums: converted once from roubles.
      GIFT_NEXT: gifts.GIFT_NEXT && { ...gifts.GIFT_NEXT, LEFT: money(shown(gifts.GIFT_NEXT.LEFT, rate)) },
      ...(items.length === 0
        ? { MESSAGE: STOREFRONT_MSG.basketEmpty }
        : below
          ? { MESSAGE: STOREFRONT_MSG.minOrderSum(moneyText(money(minShown!), currency)) }
          : over
            ? { MESSAGE: STOREFRONT_MSG.orderTotalMax(LIMITS.moneyMax) }
            : {}),
    };
    return { answer, items, terms, sum, rubSum, delivery, currency, rate };
  }

  return {
    priced,
    view: async (buyer: Buyer, choice: DeliveryChoice = {}) => (await priced(buyer, choice)).answer,
    /** The basket's lines as stored, read in `trx` (checkout compares them with what it priced). */
    lines: (trx: Db, buyer: Buyer) => rawLines(trx, buyer),

    /** Sets (or with add=Y adds to) a product's quantity; it must be a multiple of the product's step; 0 removes. */
    async set(buyer: Buyer, body: z.output<typeof basketBody>) {
      const scope = await catalog.scopeOf(buyer.partnerId);
      const [row] = await repo.byIds(scope, [body.product_id]);
      if (!row) return failed({ product_id: STOREFRONT_MSG.productUnavailable });
      const [p] = await catalog.priced(buyer, scope, [row]);
      const step = p.item.MULTIPLICITY;
      const refused = await db.transaction().execute(async (trx): Promise<Record<string, string> | undefined> => {
        // One change of a buyer's basket at a time: the line limit holds however many arrive at once.
        await sql`select pg_advisory_xact_lock(${buyer.partnerId}::int, hashtext(${`basket:${buyer.clientId}`}))`.execute(trx);
        const lines = await rawLines(trx, buyer);
        const had = lines.find((l) => Number(l.product_id) === body.product_id)?.quantity ?? 0;
        const quantity = body.add === 'Y' ? had + body.quantity : body.quantity;
        // Read under the basket's lock, so the cap holds however many adds arrive at once; the table's CHECK is the last guard.
        if (quantity > LIMITS.basketQuantityMax) return { quantity: STOREFRONT_MSG.quantityMax(LIMITS.basketQuantityMax) };
        if (quantity % step !== 0) return { quantity: STOREFRONT_MSG.multiplicity(step) };
        const where = (q: ReturnType<typeof trx.deleteFrom<'shop_baskets'>>) =>
          q.where('partner_id', '=', buyer.partnerId).where('client_id', '=', buyer.clientId).where('product_id', '=', body.product_id);
        if (quantity === 0) {
          await where(trx.deleteFrom('shop_baskets')).execute();
          return undefined;
        }
        if (!had && lines.length >= LIMITS.basketLinesMax) return { product_id: STOREFRONT_MSG.basketLinesMax(LIMITS.basketLinesMax) };
        await trx
          .insertInto('shop_baskets')
          .values({ partner_id: buyer.partnerId, client_id: buyer.clientId, product_id: body.product_id, quantity })
          .onConflict((oc) => oc.columns(['partner_id', 'client_id', 'product_id']).doUpdateSet({ quantity }))
          .execute();
        return undefined;
      });
      if (refused) return failed(refused);
      return ok({ BASKET: (await priced(buyer, { delivery_zone_id: body.delivery_zone_id, outside_zone: body.outside_zone })).answer });
    },

    /**
     * Adds products (an earlier order's) at quantities rounded up to their steps; products not sold are skipped.
     * All or nothing: when a line would pass the quantity cap, nothing is added and the answer says why.
     */
    async addMany(
      buyer: Buyer,
      wanted: { productId: number; quantity: number }[],
    ): Promise<{ answer: BasketAnswer } | { refused: Record<string, string> }> {
      const scope = await catalog.scopeOf(buyer.partnerId);
      const rows = await repo.byIds(
        scope,
        wanted.map((w) => w.productId),
      );
      const steps = new Map((await catalog.priced(buyer, scope, rows)).map((p) => [p.item.ID, p.item.MULTIPLICITY]));
      const refused = await db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${buyer.partnerId}::int, hashtext(${`basket:${buyer.clientId}`}))`.execute(trx);
        const lines = await rawLines(trx, buyer);
        let room = LIMITS.basketLinesMax - lines.length;
        const writes: { productId: number; quantity: number }[] = [];
        for (const w of wanted) {
          const step = steps.get(w.productId);
          if (!step) continue;
          const had = lines.find((l) => Number(l.product_id) === w.productId)?.quantity ?? 0;
          if (!had && room-- <= 0) continue;
          const quantity = had + Math.ceil(w.quantity / step) * step;
          if (quantity > LIMITS.basketQuantityMax) return { basket: STOREFRONT_MSG.quantityMax(LIMITS.basketQuantityMax) };
          writes.push({ productId: w.productId, quantity });
        }
        for (const { productId, quantity } of writes) {
          await trx
            .insertInto('shop_baskets')
            .values({ partner_id: buyer.partnerId, client_id: buyer.clientId, product_id: productId, quantity })
            .onConflict((oc) => oc.columns(['partner_id', 'client_id', 'product_id']).doUpdateSet({ quantity }))
            .execute();
        }
        return undefined;
      });
      return refused ? { refused } : { answer: (await priced(buyer)).answer };
    },

    quantityOf: async (buyer: Buyer, productId: number) =>
      (
        await db
          .selectFrom('shop_baskets')
          .select('quantity')
          .where('partner_id', '=', buyer.partnerId)
          .where('client_id', '=', buyer.clientId)
          .where('product_id', '=', productId)
          .executeTakeFirst()
      )?.quantity ?? 0,

    clear: (trx: Db, buyer: Buyer) =>
      trx.deleteFrom('shop_baskets').where('partner_id', '=', buyer.partnerId).where('client_id', '=', buyer.clientId).execute(),
  };
}

export type ShopBasketService = ReturnType<typeof shopBasketService>;
