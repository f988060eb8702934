import type { Db } from '@/db/database';

export function partnersRepo(db: Db) {
  return {
    findById: (id: number) => db.selectFrom('partners').selectAll().where('id', '=', id).executeTakeFirst(),
    count: async () => {
      const row = await db
        .selectFrom('partners')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
