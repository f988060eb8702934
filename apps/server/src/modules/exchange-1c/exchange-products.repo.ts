import { sql } from 'kysely';
import type { Db } from '@/db/database';

/*
 * 1C's product Ид → the platform's catalogue product (exchange_1c_products), learnt from import.xml, and the match of
 * 1C's products to the catalogue. Borrowed read-only: catalog_products (the catalogue's 6-digit code up_code_1c and
 * whether the product is active; the catalogue has no article or barcode of its own).
 */

/** What a product of 1C is matched by. */
interface MatchKeys {
  /** 1C's Ид («product#characteristic» for a characteristic: the product's part is tried too). */
  id: string;
  code?: string | null;
  article?: string | null;
}

interface MatchedProduct {
  productId: number;
  /** The catalogue's 6-digit code. */
  code: string;
  /** Found by the learnt Ид (else by the code or the article). */
  byId: boolean;
}

/** The 6-digit catalogue code a 1C value may be: exactly six digits once trimmed (1C's own longer codes never match). */
const catalogueCode = (value: string | null | undefined): string | null => {
  const v = value?.trim() ?? '';
  return /^\d{6}$/.test(v) ? v : null;
};

const baseId = (id: string) => id.split('#')[0];

export function exchangeProductsRepo(db: Db) {
  return {
    /**
     * The active catalogue products of 1C's records, in one statement: by the learnt Ид (the record's, else its
     * product part's) unless `preferCodes`, by Код, by Артикул, by an Ид that is itself a 6-digit code.
     */
    async match(partnerId: number, items: MatchKeys[], opts: { preferCodes?: boolean } = {}): Promise<(MatchedProduct | undefined)[]> {
      if (!items.length) return [];
      const { rows } = await sql<{ i: string; product_id: string | number | null; code: string | null; by_id: boolean }>`
        select t.i, coalesce(${opts.preferCodes ? sql`pc.id, pa.id, pi.id, pe.id, pb.id` : sql`pe.id, pb.id, pc.id, pa.id, pi.id`}) as product_id,
          coalesce(${opts.preferCodes ? sql`pc.up_code_1c, pa.up_code_1c, pi.up_code_1c, pe.up_code_1c, pb.up_code_1c` : sql`pe.up_code_1c, pb.up_code_1c, pc.up_code_1c, pa.up_code_1c, pi.up_code_1c`}) as code,
          ${opts.preferCodes ? sql`(pc.id is null and pa.id is null and pi.id is null and (pe.id is not null or pb.id is not null))` : sql`(pe.id is not null or pb.id is not null)`} as by_id
        from unnest(${items.map((x) => x.id)}::text[], ${items.map((x) => baseId(x.id))}::text[], ${items.map((x) => catalogueCode(x.code))}::text[],
          ${items.map((x) => catalogueCode(x.article))}::text[], ${items.map((x) => catalogueCode(x.id))}::text[]) with ordinality as t(ext_id, base_id, code, article, id_code, i)
        left join exchange_1c_products e on e.partner_id = ${partnerId} and e.ext_id = t.ext_id
        left join catalog_products pe on pe.id = e.product_id and pe.active
        left join exchange_1c_products eb on eb.partner_id = ${partnerId} and eb.ext_id = t.base_id and t.base_id <> t.ext_id
        left join catalog_products pb on pb.id = eb.product_id and pb.active
        left join catalog_products pc on pc.up_code_1c = t.code::bpchar and pc.active
        left join catalog_products pa on pa.up_code_1c = t.article::bpchar and pa.active
        left join catalog_products pi on pi.up_code_1c = t.id_code::bpchar and pi.active`.execute(db);
      const found: (MatchedProduct | undefined)[] = items.map(() => undefined);
      for (const r of rows)
        if (r.product_id !== null) found[Number(r.i) - 1] = { productId: Number(r.product_id), code: r.code!.trim(), byId: r.by_id };
      return found;
    },

    /** Learns (or corrects) 1C's Ид of the products, in one statement. */
    async remember(partnerId: number, pairs: { extId: string; productId: number }[]) {
      if (!pairs.length) return;
      await sql`insert into exchange_1c_products (partner_id, ext_id, product_id)
        select ${partnerId}, t.ext_id, t.product_id from unnest(${pairs.map((p) => p.extId)}::text[], ${pairs.map((p) => p.productId)}::bigint[])
          as t(ext_id, product_id)
        on conflict (partner_id, ext_id) do update set product_id = excluded.product_id, updated_at = now()
          where exchange_1c_products.product_id <> excluded.product_id`.execute(db);
    },

    /** The learnt products of the Ид (a test's and the sale writer's view). */
    async productsOf(partnerId: number, extIds: string[]): Promise<Map<string, number>> {
      if (!extIds.length) return new Map();
      const rows = await db
        .selectFrom('exchange_1c_products')
        .select(['ext_id', 'product_id'])
        .where('partner_id', '=', partnerId)
        .where('ext_id', 'in', extIds)
        .execute();
      return new Map(rows.map((r) => [r.ext_id, Number(r.product_id)]));
    },
  };
}
