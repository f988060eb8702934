import type { Db } from '@/db/database';

export function clientsRepo(db: Db) {
  return {
    /** Count and first registration date, for one partner or (manager) the whole platform. */
    stats: (partnerId?: number) => {
      let q = db
        .selectFrom('clients')
        .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('registered_at').as('min_date')]);
      if (partnerId !== undefined) q = q.where('partner_id', '=', partnerId);
      return q.executeTakeFirstOrThrow();
    },

    findById: (partnerId: number, id: number) =>
      db
        .selectFrom('clients')
        .selectAll()
        .where('partner_id', '=', partnerId)
        .where('id', '=', id)
        .executeTakeFirst(),
  };
}
