import type { Db } from '@/db/database';
import type { FilesTable } from '@/db/schema';
import type { Insertable } from 'kysely';

export function filesRepo(db: Db) {
  return {
    insert: (row: Insertable<FilesTable>) => db.insertInto('files').values(row).returningAll().executeTakeFirstOrThrow(),

    delete: (partnerId: number, id: string) =>
      db.deleteFrom('files').where('partner_id', '=', partnerId).where('id', '=', id).returning('storage_path').executeTakeFirst(),

    /** Several files by id (ids are unique platform-wide; the caller scopes them by partner). */
    findMany: (ids: string[]) =>
      ids.length
        ? db.selectFrom('files').select(['partner_id', 'id', 'original_name', 'size', 'purpose']).where('id', 'in', ids).execute()
        : Promise.resolve([]),

    findById: (partnerId: number, id: string) =>
      db.selectFrom('files').selectAll().where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),

    /** Of these ids, those this partner still has a row for (the orphan collector's check). */
    existingIds: async (partnerId: number, ids: string[]) =>
      ids.length
        ? (await db.selectFrom('files').select('id').where('partner_id', '=', partnerId).where('id', 'in', ids).execute()).map((r) => r.id)
        : [],

    /**
     * Files of every partner that expired by `now`, oldest first (the hourly purge, platform-wide, on the partial index
     * files_expiry_idx).
     */
    expired: (now: Date, limit: number) =>
      db
        .selectFrom('files')
        .select(['partner_id', 'id', 'storage_path'])
        .where('expires_at', 'is not', null)
        .where('expires_at', '<=', now)
        .orderBy('expires_at')
        .limit(limit)
        .execute(),

    /** Deletes these expired files' rows; answers how many it deleted (another process may have taken some). */
    deleteExpired: async (ids: string[], now: Date) =>
      ids.length ? Number((await db.deleteFrom('files').where('id', 'in', ids).where('expires_at', '<=', now).executeTakeFirst()).numDeletedRows) : 0,
  };
}
