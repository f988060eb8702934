import { sql } from 'kysely';
import type { Db } from '@/db/database';
import { runningOfferSql } from '@/db/offer-sql';
import { GENERIC_PLAN, onPresetSessions } from '@/db/planner-settings';
import type { ListFacts, ListRules, ProductFacts, Rounding, TaxType, PriceUnit } from './price-rules';

/*
 * The price engine's reads: who prices a client (its column, list, group's list or the base list) and, in one query
 * for a whole page of products, every fact the rules need about them.
 * Borrowed read-only, tenant-scoped: clients, client_group_members and client_groups (module clients, groups),
 * shops (module shop), offers and offer_products (module offers: a client's running promo prices), the catalogue
 * (reference data).
 */

export interface ClientPricing {
  name: string;
  columnId: number | null;
  listId: number | null;
  groupListId: number | null;
}

export interface ShopPricing {
  /** The shop's price type (RRC by default): where the base price list starts. */
  priceType: string;
  taxType: TaxType;
  currency: string;
  currencyRate: string | null;
}

interface ListRow {
  id: number;
  name: string;
  parent_id: number | null;
  kind: 'PRICELIST' | 'COLUMN';
  is_base: boolean;
  price_type: string;
  section_rate: string | null;
  rounding: Rounding;
  unit: PriceUnit;
}

/** The base list starts where the shop's price settings say; the others where their own price type says. */
export const toListRules = (row: ListRow, shop: Pick<ShopPricing, 'priceType'>): ListRules => ({
  id: row.id,
  priceType: row.is_base ? shop.priceType : row.price_type,
  sectionRate: row.section_rate,
  rounding: row.rounding,
  unit: row.unit,
});

/** What list n of the chain (0 or 1) says of a product: its Excel price and percent, product rate, section rates. */
const listColumns = (n: number) =>
  sql.raw(
    `e${n}.site_price as e${n}_price, e${n}.percent as e${n}_pct, r${n}.percent as r${n}, coalesce(sa${n}.percent, sb${n}.percent, sc${n}.percent) as s${n}`,
  );

/** The joins of list n of the chain: its live Excel line, the product's rate, the rates of the section and its two parents. */
const listJoins = (n: number, partnerId: number, listId: number | null) => {
  const t = (alias: string) => sql.raw(`${alias}${n}`);
  const [e, r, sa, sb, sc] = [t('e'), t('r'), t('sa'), t('sb'), t('sc')];
  return sql`left join price_list_products ${e} on ${e}.partner_id = ${partnerId} and ${e}.price_list_id = ${listId} and ${e}.product_id = p.id
          and (${e}.valid_until is null or ${e}.valid_until > now())
        left join price_product_rates ${r} on ${r}.partner_id = ${partnerId} and ${r}.price_list_id = ${listId} and ${r}.product_id = p.id
        left join price_section_rates ${sa} on ${sa}.partner_id = ${partnerId} and ${sa}.price_list_id = ${listId} and ${sa}.section_id = sec1.id
        left join price_section_rates ${sb} on ${sb}.partner_id = ${partnerId} and ${sb}.price_list_id = ${listId} and ${sb}.section_id = sec2.id
        left join price_section_rates ${sc} on ${sc}.partner_id = ${partnerId} and ${sc}.price_list_id = ${listId} and ${sc}.section_id = sec2.parent_id`;
};

const LIST_COLUMNS = ['id', 'name', 'parent_id', 'kind', 'is_base', 'price_type', 'section_rate', 'rounding', 'unit'] as const;

