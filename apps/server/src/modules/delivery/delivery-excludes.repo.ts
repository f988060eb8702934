import { sql } from 'kysely';
import type { Db } from '@/db/database';

/** Codes per query, rows per insert: on PGlite (in this thread) a statement of 3000 rows held the event loop 200 ms, one of 1000 30 ms. */
const CHUNK = 1000;

/** Products excluded from delivery, uploaded as a file: one active upload per partner. */
export function deliveryExcludesRepo(db: Db) {
  return {
    active: (partnerId: number) =>
      db
        .selectFrom('delivery_excludes')
        .leftJoin('files', (j) =>
          j.onRef('files.partner_id', '=', 'delivery_excludes.partner_id').onRef('files.id', '=', 'delivery_excludes.file_id'),
        )
        .select([
          'delivery_excludes.id',
          'delivery_excludes.count_items',
          'delivery_excludes.count_in_file',
          'delivery_excludes.created_at',
          'files.id as file_id',
          'files.original_name',
          'files.size',
        ])
        .where('delivery_excludes.partner_id', '=', partnerId)
        .where('delivery_excludes.active', '=', true)
        .orderBy('delivery_excludes.id', 'desc')
        .executeTakeFirst(),

    /**
     * Holds the partner's uploads until the transaction ends, so that concurrent uploads switch the active one off
     * in turn (the partial unique index delivery_excludes_one_active_uq would refuse a second active one).
     */
    lockPartner: (partnerId: number) => sql`select pg_advisory_xact_lock(hashtext('delivery_excludes'), ${partnerId}::int)`.execute(db),

    deactivate: (partnerId: number) =>
      db.updateTable('delivery_excludes').set({ active: false }).where('partner_id', '=', partnerId).where('active', '=', true).execute(),

    insert: (partnerId: number, values: { file_id: string; count_items: number; count_in_file: number }) =>
      db
        .insertInto('delivery_excludes')
        .values({ ...values, partner_id: partnerId, active: true })
        .returning('id')
        .executeTakeFirstOrThrow(),

    async insertProducts(partnerId: number, excludeId: number, productIds: number[]): Promise<void> {
      for (let i = 0; i < productIds.length; i += CHUNK) {
        const rows = productIds.slice(i, i + CHUNK).map((product_id) => ({ partner_id: partnerId, exclude_id: excludeId, product_id }));
        await db.insertInto('delivery_exclude_products').values(rows).execute();
      }
    },

    /** The catalogue's products with these 6-digit codes (the shared reference catalogue). */
    async productIdsByCode(codes: string[]): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < codes.length; i += CHUNK) {
        const rows = await db
          .selectFrom('catalog_products')
          .select('id')
          .where('up_code_1c', 'in', codes.slice(i, i + CHUNK))
          .execute();
        ids.push(...rows.map((r) => r.id));
      }
      return ids;
    },
  };
}
