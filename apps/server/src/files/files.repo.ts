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
  };
}
