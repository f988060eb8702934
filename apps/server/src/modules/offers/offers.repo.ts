import { sql, type Expression, type ExpressionBuilder, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db } from '@/db/database';
import { liveOfferSql, runningOfferSql } from '@/db/offer-sql';
import type { DB, OffersTable } from '@/db/schema';
import { moscowDayRange } from '@/http/moscow-days';

/*
 * The offers module's tables: offers, offer_presents (gifts), offer_products (the promo assortment), offer_types
 * (reference data). Borrowed read-only: catalog_products (reference data), partners (names in the manager's list).
 */

export type OfferRow = Awaited<ReturnType<ReturnType<typeof offersRepo>['find']>> & {};
/** What the form sets (partial on an edit; a new offer has at least its name, type and start). */
export type OfferValues = Omit<Updateable<OffersTable>, 'partner_id' | 'id' | 'created_at' | 'used_count'>;

export interface ListFilter {
  partnerId: number | undefined;
  active: 'Y' | 'N' | 'ALL';
  dateStart?: string;
  dateEnd?: string;
}

const SORT_COLUMN = { DATE_CREATE: 'created_at', DATE_START: 'date_start', DATE_END: 'date_end', NAME: 'name', SORT: 'sort' } as const;

const OFFER_COLUMNS = [
  'o.partner_id',
  'o.id',
  'o.type',
  'o.name',
  'o.description',
  'o.active',
  'o.date_start',
  'o.date_end',
  'o.limit_count',
  'o.used_count',
  'o.not_in_basket',
  'o.sort',
  'o.xls_file_id',
  'o.banner_main_file_id',
  'o.banner_slider_file_id',
  'o.banner_catalog_file_id',
  'o.created_at',
] as const;

/** A gift as the offer's row carries it. */
export interface PresentRow {
  product_id: number;
  sum: string;
  product_type: string;
  name: string;
  up_code_1c: string;
}

/**
 * What a list shows of each offer beyond its own columns, read with the offer's row instead of in statements of their
 * own: its gifts (lowest sum first, with their products' codes and names; the sums as text, never a float) and the
 * size of its promo assortment.
 */
const OFFER_EXTRAS = [
  sql<PresentRow[]>`coalesce((
    select json_agg(json_build_object('product_id', g.product_id, 'sum', g.sum::text, 'product_type', g.product_type,
      'name', p.name, 'up_code_1c', p.up_code_1c) order by g.sum, g.sort, g.product_id)
    from offer_presents g join catalog_products p on p.id = g.product_id
    where g.partner_id = o.partner_id and g.offer_id = o.id), '[]'::json)`.as('presents'),
  sql<number>`(select count(*)::int from offer_products op where op.partner_id = o.partner_id and op.offer_id = o.id)`.as('products_cnt'),
] as const;

/**
 * From this offset a page finds its offers' keys first and reads their gifts and assortment for its own rows only:
 * a row's extras are computed for every row an OFFSET skips (2,000 offers: 12 ms for an empty page past the end).
 */
const DEFERRED_EXTRAS_FROM = 360;