export function priceEngineRepo(db: Db) {
  return {
    /**
     * Everything that decides which lists price a target, in one statement: the partner's live lists and columns (a
     * handful: a column's parent is among them), its shop's price settings on each of them, and, for a client, its own
     * column and list and the list of its first group (by id) that has one. `client` is undefined when the client is
     * not the partner's. `version`: the partner's pricing version (migration 0028) as of the same statement.
     */
    async pricingOf(
      partnerId: number,
      clientId: number | null,
    ): Promise<{ client?: ClientPricing; shop: ShopPricing; lists: ListRow[]; version: string }> {
      const rows = await db
        .selectFrom('price_lists as l')
        .leftJoin('shops as s', 's.partner_id', 'l.partner_id')
        // Without a client nothing joins: no client has the id 0 (ids start at 1).
        .leftJoin('clients as c', (j) => j.onRef('c.partner_id', '=', 'l.partner_id').on('c.id', '=', clientId ?? 0))
        .select(LIST_COLUMNS.map((column) => `l.${column}` as const))
        .select((eb) => [
          's.price_type as shop_price_type',
          's.tax_type as shop_tax_type',
          's.currency as shop_currency',
          's.currency_rate as shop_currency_rate',
          'c.name as client_name',
          'c.price_column_id as client_column_id',
          'c.price_list_id as client_list_id',
          eb
            .selectFrom('client_group_members as m')
            .innerJoin('client_groups as g', (j) => j.onRef('g.partner_id', '=', 'm.partner_id').onRef('g.id', '=', 'm.group_id'))
            .select('g.price_list_id')
            .whereRef('m.partner_id', '=', 'c.partner_id')
            .whereRef('m.client_id', '=', 'c.id')
            .where('g.price_list_id', 'is not', null)
            .orderBy('g.id')
            .limit(1)
            .as('client_group_list_id'),
          eb.selectFrom('pricing_versions as v').select('v.version').whereRef('v.partner_id', '=', 'l.partner_id').as('pricing_version'),
        ])
        .where('l.partner_id', '=', partnerId)
        .where('l.deleted_at', 'is', null)
        .execute();
      const first = rows[0];
      return {
        version: String(first?.pricing_version ?? 0),
        client:
          first?.client_name == null
            ? undefined
            : { name: first.client_name, columnId: first.client_column_id, listId: first.client_list_id, groupListId: first.client_group_list_id },
        shop: {
          priceType: first?.shop_price_type ?? 'RRC',
          taxType: first?.shop_tax_type ?? 'WITH_VAT',
          currency: first?.shop_currency ?? 'RUB',
          currencyRate: first?.shop_currency_rate ?? null,
        },
        lists: rows.map((r) => ({
          id: r.id,
          name: r.name,
          parent_id: r.parent_id,
          kind: r.kind,
          is_base: r.is_base,
          price_type: r.price_type,
          section_rate: r.section_rate,
          rounding: r.rounding,
          unit: r.unit,
        })),
      };
    },

    /** The partner's live lists and columns (a handful: a column's parent is among them). */
    lists: (partnerId: number): Promise<ListRow[]> =>
      db.selectFrom('price_lists').select(LIST_COLUMNS).where('partner_id', '=', partnerId).where('deleted_at', 'is', null).execute(),

    /**
     * The facts of a page of products under a chain of one or two lists, and the client's personal prices: one
     * query (with the running offers' promo prices when `promos`: a client's prices, and a list's YML feed, whose
     * buyers pay them). Sections are at most three deep, so the nearest section rate is the first of three joins. Its plan
     * (lookups by key from the page's ids) is the same for any page: it is made once per session.
     */
    async facts(
      partnerId: number,
      chain: number[],
      productIds: number[],
      clientId: number | null,
      promos = clientId !== null,
    ): Promise<ProductFacts[]> {
      if (!productIds.length) return [];
      const [l0, l1 = null] = chain;
      const rows = await onPresetSessions(db, GENERIC_PLAN, (d) =>
        sql<{
          id: number;
          purchase_price: string;
          rrc: string;
          vat_rate: number;
          e0_price: string | null;
          e0_pct: string | null;
          r0: string | null;
          s0: string | null;
          e1_price: string | null;
          e1_pct: string | null;
          r1: string | null;
          s1: string | null;
          personal: string | null;
          promo_price: string | null;
          promo_offer_id: number | null;
          promo_offer_name: string | null;
        }>`
        select p.id, p.purchase_price, p.rrc, p.vat_rate,
          ${listColumns(0)},
          ${listColumns(1)},
          cp.price as personal,
          promo.site_price as promo_price, promo.offer_id as promo_offer_id, promo.offer_name as promo_offer_name
        from catalog_products p
        join catalog_sections sec1 on sec1.id = p.section_id
        left join catalog_sections sec2 on sec2.id = sec1.parent_id
        ${listJoins(0, partnerId, l0)}
        ${listJoins(1, partnerId, l1)}
        left join client_prices cp on cp.partner_id = ${partnerId} and cp.client_id = ${clientId} and cp.product_id = p.id
          and (cp.valid_until is null or cp.valid_until > now())
        left join lateral (
          select op.site_price, o.id as offer_id, o.name as offer_name
          from offer_products op
          join offers o on o.partner_id = op.partner_id and o.id = op.offer_id
          where ${promos}::boolean and op.partner_id = ${partnerId} and op.product_id = p.id and op.site_price is not null
            and ${runningOfferSql}
          order by op.site_price, o.id
          limit 1
        ) promo on true
        where p.id = any(${productIds}::bigint[])
      `.execute(d),
      );
      const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
      return productIds.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const lists: ListFacts[] = [{ excelPrice: r.e0_price, excelPercent: r.e0_pct, productRate: r.r0, sectionRate: r.s0 }];
        if (l1 !== null) lists.push({ excelPrice: r.e1_price, excelPercent: r.e1_pct, productRate: r.r1, sectionRate: r.s1 });
        return [
          {
            productId: id,
            purchase: r.purchase_price,
            rrc: r.rrc,
            vatRate: Number(r.vat_rate),
            lists,
            personalPrice: r.personal,
            promo: r.promo_price === null ? null : { price: r.promo_price, offerId: Number(r.promo_offer_id), offerName: r.promo_offer_name ?? '' },
          },
        ];
      });
    },
  };
}
