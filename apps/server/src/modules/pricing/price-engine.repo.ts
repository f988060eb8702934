import { sql } from 'kysely';
import type { Db } from '@/db/database';
import type { ListFacts, ListRules, ProductFacts, Rounding, TaxType, PriceUnit } from './price-rules';

/*
 * The price engine's reads: who prices a client (its column, list, group's list or the base list) and, in one query
 * for a whole page of products, every fact the rules need about them.
 * Borrowed read-only, tenant-scoped: clients, client_group_members and client_groups (module clients, groups),
 * shops (module shop), the catalogue (reference data).
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

const LIST_COLUMNS = ['id', 'name', 'parent_id', 'kind', 'is_base', 'price_type', 'section_rate', 'rounding', 'unit'] as const;

export function priceEngineRepo(db: Db) {
  return {
    shop: async (partnerId: number): Promise<ShopPricing> => {
      const row = await db
        .selectFrom('shops')
        .select(['price_type', 'tax_type', 'currency', 'currency_rate'])
        .where('partner_id', '=', partnerId)
        .executeTakeFirst();
      return { priceType: row?.price_type ?? 'RRC', taxType: row?.tax_type ?? 'WITH_VAT', currency: row?.currency ?? 'RUB', currencyRate: row?.currency_rate ?? null };
    },

    /** The client's own column and list and the list of its first group (by id) that has one. */
    client: (partnerId: number, clientId: number): Promise<ClientPricing | undefined> =>
      db
        .selectFrom('clients as c')
        .select((eb) => [
          'c.name',
          'c.price_column_id as columnId',
          'c.price_list_id as listId',
          eb
            .selectFrom('client_group_members as m')
            .innerJoin('client_groups as g', (j) => j.onRef('g.partner_id', '=', 'm.partner_id').onRef('g.id', '=', 'm.group_id'))
            .select('g.price_list_id')
            .whereRef('m.partner_id', '=', 'c.partner_id')
            .whereRef('m.client_id', '=', 'c.id')
            .where('g.price_list_id', 'is not', null)
            .orderBy('g.id')
            .limit(1)
            .as('groupListId'),
        ])
        .where('c.partner_id', '=', partnerId)
        .where('c.id', '=', clientId)
        .executeTakeFirst(),

    /** The partner's live lists and columns (a handful: a column's parent is among them). */
    lists: (partnerId: number): Promise<ListRow[]> =>
      db.selectFrom('price_lists').select(LIST_COLUMNS).where('partner_id', '=', partnerId).where('deleted_at', 'is', null).execute(),

    /**
     * The facts of a page of products under a chain of one or two lists, and the client's personal prices: one
     * query. Sections are at most three deep, so the nearest section rate is the first of three joins.
     */
    async facts(partnerId: number, chain: number[], productIds: number[], clientId: number | null): Promise<ProductFacts[]> {
      if (!productIds.length) return [];
      const [l0, l1 = null] = chain;
      const rows = await sql<{
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
      }>`
        select p.id, p.purchase_price, p.rrc, p.vat_rate,
          e0.site_price as e0_price, e0.percent as e0_pct, r0.percent as r0,
          coalesce(sa0.percent, sb0.percent, sc0.percent) as s0,
          e1.site_price as e1_price, e1.percent as e1_pct, r1.percent as r1,
          coalesce(sa1.percent, sb1.percent, sc1.percent) as s1,
          cp.price as personal
        from catalog_products p
        join catalog_sections sec1 on sec1.id = p.section_id
        left join catalog_sections sec2 on sec2.id = sec1.parent_id
        left join price_list_products e0 on e0.partner_id = ${partnerId} and e0.price_list_id = ${l0} and e0.product_id = p.id
          and (e0.valid_until is null or e0.valid_until > now())
        left join price_product_rates r0 on r0.partner_id = ${partnerId} and r0.price_list_id = ${l0} and r0.product_id = p.id
        left join price_section_rates sa0 on sa0.partner_id = ${partnerId} and sa0.price_list_id = ${l0} and sa0.section_id = sec1.id
        left join price_section_rates sb0 on sb0.partner_id = ${partnerId} and sb0.price_list_id = ${l0} and sb0.section_id = sec2.id
        left join price_section_rates sc0 on sc0.partner_id = ${partnerId} and sc0.price_list_id = ${l0} and sc0.section_id = sec2.parent_id
        left join price_list_products e1 on e1.partner_id = ${partnerId} and e1.price_list_id = ${l1} and e1.product_id = p.id
          and (e1.valid_until is null or e1.valid_until > now())
        left join price_product_rates r1 on r1.partner_id = ${partnerId} and r1.price_list_id = ${l1} and r1.product_id = p.id
        left join price_section_rates sa1 on sa1.partner_id = ${partnerId} and sa1.price_list_id = ${l1} and sa1.section_id = sec1.id
        left join price_section_rates sb1 on sb1.partner_id = ${partnerId} and sb1.price_list_id = ${l1} and sb1.section_id = sec2.id
        left join price_section_rates sc1 on sc1.partner_id = ${partnerId} and sc1.price_list_id = ${l1} and sc1.section_id = sec2.parent_id
        left join client_prices cp on cp.partner_id = ${partnerId} and cp.client_id = ${clientId} and cp.product_id = p.id
          and (cp.valid_until is null or cp.valid_until > now())
        where p.id = any(${productIds}::bigint[])
      `.execute(db);
      const byId = new Map(rows.rows.map((r) => [Number(r.id), r]));
      return productIds.flatMap((id) => {
        const r = byId.get(id);
        if (!r) return [];
        const lists: ListFacts[] = [{ excelPrice: r.e0_price, excelPercent: r.e0_pct, productRate: r.r0, sectionRate: r.s0 }];
        if (l1 !== null) lists.push({ excelPrice: r.e1_price, excelPercent: r.e1_pct, productRate: r.r1, sectionRate: r.s1 });
        return [{ productId: id, purchase: r.purchase_price, rrc: r.rrc, vatRate: Number(r.vat_rate), lists, personalPrice: r.personal }];
      });
    },
  };
}
