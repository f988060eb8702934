import { sql } from 'kysely';
import type { Db } from '@/db/database';

export function shopRepo(db: Db) {
  return {
    /** A shop by its domain name or its shop link, case-insensitively. */
    findByDomain: (domain: string) =>
      db
        .selectFrom('shops')
        .innerJoin('partners', 'partners.id', 'shops.partner_id')
        .select([
          'shops.partner_id', 'shops.name', 'shops.shop_link', 'shops.domain_name', 'shops.color_scheme',
          'shops.currency', 'shops.registration_enabled', 'shops.allow_physical',
        ])
        .where('partners.active', '=', true)
        .where((eb) =>
          eb.or([
            eb(sql`lower(shops.domain_name)`, '=', domain.toLowerCase()),
            eb(sql`lower(shops.shop_link)`, '=', domain.toLowerCase()),
          ]),
        )
        .executeTakeFirst(),

    findByPartner: (partnerId: number) =>
      db.selectFrom('shops').selectAll().where('partner_id', '=', partnerId).executeTakeFirst(),
  };
}
