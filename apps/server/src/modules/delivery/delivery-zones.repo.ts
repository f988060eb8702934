import type { Insertable, Updateable } from 'kysely';
import type { Db } from '@/db/database';
import type { DeliveryZonesTable } from '@/db/schema';

type ZoneValues = Omit<Insertable<DeliveryZonesTable>, 'partner_id' | 'id'>;

/** Delivery zones of one partner, scoped by partner_id. */
export function deliveryZonesRepo(db: Db) {
  const scoped = (partnerId: number) => db.selectFrom('delivery_zones').selectAll().where('partner_id', '=', partnerId);
  return {
    list: (partnerId: number) => scoped(partnerId).orderBy('sort').orderBy('id').execute(),
    find: (partnerId: number, id: number) => scoped(partnerId).where('id', '=', id).executeTakeFirst(),
    insert: (partnerId: number, values: ZoneValues) =>
      db
        .insertInto('delivery_zones')
        .values({ ...values, partner_id: partnerId })
        .returning('id')
        .executeTakeFirstOrThrow(),
    update: (partnerId: number, id: number, values: Updateable<DeliveryZonesTable>) =>
      db.updateTable('delivery_zones').set(values).where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),
    delete: (partnerId: number, id: number) =>
      db.deleteFrom('delivery_zones').where('partner_id', '=', partnerId).where('id', '=', id).executeTakeFirst(),
  };
}
