import { sql } from 'kysely';
import type { Db } from '@/db/database';

/**
 * The offers of a large supplier's history (issue 11's offers list): a few a week over its 560 days — gifts with
 * two thresholds, discounts on 50 products, banners; most ended, some switched off, some with a used-up limit, a few
 * running. Generated inside the database and deterministic (every choice is the ordinal's arithmetic). Adds only what
 * is missing up to `target`, so a data set built before offers existed is topped up.
 */
export async function growOffers(db: Db, partnerId: number, target: number): Promise<number> {
  const have = Number(
    (
      await db
        .selectFrom('offers')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const add = target - have;
  if (add <= 0) return 0;
  const { rows } = await sql<{ id: number; type: string }>`
    insert into offers (partner_id, type, name, description, active, date_start, date_end, limit_count, used_count, not_in_basket, sort, created_at)
    select ${partnerId}, t.type, t.label || ' №' || (${have} + g), 'Условия акции №' || (${have} + g) || ': подробности у менеджера.',
      g % 9 <> 0,
      now() - (((g * 7919) % 560) || ' days')::interval,
      now() - (((g * 7919) % 560) || ' days')::interval + ((7 + g % 60) || ' days')::interval,
      case when g % 4 = 0 then 100 + g % 900 end,
      case when g % 4 = 0 then least(100 + g % 900, (g * 37) % 1200) else (g * 37) % 1200 end,
      g % 7 = 0, 100 * (1 + g % 5),
      now() - ((((g * 7919) % 560) + 3) || ' days')::interval
    from generate_series(1, ${add}) g
    cross join lateral (select (array['GIFT', 'DISCOUNT', 'BANNER'])[1 + g % 3] as type,
      (array['Подарок к заказу', 'Скидка на ассортимент', 'Сезонный баннер'])[1 + g % 3] as label) t
    returning id, type`.execute(db);
  const ids = (type: string) => rows.filter((r) => r.type === type).map((r) => Number(r.id));
  const products = sql`(select array_agg(id order by id) as a from catalog_products where active)`;
  await sql`
    insert into offer_presents (partner_id, offer_id, product_id, sum, product_type, sort)
    select ${partnerId}, o.id, c.a[1 + ((o.id * 131 + k * 17) % cardinality(c.a))], k * 10000, 'GIFT', k * 10
    from unnest(${ids('GIFT')}::bigint[]) as o(id) cross join generate_series(1, 2) k cross join ${products} c`.execute(db);
  await sql`
    insert into offer_products (partner_id, offer_id, product_id, site_price)
    select ${partnerId}, o.id, p.id, round(p.rrc * 0.85, 2)
    from unnest(${ids('DISCOUNT')}::bigint[]) as o(id)
    cross join generate_series(1, 50) k
    cross join ${products} c
    join catalog_products p on p.id = c.a[1 + ((o.id * 97 + k * 389) % cardinality(c.a))]
    on conflict do nothing`.execute(db);
  // The embedded database has no autovacuum: the lists would be planned on the tables as they were before.
  await sql`analyze offers, offer_presents, offer_products`.execute(db);
  return add;
}
