import { sql, type Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { ShopsTable } from '@/db/schema';

export type ShopRow = NonNullable<Awaited<ReturnType<ReturnType<typeof shopRepo>['findByPartner']>>>;
export type ShopChanges = Updateable<ShopsTable>;

export function shopRepo(db: Db) {
  return {
    /** A shop by its domain name or its shop link, case-insensitively. */
    findByDomain: (domain: string) =>
      db
        .selectFrom('shops')
        .innerJoin('partners', 'partners.id', 'shops.partner_id')
        .select([
          'shops.partner_id',
          'shops.name',
          'shops.shop_link',
          'shops.domain_name',
          'shops.color_scheme',
          'shops.currency',
          'shops.registration_enabled',
          'shops.allow_physical',
        ])
        .where('partners.active', '=', true)
        .where((eb) =>
          eb.or([eb(sql`lower(shops.domain_name)`, '=', domain.toLowerCase()), eb(sql`lower(shops.shop_link)`, '=', domain.toLowerCase())]),
        )
        .executeTakeFirst(),

    findByPartner: (partnerId: number) => db.selectFrom('shops').selectAll().where('partner_id', '=', partnerId).executeTakeFirst(),

    /** Locks the shop's row for the transaction: saves that check counts (files, tradepoints) take it first. */
    lockForUpdate: (partnerId: number) =>
      db.selectFrom('shops').select(['partner_id', 'selfdelivery_only']).where('partner_id', '=', partnerId).forUpdate().executeTakeFirst(),

    update: (partnerId: number, changes: ShopChanges) =>
      db
        .updateTable('shops')
        .set({ ...changes, updated_at: new Date() })
        .where('partner_id', '=', partnerId)
        .executeTakeFirst(),

    /** Another partner's shop already uses this link or domain (either column: both resolve a shop). */
    async addressTaken(partnerId: number, value: string): Promise<boolean> {
      const row = await db
        .selectFrom('shops')
        .select('partner_id')
        .where('partner_id', '<>', partnerId)
        .where((eb) => eb.or([eb(sql`lower(shop_link)`, '=', value.toLowerCase()), eb(sql`lower(domain_name)`, '=', value.toLowerCase())]))
        .executeTakeFirst();
      return Boolean(row);
    },

    listFiles: (partnerId: number) =>
      db
        .selectFrom('shop_files')
        .innerJoin('files', (j) => j.onRef('files.partner_id', '=', 'shop_files.partner_id').onRef('files.id', '=', 'shop_files.file_id'))
        .select(['files.id', 'files.original_name', 'files.size', 'shop_files.sort'])
        .where('shop_files.partner_id', '=', partnerId)
        .orderBy('shop_files.sort')
        .orderBy('files.created_at')
        .execute(),

    addFile: (partnerId: number, fileId: string, sort: number) =>
      db.insertInto('shop_files').values({ partner_id: partnerId, file_id: fileId, sort }).execute(),

    async removeFile(partnerId: number, fileId: string): Promise<boolean> {
      const res = await db.deleteFrom('shop_files').where('partner_id', '=', partnerId).where('file_id', '=', fileId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** The partner's price types (the pricing tables): the choices of PRICE_TYPE. */
    priceTypes: (partnerId: number) =>
      db.selectFrom('price_types').select(['code', 'name']).where('partner_id', '=', partnerId).orderBy('sort').execute(),
  };
}
