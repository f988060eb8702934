import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Which of the chosen orders' items go to the basket. */
export interface ItemSelection {
  /** Only these products (absent: all). */
  productIds?: readonly number[];
  /**
   * Items of an offer go only when their offer is listed (absent: all but those of offers marked NOT_IN_BASKET);
   * items outside offers always go.
   */
  offerIds?: readonly number[];
}

/**
 * The partner's distribution-centre basket (dc_baskets, dc_basket_items); tenant-scoped, transaction-friendly.
 * Borrowed read-only: offers (module offers), whose NOT_IN_BASKET keeps an offer's goods out of the basket.
 */
export function basketRepo(db: Db) {
  const openBasket = (partnerId: number) =>
    db.selectFrom('dc_baskets').select('id').where('partner_id', '=', partnerId).where('status', '=', 'OPEN').executeTakeFirst();

  const selectedItems = (partnerId: number, orderIds: readonly number[], sel: ItemSelection) => {
    let q = db
      .selectFrom('order_items')
      .where('partner_id', '=', partnerId)
      .where('order_id', 'in', [...orderIds]);
    if (sel.productIds) q = q.where('product_id', 'in', sel.productIds.length ? [...sel.productIds] : [0]);
    const { offerIds } = sel;
    if (offerIds) {
      q = q.where((eb) => eb.or([eb('offer_id', 'is', null), eb('offer_id', 'in', offerIds.length ? [...offerIds] : [0])]));
    } else {
      // Without a choice of offers, the goods of an offer marked NOT_IN_BASKET (the partner's own stock) stay out.
      q = q.where((eb) =>
        eb.or([
          eb('offer_id', 'is', null),
          eb.not(
            eb.exists(
              eb
                .selectFrom('offers as o')
                .select(sql`1`.as('one'))
                .whereRef('o.partner_id', '=', 'order_items.partner_id')
                .whereRef('o.id', '=', 'order_items.offer_id')
                .where('o.not_in_basket', '=', true),
            ),
          ),
        ]),
      );
    }
    return q;
  };

  return {
    /**
     * The orders to send, row-locked: the listed ones (any status, so the caller can say why one is refused)
     * or, for "all", every VIEWED order.
     */
    lockOrders: (partnerId: number, ids: readonly number[] | 'all') => {
      let q = db.selectFrom('orders').select(['id', 'order_number', 'client_id', 'status']).where('partner_id', '=', partnerId);
      q = ids === 'all' ? q.where('status', '=', 'VIEWED') : q.where('id', 'in', [...ids]);
      return q.orderBy('id').forUpdate().execute();
    },

    /** Of the chosen orders, those with at least one selected item. */
    ordersWithSelectedItems: async (partnerId: number, orderIds: readonly number[], sel: ItemSelection) =>
      (await selectedItems(partnerId, orderIds, sel).select('order_id').distinct().execute()).map((r) => r.order_id),

    /** The partner's open basket, created when there is none (one open basket per partner: a unique index). */
    async ensureOpen(partnerId: number): Promise<number> {
      const existing = await openBasket(partnerId);
      if (existing) return existing.id;
      await db
        .insertInto('dc_baskets')
        .values({ partner_id: partnerId, status: 'OPEN' })
        .onConflict((oc) => oc.column('partner_id').where(sql.ref('status'), '=', sql.lit('OPEN')).doNothing())
        .execute();
      return (await openBasket(partnerId))!.id;
    },

    /** Moves VIEWED orders to IN_BASKET; answers the ids it moved (a concurrent send moves none twice). */
    markSent: async (partnerId: number, orderIds: readonly number[]) =>
      (
        await db
          .updateTable('orders')
          .set({ status: 'IN_BASKET', sent_at: sql`now()`, updated_at: sql`now()` })
          .where('partner_id', '=', partnerId)
          .where('id', 'in', [...orderIds])
          .where('status', '=', 'VIEWED')
          .returning('id')
          .execute()
      ).map((r) => r.id),

    /** Copies the selected items into the basket at the purchase price, one row per order and product. */
    addItems: (partnerId: number, basketId: number, orderIds: readonly number[], sel: ItemSelection) =>
      db
        .insertInto('dc_basket_items')
        .columns(['partner_id', 'basket_id', 'order_id', 'product_id', 'quantity', 'price', 'offer_id'])
        .expression(
          selectedItems(partnerId, orderIds, sel)
            .select((eb) => [
              'partner_id',
              eb.val(basketId).as('basket_id'),
              'order_id',
              'product_id',
              sql<number>`sum(quantity)::int`.as('quantity'),
              eb.fn.max('buying_price').as('price'),
              eb.fn.max('offer_id').as('offer_id'),
            ])
            .groupBy(['partner_id', 'order_id', 'product_id']),
        )
        .onConflict((oc) => oc.columns(['partner_id', 'basket_id', 'order_id', 'product_id']).doNothing())
        .execute(),

    /** The open basket's totals in one query: its distinct products and Σ quantity × price, exact (numeric). */
    totals: (partnerId: number) =>
      db
        .selectFrom('dc_basket_items as bi')
        .innerJoin('dc_baskets as b', (j) => j.onRef('b.partner_id', '=', 'bi.partner_id').onRef('b.id', '=', 'bi.basket_id'))
        .select([sql<number>`count(distinct bi.product_id)::int`.as('products'), sql<string>`coalesce(sum(bi.quantity * bi.price), 0)`.as('sum')])
        .where('bi.partner_id', '=', partnerId)
        .where('b.status', '=', 'OPEN')
        .executeTakeFirstOrThrow(),
  };
}