export function offersRepo(db: Db) {
  /** The partner's offers (every partner's without one). */
  const ofPartner = (partnerId: number | undefined) => {
    const q = db.selectFrom('offers as o');
    return partnerId === undefined ? q : q.where('o.partner_id', '=', partnerId);
  };

  /** What the filter asks of an offer besides its partner. */
  const matches = (eb: ExpressionBuilder<DB & { o: OffersTable }, 'o'>, f: ListFilter): Expression<SqlBool>[] => {
    const all: Expression<SqlBool>[] = [];
    if (f.active === 'Y') all.push(liveOfferSql as Expression<SqlBool>);
    if (f.active === 'N') all.push(eb.not(liveOfferSql as Expression<SqlBool>));
    const { from, to } = moscowDayRange(f.dateStart, f.dateEnd);
    if (to) all.push(eb('o.date_start', '<', to));
    if (from) all.push(eb.or([eb('o.date_end', 'is', null), eb('o.date_end', '>', from)]));
    return all;
  };

  const filtered = (f: ListFilter) => ofPartner(f.partnerId).where((eb) => eb.and(matches(eb, f)));

  return {
    types: () => db.selectFrom('offer_types').select(['code', 'name', 'sort']).orderBy('sort').orderBy('code').execute(),

    /**
     * A page and its counts (the filter's and the partner's) in one statement: the counts are one row joined to each
     * of the page's. A page past the end has no row to carry them, and asks them alone.
     */
    async page(f: ListFilter, sort: keyof typeof SORT_COLUMN, order: 'ASC' | 'DESC', limit: number, offset: number) {
      const dir = order === 'ASC' ? 'asc' : 'desc';
      const counts = ofPartner(f.partnerId).select((eb) => {
        const match = matches(eb, f);
        return [
          (match.length ? eb.fn.countAll<number>().filterWhere(eb.and(match)) : eb.fn.countAll<number>()).as('n'),
          eb.fn.countAll<number>().as('all'),
        ];
      });
      // Only the end date may be empty (last either way); the others keep to their indexes in both directions.
      const key = sql`${sql.ref(`o.${SORT_COLUMN[sort]}`)} ${sql.raw(dir)}${sql.raw(sort === 'DATE_END' ? ' nulls last' : '')}`;
      const shown = [...OFFER_COLUMNS, ...OFFER_EXTRAS, 'pa.name as partner_name', 'cnt.n as cnt_n', 'cnt.all as cnt_all'] as const;
      // Materialized: counted once, where a join re-counted them for each row of a nested loop.
      const withCounts = db.with(
        (cte) => cte('cnt').materialized(),
        () => counts,
      );
      const ofFilter = (q: typeof withCounts) => {
        const from = q.selectFrom('offers as o');
        return (f.partnerId === undefined ? from : from.where('o.partner_id', '=', f.partnerId)).where((eb) => eb.and(matches(eb, f)));
      };
      const rows =
        offset < DEFERRED_EXTRAS_FROM
          ? await ofFilter(withCounts)
              .innerJoin('cnt', (j) => j.onTrue())
              .leftJoin('partners as pa', 'pa.id', 'o.partner_id')
              .select(shown)
              .orderBy(key)
              .orderBy('o.id', dir)
              .limit(limit)
              .offset(offset)
              .execute()
          : await withCounts
              .selectFrom(filtered(f).select(['o.partner_id', 'o.id']).orderBy(key).orderBy('o.id', dir).limit(limit).offset(offset).as('pg'))
              .innerJoin('offers as o', (j) => j.onRef('o.partner_id', '=', 'pg.partner_id').onRef('o.id', '=', 'pg.id'))
              .innerJoin('cnt', (j) => j.onTrue())
              .leftJoin('partners as pa', 'pa.id', 'o.partner_id')
              .select(shown)
              .orderBy(key)
              .orderBy('o.id', dir)
              .execute();
      const first = rows[0];
      const { n, all } = first ? { n: first.cnt_n, all: first.cnt_all } : await counts.executeTakeFirstOrThrow();
      return { rows, count: Number(n), all: Number(all) };
    },

    find: (partnerId: number, id: number) =>
      db
        .selectFrom('offers as o')
        .select([...OFFER_COLUMNS, ...OFFER_EXTRAS])
        .where('o.partner_id', '=', partnerId)
        .where('o.id', '=', id)
        .executeTakeFirst(),

    /** Active catalogue products by id or by 6-digit code. */
    products: (ids: number[], codes: string[]) =>
      ids.length || codes.length
        ? db
            .selectFrom('catalog_products')
            .select(['id', 'up_code_1c', 'name'])
            .where('active', '=', true)
            .where((eb) => eb.or([eb('id', 'in', ids.length ? ids : [0]), eb('up_code_1c', 'in', codes.length ? codes : [''])]))
            .execute()
        : Promise.resolve([]),

    insert: (trx: Db, partnerId: number, values: Omit<Insertable<OffersTable>, 'partner_id'>) =>
      trx
        .insertInto('offers')
        .values({ ...values, partner_id: partnerId })
        .returning('id')
        .executeTakeFirstOrThrow(),

    update: (trx: Db, partnerId: number, id: number, values: OfferValues) =>
      trx.updateTable('offers').set(values).where('partner_id', '=', partnerId).where('id', '=', id).execute(),

    async replacePresents(trx: Db, partnerId: number, offerId: number, presents: { productId: number; sum: string; productType: string }[]) {
      await trx.deleteFrom('offer_presents').where('partner_id', '=', partnerId).where('offer_id', '=', offerId).execute();
      if (!presents.length) return;
      await trx
        .insertInto('offer_presents')
        .values(
          presents.map((p, i) => ({
            partner_id: partnerId,
            offer_id: offerId,
            product_id: p.productId,
            sum: p.sum,
            product_type: p.productType,
            sort: (i + 1) * 10,
          })),
        )
        .execute();
    },

    async replaceProducts(trx: Db, partnerId: number, offerId: number, products: { productId: number; price: string }[]) {
      await trx.deleteFrom('offer_products').where('partner_id', '=', partnerId).where('offer_id', '=', offerId).execute();
      for (let i = 0; i < products.length; i += 1000) {
        await trx
          .insertInto('offer_products')
          .values(
            products.slice(i, i + 1000).map((p) => ({ partner_id: partnerId, offer_id: offerId, product_id: p.productId, site_price: p.price })),
          )
          .execute();
      }
    },

    /** The running offers of a partner (the shop's banners and Акции page). */
    running: (partnerId: number) =>
      db
        .selectFrom('offers as o')
        .select([...OFFER_COLUMNS, ...OFFER_EXTRAS])
        .where('o.partner_id', '=', partnerId)
        .where(runningOfferSql)
        .orderBy('o.sort')
        .orderBy('o.id')
        .execute(),

    /** The gifts of the partner's running offers, lowest sum first. */
    runningGifts: (partnerId: number) =>
      db
        .selectFrom('offer_presents as g')
        .innerJoin('offers as o', (j) => j.onRef('o.partner_id', '=', 'g.partner_id').onRef('o.id', '=', 'g.offer_id'))
        .innerJoin('catalog_products as p', 'p.id', 'g.product_id')
        .leftJoin('shops as s', 's.partner_id', 'g.partner_id')
        .select(['o.id as offer_id', 'o.name as offer_name', 'g.product_id', 'g.sum', 'p.name', 'p.up_code_1c'])
        // A gift's cost on the shop's VAT basis, as the price engine's `purchase` (net in a WO_VAT shop, 4 decimals, half
        // up): the order's margin is net − net, the gift's cost included (money rule 5, issue 38.7).
        .select(
          sql<string>`case when s.tax_type = 'WO_VAT' then round(p.purchase_price * 100 / (100 + p.vat_rate), 4) else p.purchase_price end`.as(
            'purchase',
          ),
        )
        .where('g.partner_id', '=', partnerId)
        .where(runningOfferSql)
        .orderBy('g.sum')
        .orderBy('o.id')
        .execute(),

    /**
     * Locks the offers an order would use (its promo offers, and every running offer with gifts) and answers those
     * still running once the lock is held: concurrent checkouts queue on these rows, so a limit is never exceeded.
     */
    lockRunning: (trx: Db, partnerId: number, promoOfferIds: number[]) =>
      trx
        .selectFrom('offers as o')
        .select(['o.id', 'o.name'])
        .where('o.partner_id', '=', partnerId)
        .where((eb) =>
          eb.or([
            eb('o.id', 'in', promoOfferIds.length ? promoOfferIds : [0]),
            eb.exists(
              eb
                .selectFrom('offer_presents as g')
                .select(sql`1`.as('one'))
                .whereRef('g.partner_id', '=', 'o.partner_id')
                .whereRef('g.offer_id', '=', 'o.id'),
            ),
          ]),
        )
        .where(runningOfferSql)
        .orderBy('o.id')
        .forUpdate()
        .execute(),

    use: (trx: Db, partnerId: number, offerIds: number[]) =>
      offerIds.length
        ? trx
            .updateTable('offers')
            .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
            .where('partner_id', '=', partnerId)
            .where('id', 'in', offerIds)
            .execute()
        : Promise.resolve([]),

    /** The order no longer counts against these offers' limits (routed to another partner): one use less each, not below 0. */
    release: (trx: Db, partnerId: number, offerIds: number[]) =>
      offerIds.length
        ? trx
            .updateTable('offers')
            .set({ used_count: sql<number>`greatest(used_count - 1, 0)` })
            .where('partner_id', '=', partnerId)
            .where('id', 'in', offerIds)
            .execute()
        : Promise.resolve([]),
  };
}
