import type { Insertable, Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { TradepointsTable } from '@/db/schema';

export type TradepointValues = Omit<Insertable<TradepointsTable>, 'partner_id' | 'id' | 'created_at'>;
export type TradepointRow = NonNullable<Awaited<ReturnType<ReturnType<typeof tradepointsRepo>['find']>>>;

/** Tradepoints of one partner; every query is scoped by partner_id. */
export function tradepointsRepo(db: Db) {
  const scoped = (partnerId: number) => db.selectFrom('tradepoints').selectAll().where('partner_id', '=', partnerId);
  return {
    list: (partnerId: number) => scoped(partnerId).orderBy('is_base', 'desc').orderBy('id').execute(),

    find: (partnerId: number, id: number) => scoped(partnerId).where('id', '=', id).executeTakeFirst(),

    async count(partnerId: number): Promise<number> {
      const row = await db
        .selectFrom('tradepoints')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('partner_id', '=', partnerId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    insert: (partnerId: number, values: TradepointValues) =>
      db
        .insertInto('tradepoints')
        .values({ ...values, partner_id: partnerId })
        .returning('id')
        .executeTakeFirstOrThrow(),

    update: (partnerId: number, id: number, values: Updateable<TradepointsTable>) =>
      db.updateTable('tradepoints').set(values).where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),

    /** Locks the partner's tradepoints while the base one changes. */
    lockAll: (partnerId: number) => db.selectFrom('tradepoints').select('id').where('partner_id', '=', partnerId).forUpdate().execute(),

    /** Takes the base flag off every other tradepoint of the partner (one base per partner). */
    clearBase: (partnerId: number, exceptId: number) =>
      db
        .updateTable('tradepoints')
        .set({ is_base: false })
        .where('partner_id', '=', partnerId)
        .where('id', '<>', exceptId)
        .where('is_base', '=', true)
        .execute(),

    delete: (partnerId: number, id: number) =>
      db.deleteFrom('tradepoints').where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),
  };
}
