import type { RawBuilder } from 'kysely';
import type { Db } from '@/db/database';

/** The staff one may make responsible: the partner's owner and employees, active, not deleted, by surname and name. */
export const managerChoicesOf = (db: Db, partnerId: number | RawBuilder<number>) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'surname'])
    .where('partner_id', '=', partnerId)
    .where('kind', '=', 'PARTNER')
    .where('deleted_at', 'is', null)
    .where('active', '=', true)
    .orderBy('surname')
    .orderBy('name')
    .orderBy('id');

/**
 * Reads of the partner's staff for an order's responsible employee (action=manager). The users table is the auth
 * module's; these read it only, always within one partner: the owner and the employees (kind PARTNER), not deleted.
 */
export function orderManagerRepo(db: Db) {
  const staff = (partnerId: number) =>
    db.selectFrom('users').where('partner_id', '=', partnerId).where('kind', '=', 'PARTNER').where('deleted_at', 'is', null);

  return {
    /** One of the partner's staff (active or not); undefined for another partner's user, a client, a deleted one. */
    find: (partnerId: number, id: number) => staff(partnerId).select(['id', 'name', 'surname', 'active']).where('id', '=', id).executeTakeFirst(),
  };
}
